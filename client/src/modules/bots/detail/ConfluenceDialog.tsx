import { Button, Group, Loader, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  IntegrationSettingsDocument,
  useIntegrationSettingsQuery,
  useSaveIntegrationSettingsMutation,
} from '../../../graphql/generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { resyncConfluence } from './resync-confluence';

/** Integration settings are stored by lower-case name (SPEC §3). */
export const CONFLUENCE = 'confluence';
export const AUTHORIZE_NOTE =
  'Your Confluence settings are saved. Connecting to Atlassian arrives with the Confluence connector, which has its own issue; these settings will be used then.';

interface ConfluenceValues {
  domain: string;
  username: string;
  password: string;
  spacekey: string;
}

const EMPTY: ConfluenceValues = { domain: '', username: '', password: '', spacekey: '' };

interface ConfluenceDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2/§4 the Confluence integration dialog: a form with domain, username, password (an
 * API token) and space key, loaded and saved as the caller's 'confluence' settings.
 */
export function ConfluenceDialog({ opened, onClose }: ConfluenceDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Connect Confluence" size="md" {...DIALOG_PROPS}>
      {/* The modal mounts its content per opening, so each opening reads the settings afresh. */}
      <ConfluenceSettings onClose={onClose} />
    </Modal>
  );
}

function ConfluenceSettings({ onClose }: { onClose: () => void }) {
  const settings = useIntegrationSettingsQuery({
    variables: { name: CONFLUENCE },
    fetchPolicy: 'network-only',
  });
  const loaded = settings.data?.integrationSettings;

  // The form reads its values once, so it waits for the load to settle either way.
  if (!loaded && !settings.error)
    return (
      <Group gap="xs" py="md">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      </Group>
    );
  return (
    <ConfluenceForm
      initial={loaded ? pick(loaded) : EMPTY}
      loadError={settings.error ? describeError(settings.error).message : null}
      onCancel={onClose}
    />
  );
}

const pick = (s: ConfluenceValues): ConfluenceValues => ({
  domain: s.domain,
  username: s.username,
  password: s.password,
  spacekey: s.spacekey,
});

type Outcome = { tone: 'error' | 'info'; title: string; message: string };

interface ConfluenceFormProps {
  initial: ConfluenceValues;
  loadError: string | null;
  onCancel: () => void;
}

/** A stored password reads back as a placeholder; saving the placeholder keeps it. */
function ConfluenceForm({ initial, loadError, onCancel }: ConfluenceFormProps) {
  const form = useForm<ConfluenceValues>({ initialValues: initial });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resyncing, setResyncing] = useState(false);
  const [save, saving] = useSaveIntegrationSettingsMutation();

  const authorize = form.onSubmit(async (values) => {
    setOutcome(null);
    try {
      await save({
        variables: { name: CONFLUENCE, input: values },
        // The settings have no id, so the query is updated by hand for the next opening.
        update: (cache, { data }) => {
          if (data)
            cache.writeQuery({
              query: IntegrationSettingsDocument,
              variables: { name: CONFLUENCE },
              data: { integrationSettings: data.saveIntegrationSettings },
            });
        },
      });
      setOutcome({ tone: 'info', title: 'Settings saved', message: AUTHORIZE_NOTE });
    } catch (error) {
      const info = describeError(error);
      if (info.field && info.field in EMPTY) form.setFieldError(info.field, info.message);
      setOutcome({ tone: 'error', title: 'Could not save the settings', message: info.message });
    }
  });

  const resync = async () => {
    setOutcome(null);
    setResyncing(true);
    const result = await resyncConfluence();
    setResyncing(false);
    // 501: the connector is not built yet, which is news rather than a failure.
    if (result.ok) setOutcome({ tone: 'info', title: 'Resync started', message: result.message });
    else if (result.status === 501)
      setOutcome({ tone: 'info', title: 'Resync is not available yet', message: result.message });
    else setOutcome({ tone: 'error', title: 'Resync failed', message: result.message });
  };

  const busy = saving.loading || resyncing;

  return (
    <form onSubmit={authorize} noValidate aria-label="Confluence settings">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Lumen reads your Confluence pages with an Atlassian API token. The token is stored
          encrypted and never shown again.
        </Text>
        {loadError && <FormAlert title="Could not load the saved settings">{loadError}</FormAlert>}
        <TextInput
          label="Domain"
          placeholder="your-team.atlassian.net"
          autoComplete="off"
          {...form.getInputProps('domain')}
        />
        <TextInput
          label="Username"
          placeholder="you@example.com"
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          description="Your Atlassian API token. Leave the dots to keep the saved one."
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Space key"
          placeholder="ENG"
          autoComplete="off"
          {...form.getInputProps('spacekey')}
        />
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
            <Button
              variant="light"
              onClick={() => void resync()}
              loading={resyncing}
              disabled={busy && !resyncing}
            >
              Resync
            </Button>
            <Button type="submit" loading={saving.loading} disabled={busy && !saving.loading}>
              Authorize
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
