import { Alert, Divider, Loader, Paper, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { LinkedAccountRow } from '../../modules/linked-accounts/components/LinkedAccountRow';
import {
  LinkedAccountsDocument,
  useLinkAccountMutation,
  useLinkedAccountsQuery,
  useUnlinkAccountMutation,
} from '../../modules/linked-accounts/graphql/linked-accounts.generated';
import { openProvider } from '../../modules/linked-accounts/open-provider';
import { LINK_PROVIDERS, providerLabel } from '../../modules/linked-accounts/providers';
import { useLinkCallback } from '../../modules/linked-accounts/use-link-callback';
import { describeError } from '../../shared/graphql-errors';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

interface Problem {
  title: string;
  message: string;
}

/**
 * /app/account/linked (any member): link your own Atlassian, Google and GitHub accounts so Lumen
 * knows which accounts at the connected tools are yours. The providers send you back here with
 * ?code=…&state=…, which this page completes once and then clears from the address bar.
 */
export function LinkedAccountsPage() {
  usePageTitle('Linked accounts');
  const { data, error, refetch } = useLinkedAccountsQuery();
  const [start] = useLinkAccountMutation();
  const [unlink] = useUnlinkAccountMutation({ refetchQueries: [LinkedAccountsDocument] });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const onLinked = useCallback(() => void refetch(), [refetch]);
  const callback = useLinkCallback(onLinked, data !== undefined || error !== undefined);

  useEffect(() => {
    if (callback.phase === 'done')
      notifications.show({
        color: 'teal',
        title: `${providerLabel(callback.account.provider)} account linked`,
        message: callback.account.email ?? `Account ${callback.account.accountId}`,
      });
  }, [callback]);

  const link = async (provider: string) => {
    setProblem(null);
    setBusy(provider);
    try {
      const { data: started } = await start({ variables: { provider } });
      if (started) openProvider(started.linkAccount);
      else setBusy(null);
    } catch (e) {
      setBusy(null);
      setProblem({
        title: `Could not link ${providerLabel(provider)}`,
        message: describeError(e).message,
      });
    }
  };

  const remove = async (provider: string) => {
    setProblem(null);
    setBusy(provider);
    try {
      await unlink({ variables: { provider }, awaitRefetchQueries: true });
      notifications.show({
        color: 'teal',
        title: `${providerLabel(provider)} account unlinked`,
        message: 'Lumen no longer treats it as yours.',
      });
    } catch (e) {
      setProblem({
        title: `Could not unlink ${providerLabel(provider)}`,
        message: describeError(e).message,
      });
    } finally {
      setBusy(null);
    }
  };

  const failed =
    callback.phase === 'failed'
      ? { title: 'The account was not linked', message: callback.message }
      : problem;

  return (
    <>
      <PageHeader
        title="Linked accounts"
        subtitle="Your own accounts at the tools your workspace connects"
        description="Link the accounts you use at Atlassian, Google and GitHub so Lumen knows which of the connected tools’ people you are, and can show you what you may open there. Lumen keeps the account’s id and, when the provider has verified it, its email. Only when a connection’s account may not read a tool’s permissions does linking also ask for read access, so Lumen can ask the tool what you may open."
      />
      <Stack gap="md">
        {callback.phase === 'linking' && (
          <Alert
            color="blue"
            variant="light"
            icon={<Loader size={16} />}
            title="Linking your account…"
            role="status"
          >
            Checking with the provider.
          </Alert>
        )}
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={failed.title}
            role="alert"
            withCloseButton={callback.phase !== 'failed'}
            onClose={() => setProblem(null)}
          >
            {failed.message}
          </Alert>
        )}
        <QueryState
          data={data?.linkedAccounts}
          error={error}
          onRetry={() => void refetch()}
          errorTitle="Could not load your linked accounts"
          loading={
            <Paper withBorder radius="lg" p="md" aria-busy aria-label="Loading linked accounts">
              <Stack gap="md">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} height={40} />
                ))}
              </Stack>
            </Paper>
          }
        >
          {(accounts) => (
            <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {LINK_PROVIDERS.map((provider, i) => (
                <Fragment key={provider.key}>
                  {i > 0 && <Divider component="li" aria-hidden />}
                  <LinkedAccountRow
                    provider={provider}
                    account={accounts.find((a) => a.provider === provider.key)}
                    busy={busy === provider.key}
                    onLink={() => void link(provider.key)}
                    onUnlink={() => void remove(provider.key)}
                  />
                </Fragment>
              ))}
            </Paper>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
