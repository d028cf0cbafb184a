import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { accessInput, MIRROR, type AccessDraft } from '../../access/access-summary';
import { AccessChoice, type AccessErrors } from '../../access/components/AccessChoice';
import { useSession } from '../../auth/use-session';
import {
  useConnectIntegrationMutation,
  useStartIntegrationAuthorizationMutation,
} from '../graphql/connectors.generated';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  API_TOKEN_URL,
  CONNECTORS,
  GITHUB_TOKEN_URL,
  type ConnectMode,
  type ConnectorKind,
} from '../connector-kinds';
import { resyncConfluence } from '../connector-rest';
import { NEEDS_SETUP, SETUP_GUIDES } from '../connector-setup';
import type { ConnectedSource } from './ConnectorDialog';

export interface SettingsValues {
  domain: string;
  username: string;
  password: string;
  spacekey: string;
}

export const EMPTY_SETTINGS: SettingsValues = {
  domain: '',
  username: '',
  password: '',
  spacekey: '',
};
/** What the server sends back for a stored token (never the token). */
export const STORED_TOKEN = '••••••••';
export const NO_OAUTH_HINT: Record<ConnectMode, string> = {
  atlassian:
    'An administrator has not set up sign-in with Atlassian on this server: connect with an API token.',
  oauth:
    'An administrator has not set up sign-in with Google on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
  token: '',
};

type Outcome = { tone: 'error' | 'info'; title: string; message: string };

interface ConnectorFormProps {
  kind: ConnectorKind;
  initial: SettingsValues;
  loadError: string | null;
  oauthAvailable: boolean;
  onCancel: () => void;
  onConnected: (source: ConnectedSource) => void;
}

