import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput renders its description and error but does not point the input at
 * them (no aria-invalid, no aria-describedby), so screen readers miss "At least 8 characters"
 * and the server's complaint. This adds both.
 */
export function PasswordField({ id, description, error, ...props }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? `password-${generated.replace(/:/g, '')}`;
  const describedBy = [
    description ? `${inputId}-description` : null,
    error ? `${inputId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      size="md"
      {...props}
      id={inputId}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
}
