import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { storeSession, takeRedirect } from '../modules/auth/session-store';
import { useCompleteSsoSignInMutation } from '../modules/sso/graphql/sso-sign-in.generated';
import { errorMessage } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

/** What the server's SSO callback put in the fragment (never sent to a server): a code or why not. */
function readFragment(): { code: string | null; error: string | null } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return { code: params.get('code'), error: params.get('error') };
}

/**
 * /sso/complete: where the identity provider's sign-in ends. The single-use code in the address
 * fragment is exchanged for a session (and wiped from the address at once); a refusal is said in
 * the identity provider's or Lumen's plain words.
 */
export function SsoCompletePage() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const [complete] = useCompleteSsoSignInMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { code, error } = readFragment();
    // The code works once: it leaves the address bar (and history) before anything else.
    window.history.replaceState(null, '', window.location.pathname);
    if (error || !code) {
      setProblem(error ?? 'The sign-in came back without a code. Please try again.');
      return;
    }
    complete({ variables: { code } })
      .then(({ data }) => {
        const payload = data?.completeSsoSignIn;
        if (!payload?.token) throw new Error('The server sent no session.');
        storeSession(payload.token, payload.refreshToken ?? '');
        void navigate(takeRedirect(), { replace: true });
      })
      .catch((e: unknown) => setProblem(errorMessage(e)));
  }, [complete, navigate]);

  return (
    <AuthLayout
      title={problem ? 'Could not sign you in' : 'Signing you in…'}
      description={problem ? undefined : 'Finishing your single sign-on.'}
      footer={
        <Anchor component={Link} to="/signin" fw={600}>
          Back to sign in
        </Anchor>
      }
    >
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text size="sm" c="dimmed">
            Checking with your identity provider
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
