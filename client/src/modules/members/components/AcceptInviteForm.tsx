import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignInMutation } from '../../auth/graphql/auth.generated';
import {
  useAcceptInvitationMutation,
  type InvitationPreviewQuery,
} from '../graphql/members.generated';
import { storeSession } from '../../auth/session-store';
import { describeError } from '../../../shared/graphql-errors';
import { EmailField, NewPasswordField } from '../../auth/components/AuthFields';
import { newPasswordError } from '../../auth/password-strength';
import { FormAlert, type FormProblem } from '../../auth/components/FormAlert';
import { roleLabel, sortRoleKeys } from './role-labels';

type Preview = InvitationPreviewQuery['invitation'];

interface AcceptInviteFormProps {
  token: string;
  invitation: Preview;
  /** The link stopped working meanwhile (used, revoked, expired). */
  onInvalid: () => void;
}

/** Name and password for the invited address; the new member is then signed in at once. */
export function AcceptInviteForm({ token, invitation, onInvalid }: AcceptInviteFormProps) {
  const navigate = useNavigate();
  const [accept, { loading: accepting }] = useAcceptInvitationMutation();
  const [signIn, { loading: signingIn }] = useSignInMutation();
  const loading = accepting || signingIn;
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', password: '' },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name'),
      password: (value) => newPasswordError(value, invitation.email, 'Choose a password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      await accept({
        variables: {
          input: {
            token,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            password: values.password,
          },
        },
      });
    } catch (error) {
      const { code, field, message } = describeError(error);
      if (code === 'INVALID_INVITATION') onInvalid();
      else if (field && field in values) form.setFieldError(field, message);
      else setProblem({ title: 'Could not create your account', message });
      return;
    }
    // The account exists: sign in with the password just chosen instead of asking for it again.
    try {
      const { data } = await signIn({
        variables: { input: { email: invitation.email, password: values.password } },
      });
      const session = data?.signIn;
      if (!session?.token) throw new Error('No session');
      storeSession(session.token, session.refreshToken ?? '');
      notifications.show({
        color: 'teal',
        title: `You joined ${invitation.workspaceName}`,
        message: 'Welcome aboard',
      });
      navigate('/app/dashboard', { replace: true });
    } catch {
      // Signing in can still be refused (a throttled address, say): the account is there.
      notifications.show({
        color: 'teal',
        title: `You joined ${invitation.workspaceName}`,
        message: 'Sign in to continue',
      });
      navigate(`/signin?${new URLSearchParams({ email: invitation.email })}`, { replace: true });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
        <EmailField
          value={invitation.email}
          readOnly
          required={false}
          variant="filled"
          description="The invitation is for this address"
        />
        <Group gap={6} aria-label="Your role">
          <Text size="sm" fw={500}>
            You will join as
          </Text>
          {sortRoleKeys(invitation.roles).map((role) => (
            <Badge key={role} variant="light" radius="sm" tt="none">
              {roleLabel(role)}
            </Badge>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            autoFocus
            size="md"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            size="md"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <NewPasswordField
          label="Password"
          email={invitation.email}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
          Join {invitation.workspaceName}
        </Button>
      </Stack>
    </form>
  );
}
