import { useState } from 'react';

/**
 * The last non-null value: a dialog keeps showing whom it was about while it animates closed
 * after its subject was cleared.
 */
export function useRetained<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
