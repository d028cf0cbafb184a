import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { CONNECTORS, type ConnectorKind } from '../connector-kinds';
import { redirectUri, SETUP_GUIDES } from '../connector-setup';

/**
 * The setup guide of a tool this server cannot connect yet: what its operator does, with the
 * redirect URI to register, and where the full guide is. Anyone may read it and pass it on.
 */
export function ConnectorSetupDialog({
  kind,
  onClose,
}: {
  /** null closes the dialog. */
  kind: ConnectorKind | null;
  onClose: () => void;
}) {
  const guide = kind ? SETUP_GUIDES[kind] : undefined;
  const label = kind ? CONNECTORS[kind].label : '';
  return (
    <Modal
      opened={kind !== null && guide !== undefined}
      onClose={onClose}
      title={`Set up ${label}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
    >
      {guide && (
        <Stack gap="md">
          <Text size="sm">
            {label} needs setup by the server&apos;s operator: it connects only by signing in with{' '}
            {guide.provider}, and this server has no {guide.provider} sign-in yet. Whoever runs
            Lumen does this once; then anyone who may add sources can connect {label}.
          </Text>
          <List type="ordered" size="sm" spacing={6}>
            {guide.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <div>
            <Text size="sm" fw={600}>
              Authorized redirect URI
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }}>{redirectUri()}</Code>
              <CopyButton value={redirectUri()}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label="Copy the redirect URI"
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              The server&apos;s PUBLIC_URL followed by /app/connectors.
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            The full guide is in Lumen&apos;s source: <Code>{guide.docs.file}</Code>, section “
            {guide.docs.section}”.
          </Text>
          <Group justify="space-between">
            <Anchor
              href={guide.consoleUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              inline
            >
              <Group gap={4} component="span" wrap="nowrap">
                Open the {guide.provider} Cloud console
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
