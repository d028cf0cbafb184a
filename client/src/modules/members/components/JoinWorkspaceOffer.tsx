import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { storeSession } from '../../auth/session-store';
import { errorMessage } from '../../../shared/graphql-errors';
import {
  useJoinableWorkspacesQuery,
  useJoinWorkspaceMutation,
  type JoinableWorkspacesQuery,
} from '../graphql/domain-join.generated';
import { reloadApp } from '../reload-app';
import { DEFAULT_INVITE_ROLE, FALLBACK_ROLE_LABELS } from './role-labels';

type Joinable = JoinableWorkspacesQuery['joinableWorkspaces'][number];

/** Offers dismissed in this browser ("Not now"), by workspace id. */
const DISMISSED_KEY = 'join_offers_dismissed';

function dismissed(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Someone who signed up alone, with a verified address at a domain their team's workspace
 * proved and opened, is offered to join it instead of staying in an empty workspace. Joining
 * moves the account (its own empty workspace is deleted) and starts a new session, so the app
 * loads afresh in the team's workspace.
 */
export function JoinWorkspaceOffer() {
  // Asked afresh on every visit: verifying the address elsewhere changes the answer.
  const { data } = useJoinableWorkspacesQuery({ fetchPolicy: 'cache-and-network' });
  const [hidden, setHidden] = useState(dismissed);
  const offers = (data?.joinableWorkspaces ?? []).filter((w) => !hidden.includes(w.id));
  if (offers.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...hidden, id];
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setHidden(next);
  };
  return (
    <Stack gap="md" mb="lg">
      {offers.map((workspace) => (
        <Offer key={workspace.id} workspace={workspace} onDismiss={() => dismiss(workspace.id)} />
      ))}
    </Stack>
  );
}

function Offer({ workspace, onDismiss }: { workspace: Joinable; onDismiss: () => void }) {
  const [join, { loading }] = useJoinWorkspaceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const title = `Join ${workspace.name}`;

  const accept = async () => {
    setProblem(null);
    try {
      const { data } = await join({ variables: { workspaceId: workspace.id } });
      const session = data?.joinWorkspace;
      if (!session?.token) {
        setProblem('The server sent no session. Sign in again.');
        return;
      }
      storeSession(session.token, session.refreshToken ?? '');
      // Everything in memory is the old workspace's: start over in the team's.
      reloadApp('/app/dashboard');
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
            <IconUsersPlus size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h4">
              {title}?
            </Title>
            <Text size="sm">
              Your verified address at <strong>{workspace.domain}</strong> lets you join your team’s
              workspace, without waiting for an invitation. You join as{' '}
              {FALLBACK_ROLE_LABELS[DEFAULT_INVITE_ROLE]}; its admins can change that.
            </Text>
            <Text size="sm" c="dimmed">
              Your own workspace is deleted when you join (joining is refused while it holds
              sources, documents, bots or other members).
            </Text>
          </Stack>
        </Group>
        {problem && <FormAlert title="Could not join">{problem}</FormAlert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDismiss} disabled={loading}>
            Not now
          </Button>
          <Button onClick={() => void accept()} loading={loading}>
            {title}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
