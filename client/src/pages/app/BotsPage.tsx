import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconKey, IconPlus, IconRobot } from '@tabler/icons-react';
import { useState } from 'react';
import { useBotsQuery, useProviderKeyQuery } from '../../modules/bots/graphql/bots.generated';
import { PageHeader } from '../../layout/PageHeader';
import { BotList } from '../../modules/bots/components/BotList';
import { CreateBotDialog } from '../../modules/bots/components/CreateBotDialog';
import { KeyModal } from '../../modules/bots/components/KeyModal';
import { EmptyState } from '../../shared/EmptyState';
import { errorMessage } from '../../shared/graphql-errors';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';
import { useSession } from '../../modules/auth/use-session';
import { keyPromptState, setKeyPromptState } from '../../modules/bots/key-prompt';

/**
 * /app/bots (SPEC §2): the bots the user can see, the create dialog, and the key modal, which
 * opens by itself while no provider key is stored.
 */
export function BotsPage() {
  usePageTitle('Bots');
  const { user } = useSession();
  const keyQuery = useProviderKeyQuery();
  const botsQuery = useBotsQuery();
  const [creating, setCreating] = useState(false);
  // 'auto' follows the key query: open while no key is stored, unless dismissed before.
  const [prompt, setPrompt] = useState(() => keyPromptState(user?.id));
  const [keyModal, setKeyModal] = useState<'auto' | 'open' | 'closed'>(() =>
    prompt === 'ask' ? 'auto' : 'closed',
  );

  const keyKnown = !keyQuery.loading && !keyQuery.error && keyQuery.data !== undefined;
  const storedKey = keyQuery.data?.providerKey ?? null;
  const missingKey = keyKnown && storedKey === null;
  const keyModalOpened = keyModal === 'open' || (keyModal === 'auto' && missingKey);

  const closeKeyModal = () => {
    if (keyModal === 'auto') setKeyPromptState(user?.id, 'closed');
    setKeyModal('closed');
  };
  // "Later": neither the modal nor the notice asks again this session (the header button stays).
  const later = () => {
    setKeyPromptState(user?.id, 'later');
    setPrompt('later');
    setKeyModal('closed');
  };

  const bots = botsQuery.data?.bots;

  return (
    <>
      <PageHeader
        title="Bots"
        subtitle="Assistants that answer from the sources you choose"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => setKeyModal('open')}
              disabled={!keyKnown}
            >
              AI provider key
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create New Bot
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {keyQuery.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            Could not check for your AI provider key: {errorMessage(keyQuery.error)}
          </Alert>
        )}
        {missingKey && prompt !== 'later' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconKey size={18} />}
            title="No AI provider key yet"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm" style={{ flex: '1 1 320px' }}>
                Your bots answer with your own OpenAI key. Until you add one, they quote the best
                passages from their sources instead of writing answers.
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="subtle" color="gray" onClick={later}>
                  Later
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="yellow"
                  onClick={() => setKeyModal('open')}
                >
                  Set up key
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        <QueryState
          data={bots}
          error={botsQuery.error}
          onRetry={() => void botsQuery.refetch()}
          errorTitle="Could not load the bots"
          loading={
            <Paper withBorder radius="lg" p="md" aria-busy aria-label="Loading bots">
              <Stack gap="md">
                {[0, 1, 2].map((i) => (
                  <Group key={i} gap="sm" wrap="nowrap">
                    <Skeleton height={38} circle />
                    <Skeleton height={14} width="40%" />
                  </Group>
                ))}
              </Stack>
            </Paper>
          }
          isEmpty={(b) => b.length === 0}
          empty={
            <EmptyState
              icon={IconRobot}
              title="No bots yet"
              description="A bot answers your team's questions from the sources you give it, using your own AI provider key. Create one, then add its sources."
              actions={
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  Create New Bot
                </Button>
              }
            />
          }
        >
          {(b) => (
            <Paper withBorder radius="lg">
              <BotList bots={b} />
            </Paper>
          )}
        </QueryState>
      </Stack>
      <CreateBotDialog opened={creating} onClose={() => setCreating(false)} />
      <KeyModal
        opened={keyModalOpened}
        onClose={closeKeyModal}
        onLater={storedKey ? undefined : later}
        storedKey={storedKey}
      />
    </>
  );
}
