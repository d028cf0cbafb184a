import { Button, Code, Paper, Skeleton, Stack } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  useApiKeysQuery,
  type ApiKeyFieldsFragment,
} from '../../modules/api-keys/graphql/api-keys.generated';
import { PageHeader } from '../../layout/PageHeader';
import { ApiKeyTable } from '../../modules/api-keys/components/ApiKeyTable';
import { CreateApiKeyDialog } from '../../modules/api-keys/components/CreateApiKeyDialog';
import { RevokeApiKeyDialog } from '../../modules/api-keys/components/RevokeApiKeyDialog';
import { sortPermissions } from '../../modules/api-keys/permission-labels';
import { useSession } from '../../modules/auth/use-session';
import { EmptyState } from '../../shared/EmptyState';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

/** /app/api-keys (any member): your keys; admins (user.write) see and revoke every key. */
export function ApiKeysPage() {
  usePageTitle('API keys');
  const { permissions, user } = useSession();
  const isAdmin = permissions?.includes('user.write') ?? false;
  const { data, error, refetch } = useApiKeysQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyFieldsFragment | null>(null);
  const keys = data?.apiKeys;
  const grantable = useMemo(() => sortPermissions(permissions ?? []), [permissions]);

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Create API key
    </Button>
  );

  return (
    <>
      <PageHeader
        title="API keys"
        subtitle="For scripts and tools that work as you"
        description={
          <>
            Keys let scripts call GraphQL and /api/* as you, within the permissions you give them.
            Send one as <Code>Authorization: Bearer {'<key>'}</Code>.
            {isAdmin && ' As an admin you see, and can revoke, every key in the workspace.'}
          </>
        }
        // Once the keys are known: the empty state offers its own button, and a button shown
        // while loading would jump there (or vanish under a click) when the list arrives.
        actions={keys && keys.length > 0 ? createButton : undefined}
      />
      <QueryState
        data={keys}
        error={error}
        onRetry={() => void refetch()}
        errorTitle="Could not load the API keys"
        loading={
          <Paper withBorder radius="lg" p="md" aria-busy aria-label="Loading API keys">
            <Stack gap="md">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={14} width={`${60 - i * 10}%`} />
              ))}
            </Stack>
          </Paper>
        }
        isEmpty={(k) => k.length === 0}
        empty={
          <EmptyState
            icon={IconKey}
            title="No API keys yet"
            description="Create a key for a script or tool that should search, ask or manage Lumen on your behalf. You choose what it may do and when it expires."
            actions={createButton}
          />
        }
      >
        {(k) => (
          <Paper withBorder radius="lg">
            <ApiKeyTable
              keys={k}
              showCreator={isAdmin}
              currentUserId={user?.id}
              onRevoke={setRevoking}
            />
          </Paper>
        )}
      </QueryState>
      <CreateApiKeyDialog
        opened={creating}
        onClose={() => setCreating(false)}
        grantable={grantable}
      />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
