import { Alert, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { CallbackState } from '../use-oauth-callback';

/** "Connecting…" while the callback's code is exchanged, then what came of it. */
export function OAuthCallbackNotice({
  state,
  onDismiss,
}: {
  state: CallbackState;
  onDismiss: () => void;
}) {
  if (state.phase === 'none') return null;
  if (state.phase === 'connecting')
    return (
      <Paper withBorder radius="lg" p="lg" role="status" aria-live="polite">
        <Group gap="sm" justify="center">
          <Loader size="sm" />
          <Text fw={500}>Connecting...</Text>
        </Group>
      </Paper>
    );
  if (state.phase === 'done')
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title={`Connected ${state.name}`}
        withCloseButton
        onClose={onDismiss}
      >
        Lumen is syncing {state.site} now; its content becomes searchable as it is indexed.
      </Alert>
    );
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="Could not connect"
      role="alert"
      withCloseButton
      onClose={onDismiss}
    >
      {state.message} Try again with Authorize.
    </Alert>
  );
}
