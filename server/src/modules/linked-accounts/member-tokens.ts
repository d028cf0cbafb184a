import type { OAuthProvider } from '../connectors/oauth-provider.js';
import type { CredentialStore } from '../connectors/credentials.js';

/** The AAD a member's token is sealed under: it opens only in that linked account's row. */
export const linkedTokenContext = (linkId: string) => `linked-account:${linkId}`;

/**
 * Members' own tokens (`linked_accounts.sealed_token`), renewed with their provider's OAuth
 * server: the permission sync asks a tool with them what each member may read.
 */
export function linkedTokenStore(
  oauthFor: (provider: string) => OAuthProvider | undefined,
): CredentialStore {
  return {
    context: linkedTokenContext,
    goneMessage: 'This linked account no longer lets Lumen check what you may read.',
    async lock(m, id) {
      const [row]: { sealed_token: string | null; provider: string }[] = await m.query(
        `SELECT sealed_token, provider FROM linked_accounts WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return { sealed: row?.sealed_token ?? null, oauth: row && oauthFor(row.provider) };
    },
    async save(m, id, sealed) {
      await m.query(`UPDATE linked_accounts SET sealed_token = $2 WHERE id = $1`, [id, sealed]);
    },
  };
}
