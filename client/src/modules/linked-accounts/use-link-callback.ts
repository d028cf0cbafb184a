import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { describeError } from '../../shared/graphql-errors';
import {
  LinkedAccountsDocument,
  useCompleteAccountLinkMutation,
  type LinkedAccountFieldsFragment,
  type LinkedAccountsQuery,
} from './graphql/linked-accounts.generated';

export type LinkCallback =
  | { phase: 'none' }
  | { phase: 'linking' }
  | { phase: 'done'; account: LinkedAccountFieldsFragment }
  | { phase: 'failed'; message: string };

/**
 * The provider's return to /app/account/linked?code=…&state=…: completed once only (a done flag,
 * so a re-render or StrictMode's second effect cannot spend the single-use state twice), then
 * code and state leave the address bar, whatever the outcome.
 */
export function useLinkCallback(
  onLinked: () => void,
  /** The list has loaded: the new link is put into it, rather than racing its first load. */
  ready = true,
): LinkCallback {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const done = useRef(false);
  const [complete] = useCompleteAccountLinkMutation({
    // The new link replaces the provider's old one in the list at once (no refetch race with
    // the list's first load).
    update(cache, { data }) {
      const account = data?.completeAccountLink;
      if (!account) return;
      cache.updateQuery<LinkedAccountsQuery>({ query: LinkedAccountsDocument }, (previous) =>
        previous
          ? {
              linkedAccounts: [
                ...previous.linkedAccounts.filter((a) => a.provider !== account.provider),
                account,
              ],
            }
          : previous,
      );
    },
  });
  const [result, setResult] = useState<LinkCallback>(() =>
    code || denied ? { phase: 'linking' } : { phase: 'none' },
  );

  useEffect(() => {
    if (done.current || (!code && !denied) || !ready) return;
    done.current = true;
    const clear = () => setParams({}, { replace: true });
    if (denied) {
      setResult({
        phase: 'failed',
        message:
          denied === 'access_denied'
            ? 'Linking was cancelled at the provider: nothing was linked.'
            : `The provider answered: ${params.get('error_description') ?? denied}.`,
      });
      clear();
      return;
    }
    complete({ variables: { code: code!, state: state ?? '' } })
      .then(({ data }) => {
        if (data) setResult({ phase: 'done', account: data.completeAccountLink });
        onLinked();
      })
      .catch((error: unknown) =>
        setResult({ phase: 'failed', message: describeError(error).message }),
      )
      .finally(clear);
  }, [code, state, denied, params, setParams, complete, onLinked, ready]);

  return result;
}
