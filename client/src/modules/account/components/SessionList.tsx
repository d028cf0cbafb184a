import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { FormAlert } from '../../auth/components/FormAlert';
import { deviceName } from '../device-name';
import {
  MySessionsDocument,
  useEndMySessionMutation,
  useMySessionsQuery,
  useSignOutEverywhereElseMutation,
} from '../graphql/account.generated';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** Where you are signed in: each sign-in, the device, when it was last used; end any of them. */
export function SessionList() {
  const { data, error, refetch } = useMySessionsQuery({ fetchPolicy: 'cache-and-network' });
  const refresh = { refetchQueries: [{ query: MySessionsDocument }], awaitRefetchQueries: true };
  const [end] = useEndMySessionMutation(refresh);
  const [endOthers, { loading: endingOthers }] = useSignOutEverywhereElseMutation(refresh);
  const [ending, setEnding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <Stack gap="sm">
      {problem && <FormAlert title="That did not work">{problem}</FormAlert>}
      <QueryState
        data={data?.mySessions}
        error={error}
        onRetry={() => void refetch()}
        errorTitle="Could not load your sessions"
        loading={<Skeleton height={60} radius="lg" />}
      >
        {(sessions) => (
          <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.map((s, i) => (
              <Group
                key={s.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                p="md"
                aria-label={deviceName(s.userAgent)}
                style={
                  i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
                }
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconDevices size={20} stroke={1.6} aria-hidden />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{deviceName(s.userAgent)}</Text>
                      {s.current && (
                        <Badge size="sm" variant="light" color="teal">
                          This session
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      Signed in {when(s.signedInAt)} · last active {when(s.lastUsedAt)}
                    </Text>
                  </Stack>
                </Group>
                {!s.current && (
                  <Button
                    variant="default"
                    // Never squeezed by a long device name (a cut "Sign out" on phones).
                    style={{ flexShrink: 0 }}
                    loading={ending === s.id}
                    aria-label={`Sign out ${deviceName(s.userAgent)}, signed in ${when(s.signedInAt)}`}
                    onClick={() =>
                      void act(async () => {
                        setEnding(s.id);
                        try {
                          await end({ variables: { id: s.id } });
                        } finally {
                          setEnding(null);
                        }
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </Group>
            ))}
          </Paper>
        )}
      </QueryState>
      {(data?.mySessions.length ?? 0) > 1 && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            loading={endingOthers}
            onClick={() => void act(() => endOthers())}
          >
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  );
}
