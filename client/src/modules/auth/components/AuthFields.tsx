import { TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { PasswordField } from './PasswordField';

/** The email field every auth form shares (label, type, autofill hint, size). */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
      required
      size="md"
      {...props}
    />
  );
}

/** A password being chosen: the policy hint and the browser's new-password autofill. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <PasswordField
      label="New password"
      description="At least 8 characters"
      autoComplete="new-password"
      required
      size="md"
      {...props}
    />
  );
}
