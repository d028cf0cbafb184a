import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface FormProblem {
  title: string;
  message: ReactNode;
}

/** A form-level message inside the form: red for errors, the primary colour for notes. */
export function FormAlert({
  title,
  children,
  tone = 'error',
}: {
  title: string;
  children: ReactNode;
  tone?: 'error' | 'info';
}) {
  const isError = tone === 'error';
  return (
    <Alert
      role={isError ? 'alert' : 'status'}
      variant="light"
      color={isError ? 'red' : 'lumen'}
      title={title}
      icon={isError ? <IconAlertCircle size={18} /> : <IconInfoCircle size={18} />}
    >
      {children}
    </Alert>
  );
}
