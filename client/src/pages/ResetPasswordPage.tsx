import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCompleteNewPasswordMutation } from '../modules/auth/graphql/auth.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { EmailField, NewPasswordField } from '../modules/auth/components/AuthFields';
import { newPasswordError } from '../modules/auth/password-strength';
import { FormAlert, type FormProblem } from '../modules/auth/components/FormAlert';
import {
  clearPasswordChallenge,
  readPasswordChallenge,
  type PasswordChallenge,
} from '../modules/auth/password-challenge';
import { describeError } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

/** SPEC §2 /reset-password: the forced new password after a sign-in that returned a session. */
export function ResetPasswordPage() {
  usePageTitle('Set a new password');
  const [challenge] = useState(readPasswordChallenge);
  if (!challenge) {
    return (
      <AuthLayout
        title="This link has expired"
        description="Your password-change session has ended."
        icon={
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconHourglassEmpty size={26} />
          </ThemeIcon>
        }
      >
        <Stack gap="lg">
          <Text>
            For your security, the request to set a new password only lasts a short while and only
            in the tab where you signed in. Log in again to start over.
          </Text>
          <Button component={Link} to="/signin" size="md" fullWidth>
            Back to log in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return <NewPasswordForm challenge={challenge} />;
}

function NewPasswordForm({ challenge }: { challenge: PasswordChallenge }) {
  const navigate = useNavigate();
  const [completeNewPassword, { loading }] = useCompleteNewPasswordMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: challenge.email, password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Enter your email address'),
      password: (value, values) => newPasswordError(value, values.email, 'Enter a new password'),
    },
  });

  const submit = form.onSubmit(async ({ email: rawEmail, password }) => {
    setProblem(null);
    const email = rawEmail.trim();
    try {
      await completeNewPassword({
        variables: { input: { session: challenge.session, email, password } },
      });
      clearPasswordChallenge();
      notifications.show({
        color: 'teal',
        title: 'All set',
        message: 'Password updated — sign in with your new password',
      });
      navigate(`/signin?${new URLSearchParams({ email })}`, { replace: true });
    } catch (error) {
      const { code, field, message } = describeError(error);
      if (code === 'INVALID_SESSION') {
        setProblem({
          title: 'Session expired',
          message: (
            <>
              {message}{' '}
              <Anchor component={Link} to="/signin" inherit fw={600}>
                Log in again
              </Anchor>
            </>
          ),
        });
      } else if (field === 'email' || field === 'password') {
        form.setFieldError(field, message);
      } else {
        setProblem({ title: 'Could not update your password', message });
      }
    }
  });

  return (
    <AuthLayout
      title="Set a new password"
      description="Your account needs a new password before you continue."
      footer={
        <Anchor component={Link} to="/signin" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
          <EmailField
            autoFocus={!challenge.email}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NewPasswordField
            autoFocus={!!challenge.email}
            email={form.getValues().email}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Update password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