/** The settings form: Connect checks them with the tool before anything is saved. */
export function ConnectorForm({
  kind,
  initial,
  loadError,
  oauthAvailable,
  onCancel,
  onConnected,
}: ConnectorFormProps) {
  const info = CONNECTORS[kind];
  const guide = SETUP_GUIDES[kind];
  const connected = initial.password === STORED_TOKEN;
  const form = useForm<SettingsValues>({ initialValues: initial });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resyncing, setResyncing] = useState(false);
  // A new connection chooses who reads it (mirroring the tool's permissions unless changed); a
  // connected one keeps its access (changed from its row).
  const [access, setAccess] = useState<AccessDraft>(MIRROR);
  const [accessErrors, setAccessErrors] = useState<AccessErrors>({});
  const { user, permissions } = useSession();
  const [connect, connecting] = useConnectIntegrationMutation({ refetchQueries: ['Sources'] });
  const [authorize, authorizing] = useStartIntegrationAuthorizationMutation();

  const submit = form.onSubmit(async (values) => {
    setOutcome(null);
    setAccessErrors({});
    try {
      const { data } = await connect({
        variables: {
          name: kind,
          input: values,
          access: connected ? undefined : accessInput(access),
        },
      });
      if (!data) return;
      notifications.show({
        color: 'teal',
        title: `${info.label} connected`,
        message: `${data.connectIntegration.name}: syncing now.`,
      });
      onConnected(data.connectIntegration);
    } catch (error) {
      const problem = describeError(error);
      if (problem.field && problem.field in EMPTY_SETTINGS)
        form.setFieldError(problem.field, problem.message);
      if (problem.field === 'memberIds' || problem.field === 'groupIds')
        setAccessErrors({ [problem.field]: problem.message });
      setOutcome({
        tone: 'error',
        title: `Could not connect ${info.label}`,
        message: problem.message,
      });
    }
  });

  const startAuthorization = async () => {
    setOutcome(null);
    try {
      const { data } = await authorize({
        variables: { name: kind, domain: form.values.domain, spacekey: form.values.spacekey },
      });
      if (data) window.location.assign(data.startIntegrationAuthorization);
    } catch (error) {
      setOutcome({
        tone: 'error',
        title: 'Could not start Authorize',
        message: describeError(error).message,
      });
    }
  };

  const resync = async () => {
    setOutcome(null);
    setResyncing(true);
    const result = await resyncConfluence();
    setResyncing(false);
    setOutcome({
      tone: result.ok ? 'info' : 'error',
      title: result.ok ? 'Resync started' : 'Resync failed',
      message: result.message,
    });
  };

  const busy = connecting.loading || authorizing.loading || resyncing;
  const mode = info.mode;
  // Google connects only through Authorize; once connected, Save changes the folders.
  const canSubmit = mode !== 'oauth' || connected;
  const authorizeLabel =
    mode === 'oauth' ? (connected ? 'Sign in again' : 'Sign in with Google') : 'Authorize';

  return (
    <form onSubmit={submit} noValidate aria-label={`${info.label} settings`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {info.intro}
        </Text>
        {loadError && <FormAlert title="Could not load the saved settings">{loadError}</FormAlert>}
        {mode === 'oauth' && !oauthAvailable && (
          <FormAlert title={`${info.label}: ${NEEDS_SETUP.toLowerCase()}`} tone="info">
            {NO_OAUTH_HINT.oauth}
            {guide && (
              <>
                {' '}
                The setup guide is in Lumen&apos;s source: {guide.docs.file}, “{guide.docs.section}
                ”.
              </>
            )}
          </FormAlert>
        )}
        {mode === 'atlassian' && (
          <TextInput
            label="Domain"
            placeholder="your-team.atlassian.net"
            autoComplete="off"
            {...form.getInputProps('domain')}
          />
        )}
        {mode === 'token' && (
          <TextInput
            label="GitHub Enterprise Server"
            description="Leave empty for github.com; else your server, e.g. github.acme.com"
            placeholder="github.com"
            autoComplete="off"
            {...form.getInputProps('domain')}
          />
        )}
        {mode === 'atlassian' && (
          <TextInput
            label="Username"
            description="The email of the Atlassian account"
            placeholder="you@example.com"
            autoComplete="username"
            {...form.getInputProps('username')}
          />
        )}
        {mode !== 'oauth' && (
          <PasswordInput
            label={mode === 'token' ? 'Access token' : 'API token'}
            description={
              <>
                {mode === 'token'
                  ? 'Read-only: Contents, Issues, Pull requests, Discussions. '
                  : ''}
                Stored encrypted; leave the dots to keep the saved one.{' '}
                <Anchor
                  href={mode === 'token' ? GITHUB_TOKEN_URL : API_TOKEN_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                >
                  {mode === 'token' ? 'Create a token' : 'Create an API token'}
                </Anchor>
              </>
            }
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        )}
        <TextInput
          label={info.keysLabel}
          description={info.keysDescription}
          placeholder={info.keysPlaceholder}
          autoComplete="off"
          {...form.getInputProps('spacekey')}
        />
        {!connected && !canSubmit && (
          <Text size="xs" c="dimmed">
            Each member will find what {info.label} shares with them, through their linked Google
            account; you can change who sees it from the source&apos;s row once connected.
          </Text>
        )}
        {!connected && canSubmit && (
          <AccessChoice
            label="Who can see what it brings"
            value={access}
            onChange={setAccess}
            owner={user}
            viewerId={user?.id}
            isAdmin={permissions?.includes('user.write') ?? false}
            errors={accessErrors}
            disabled={busy}
            tool={info.label}
            hint={
              mode !== 'token' && (
                <Text size="xs" c="dimmed">
                  A connection made with {authorizeLabel} mirrors {info.label}&apos;s permissions:
                  change it from the source&apos;s row once connected.
                </Text>
              )
            }
          />
        )}
        {connecting.loading && (
          <Text size="sm" c="dimmed" role="status">
            Checking with {info.label}…
          </Text>
        )}
        {outcome && (
          <FormAlert title={outcome.title} tone={outcome.tone}>
            {outcome.message}
          </FormAlert>
        )}
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Group gap="sm">
            {kind === 'confluence' && connected && (
              <Button
                variant="light"
                onClick={() => void resync()}
                loading={resyncing}
                disabled={busy && !resyncing}
              >
                Resync
              </Button>
            )}
            {mode !== 'token' && (
              <Tooltip
                label={NO_OAUTH_HINT[mode]}
                disabled={oauthAvailable}
                multiline
                w={260}
                withArrow
              >
                {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                <span>
                  <Button
                    variant={canSubmit ? 'light' : 'filled'}
                    onClick={() => void startAuthorization()}
                    loading={authorizing.loading}
                    disabled={!oauthAvailable || (busy && !authorizing.loading)}
                  >
                    {authorizeLabel}
                  </Button>
                </span>
              </Tooltip>
            )}
            {canSubmit && (
              <Button
                type="submit"
                loading={connecting.loading}
                disabled={busy && !connecting.loading}
              >
                {connected ? 'Save' : 'Connect'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
