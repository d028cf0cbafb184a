import { Anchor, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { VerifyEmailForm } from '../modules/account/components/VerifyEmailForm';
import { useVerifyEmailMutation } from '../modules/account/graphql/email-verification.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { FormAlert } from '../modules/auth/components/FormAlert';
import { useSession } from '../modules/auth/use-session';
import { errorMessage } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

type State = { step: 'verifying' } | { step: 'verified' } | { step: 'form'; problem?: string };

/** The code in the link's fragment (`#code=123456`): never sent to the server in a URL. */
function codeIn(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code')?.trim();
  return code && /^\d{6}$/.test(code) ? code : null;
}

/**
 * /verify-email#code=…, the link in the verification mail (signed in: a signed-out visitor signs
 * in first and comes back here with the fragment). Posts the code once, then drops it from the
 * address bar; a code that does not work leaves the form to enter another or ask for one.
 */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const email = user?.email ?? '';
  const [code] = useState(() => codeIn(hash));
  const [state, setState] = useState<State>(code ? { step: 'verifying' } : { step: 'form' });
  const [verify] = useVerifyEmailMutation({ refetchQueries: ['JoinableWorkspaces'] });
  const posted = useRef(false);

  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    navigate(pathname, { replace: true });
    verify({ variables: { code } })
      .then(() => setState({ step: 'verified' }))
      .catch((error: unknown) => setState({ step: 'form', problem: errorMessage(error) }));
  }, [code, navigate, pathname, verify]);

  if (state.step === 'verifying')
    return (
      <AuthLayout title="Verifying your email">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Checking the code from your email…</Text>
        </Group>
      </AuthLayout>
    );

  if (state.step === 'verified')
    return (
      <AuthLayout
        title="Email verified"
        icon={
          <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
            <IconMailCheck size={26} />
          </ThemeIcon>
        }
      >
        <Stack gap="lg">
          <Text>{email ? <strong>{email}</strong> : 'Your address'} is verified. Thank you.</Text>
          <Button component={Link} to="/app/dashboard" size="md" fullWidth>
            Continue to Lumen
          </Button>
        </Stack>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Verify your email"
      description={email ? `Enter the 6-digit code we sent to ${email}.` : undefined}
      footer={
        <Anchor component={Link} to="/app/dashboard" fw={600}>
          Back to Lumen
        </Anchor>
      }
    >
      <Stack gap="md">
        {state.problem && <FormAlert title="This link did not work">{state.problem}</FormAlert>}
        <VerifyEmailForm
          email={email}
          autoFocus
          onVerified={() => setState({ step: 'verified' })}
        />
      </Stack>
    </AuthLayout>
  );
}
