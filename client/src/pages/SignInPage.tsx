import { Alert, Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignInMutation } from '../modules/auth/graphql/auth.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { EmailField } from '../modules/auth/components/AuthFields';
import { PasswordField } from '../modules/auth/components/PasswordField';
import { FormAlert, type FormProblem } from '../modules/auth/components/FormAlert';
import { savePasswordChallenge } from '../modules/auth/password-challenge';
import { storeSession, takeRedirect, takeSessionExpired } from '../modules/auth/session-store';
import { SsoButtons } from '../modules/sso/components/SsoButtons';
import { errorCode, errorMessage } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

/** Carries what was typed so the reset form need not ask again. */
function forgotLink(email: string) {
  const trimmed = email.trim();
  return trimmed
    ? `/forgot-password?${new URLSearchParams({ email: trimmed })}`
    : '/forgot-password';
}

/** SPEC §2 /signin, §4 sign-in transitions, §8 sign-in errors (shown, never only logged). */
export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signIn, { loading }] = useSignInMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // Read once on arrival: a session that ended by itself is said, not a bare redirect.
  const [expired] = useState(takeSessionExpired);
  const initialEmail = params.get('email') ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '', rememberMe: false },
    validate: {
      email: (value) => (value.trim() ? null : 'Enter your email address'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async ({ email: rawEmail, password, rememberMe }) => {
    setProblem(null);
    const email = rawEmail.trim();
    try {
      const { data } = await signIn({ variables: { input: { email, password, rememberMe } } });
      const payload = data?.signIn;
      if (payload?.token) {
        storeSession(payload.token, payload.refreshToken ?? '');
        navigate(takeRedirect(), { replace: true });
      } else if (payload?.session) {
        savePasswordChallenge({ session: payload.session, email });
        navigate('/reset-password');
      } else {
        setProblem({ title: 'Could not sign you in', message: 'The server sent no session.' });
      }
    } catch (error) {
      const code = errorCode(error);
      if (code === 'PASSWORDRESETREQUIRED') {
        navigate(`/forgot-password?${new URLSearchParams({ email, sent: '1' })}`);
      } else if (code === 'NOTAUTHORIZEDEXCEPTION') {
        setProblem({ title: 'Too many attempts', message: errorMessage(error) });
      } else {
        setProblem({ title: 'Could not sign you in', message: errorMessage(error) });
      }
    }
  });

  return (
    <AuthLayout
      title="Welcome back"
      description="Log in to search your team's knowledge."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Sign up
          </Anchor>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {expired && !problem && (
            <Alert color="yellow" variant="light" icon={<IconClockExclamation size={18} />}>
              Your session expired, please sign in again.
            </Alert>
          )}
          {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
          <EmailField
            autoFocus={!initialEmail}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SsoButtons email={form.values.email} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            autoFocus={!!initialEmail}
            size="md"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label="Remember me"
              key={form.key('rememberMe')}
              {...form.getInputProps('rememberMe', { type: 'checkbox' })}
            />
            <Anchor component={Link} to={forgotLink(form.values.email)} size="md">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Log in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
