import { Group, Loader, Modal, Text } from '@mantine/core';
import {
  useConnectorCapabilitiesQuery,
  useIntegrationSettingsQuery,
  type ConnectIntegrationMutation,
} from '../graphql/connectors.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { CONNECTORS, type ConnectorKind } from '../connector-kinds';
import { ConnectorForm, EMPTY_SETTINGS } from './ConnectorForm';

export type ConnectedSource = ConnectIntegrationMutation['connectIntegration'];

interface ConnectorDialogProps {
  /** null closes the dialog. */
  kind: ConnectorKind | null;
  onClose: () => void;
  /** After a successful connection (e.g. to attach the source to a bot). */
  onConnected?: (source: ConnectedSource) => void;
}

/**
 * SPEC §2 the integration dialog (domain, username, password, spacekey with Cancel, Authorize and
 * Resync), for Confluence and Jira: the password is an API token, saving checks it live.
 */
export function ConnectorDialog({ kind, onClose, onConnected }: ConnectorDialogProps) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? `Connect ${CONNECTORS[kind].label}` : ''}
      size="md"
      {...DIALOG_PROPS}
    >
      {/* The modal mounts its content per opening, so each opening reads the settings afresh. */}
      {kind && <ConnectorSettings kind={kind} onClose={onClose} onConnected={onConnected} />}
    </Modal>
  );
}

function ConnectorSettings({
  kind,
  onClose,
  onConnected,
}: {
  kind: ConnectorKind;
  onClose: () => void;
  onConnected?: (source: ConnectedSource) => void;
}) {
  const settings = useIntegrationSettingsQuery({
    variables: { name: kind },
    fetchPolicy: 'network-only',
  });
  const capabilities = useConnectorCapabilitiesQuery();
  const loaded = settings.data?.integrationSettings;

  // The form reads its values once, so it waits for the load to settle either way.
  if ((!loaded && !settings.error) || capabilities.loading)
    return (
      <Group gap="xs" py="md">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      </Group>
    );
  return (
    <ConnectorForm
      kind={kind}
      initial={
        loaded
          ? {
              domain: loaded.domain,
              username: loaded.username,
              password: loaded.password,
              spacekey: loaded.spacekey,
            }
          : EMPTY_SETTINGS
      }
      loadError={settings.error ? describeError(settings.error).message : null}
      oauthAvailable={capabilities.data?.connectorCapabilities.oauthKinds.includes(kind) ?? false}
      onCancel={onClose}
      onConnected={(source) => {
        onConnected?.(source);
        onClose();
      }}
    />
  );
}
