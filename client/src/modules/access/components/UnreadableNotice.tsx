import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { useSession } from '../../auth/use-session';
import { accessSentence } from '../access-summary';
import { useSetSourceAccessMutation } from '../graphql/source-access.generated';
import type { AccessSource } from './SourceAccessDialog';

interface UnreadableNoticeProps {
  source: AccessSource;
  /** Opens "Who can see this?" to change the access by hand. */
  onChangeAccess: () => void;
}

/**
 * Where an admin expected a restricted source's documents: they manage the source but may not
 * read it, and can add themselves to its readers (an audited change, like any other).
 */
export function UnreadableNotice({ source, onChangeAccess }: UnreadableNoticeProps) {
  const { user } = useSession();
  const [grant, { loading }] = useSetSourceAccessMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const giveMyself = async () => {
    if (!user) return;
    setProblem(null);
    try {
      await grant({
        variables: {
          sourceId: source.id,
          input: {
            mode: 'RESTRICTED',
            memberIds: [...source.access.members.map((m) => m.id), user.id],
            groupIds: source.access.groups.map((g) => g.id),
          },
        },
        refetchQueries: ['Sources'],
      });
      notifications.show({
        color: 'teal',
        title: `You can now read ${source.name}`,
        message: 'You were added to its people. The change is in the audit log.',
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Alert
      variant="light"
      color="gray"
      radius={0}
      icon={<IconLock size={18} />}
      title="You manage this source but cannot read its documents"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {accessSentence(source, user?.id)} As an admin you see it and manage its access; to read
          its documents, give yourself access. That change is recorded in the audit log.
        </Text>
        {problem && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            Could not give you access: {problem}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" loading={loading} onClick={() => void giveMyself()}>
            Give myself access
          </Button>
          <Button size="xs" variant="default" onClick={onChangeAccess} disabled={loading}>
            Change access
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
