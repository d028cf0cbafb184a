import { TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, strengthOf, usePasswordEstimator } from '../password-strength';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

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

/**
 * A password being chosen: the policy, the browser's new-password autofill, and a strength
 * meter that says why a password would be refused (the rules the server applies).
 */
export function NewPasswordField({
  email = '',
  ...props
}: PasswordInputProps & { email?: string }) {
  const estimator = usePasswordEstimator();
  const strength = strengthOf(String(props.value ?? ''), email, estimator);
  return (
    <PasswordField
      label="New password"
      // The meter is part of the description (under the input), so the input is described by it.
      description={
        <>
          At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words work well
          {strength && <PasswordStrengthMeter strength={strength} />}
        </>
      }
      descriptionProps={{ component: 'div' }}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autoComplete="new-password"
      required
      size="md"
      {...props}
    />
  );
}
