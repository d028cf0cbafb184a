import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { CredentialVault } from '../connectors/credentials.js';
import { kindsOf } from '../corpus/index.js';
import { hashToken, randomToken } from '../../security/app-keys.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { Viewer } from '../identity/viewer.js';
import {
  isLinkProvider,
  LINK_PROVIDERS,
  type IdentityProvider,
  type LinkedIdentity,
  type LinkProvider,
} from './identity-providers.js';
import { LinkState } from './link-state.entity.js';
import { LinkedAccount } from './linked-account.entity.js';
import { LinkedAccountErrors } from './linked-accounts.errors.js';

const STATE_TTL_MS = 10 * 60 * 1000;
const MAX_CALLBACK_LENGTH = 2048;
const UNIQUE_ACCOUNT_INDEX = 'uq_linked_accounts_workspace_account';

/**
 * A member's linked accounts at Atlassian, Google and GitHub: Link answers the provider's
 * authorize URL with a single-use state bound to the member; the callback's code is exchanged
 * once, the provider's stable account id read (and a verified email), and the link saved. Every
 * call acts on the caller's own links only.
 */
export class LinkedAccountsService {
  /**
   * Called once a member linked with read access: the sources that ask each member about their
   * access read it again now, instead of at their next interval.
   */
  onReadAccess: (sourceIds: string[]) => Promise<void> = async () => {};

  constructor(
    private readonly db: DataSource,
    private readonly providers: Record<LinkProvider, IdentityProvider>,
    private readonly tokenHash: Buffer,
    private readonly audit: AuditLog,
    /** Seals members' own tokens (kept only when read access was asked for). */
    private readonly tokens: CredentialVault,
  ) {}

  /**
   * The workspace's sources that learn from each member what they may read (their connection may
   * not read the tool's permissions): linking to this provider must then ask for read access.
   */
  private async askingSources(workspaceId: string, provider: LinkProvider): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM sources WHERE workspace_id = $1 AND access_mode = 'mirror'
          AND permissions_by_member AND kind = ANY($2::text[])`,
      [workspaceId, kindsOf(provider)],
    );
    return rows.map((r) => r.id);
  }

  /** The caller's own links, in provider order. */
  async list(viewer: Viewer): Promise<LinkedAccount[]> {
    const rows = await this.db
      .getRepository(LinkedAccount)
      .findBy({ userId: viewer.userId, workspaceId: viewer.workspaceId });
    const order = (p: string) => LINK_PROVIDERS.indexOf(p as LinkProvider);
    return rows.sort((a, b) => order(a.provider) - order(b.provider));
  }

  /** The provider's authorize URL, with a fresh state bound to the caller (10 minutes, once). */
  async start(viewer: Viewer, rawProvider: string): Promise<string> {
    const provider = this.configured(viewer, rawProvider);
    const readAccess = (await this.askingSources(viewer.workspaceId, provider.provider)).length > 0;
    const state = randomToken(32);
    await this.db.transaction(async (m) => {
      await m.query(
        `DELETE FROM linked_account_states WHERE expires_at < now() - interval '1 day'`,
      );
      await m.getRepository(LinkState).insert({
        stateHash: hashToken(this.tokenHash, state),
        userId: viewer.userId,
        workspaceId: viewer.workspaceId,
        provider: provider.provider,
        readAccess,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
    });
    return provider.authorizeUrl(state, readAccess);
  }

  /**
   * The callback: the state checked (the caller's, unused, unexpired) and spent, the code
   * exchanged at the provider, the account read, the link saved (replacing the caller's earlier
   * link to that provider).
   */
  async complete(viewer: Viewer, input: { code: string; state: string }): Promise<LinkedAccount> {
    if (viewer.apiKeyId) throw LinkedAccountErrors.apiKey();
    const code = input.code.trim();
    const stateText = input.state.trim();
    if (!stateText)
      throw LinkedAccountErrors.invalidState('The provider came back without the state.');
    if (!code) throw LinkedAccountErrors.missingCode();
    // Providers' codes and our states are short; anything long is not one of them.
    if (code.length > MAX_CALLBACK_LENGTH || stateText.length > MAX_CALLBACK_LENGTH)
      throw LinkedAccountErrors.invalidState('This link request is not yours or is unknown.');
    const state = await this.db.transaction(async (m) => {
      const row = await m.getRepository(LinkState).findOne({
        where: { stateHash: hashToken(this.tokenHash, stateText) },
        lock: { mode: 'pessimistic_write' },
      });
      // Someone else's state is refused without spending it: it stays theirs to finish.
      if (!row || row.userId !== viewer.userId || row.workspaceId !== viewer.workspaceId)
        throw LinkedAccountErrors.invalidState('This link request is not yours or is unknown.');
      if (row.usedAt) throw LinkedAccountErrors.invalidState('This link request was already used.');
      if (row.expiresAt.getTime() < Date.now())
        throw LinkedAccountErrors.invalidState('This link request has expired.');
      // Spent from now on, even if the exchange fails: a code is only ever tried once.
      await m.getRepository(LinkState).update(row.id, { usedAt: new Date() });
      return row;
    });
    const provider = this.providers[state.provider as LinkProvider];
    if (!provider?.configured)
      throw LinkedAccountErrors.notConfigured(state.provider, provider?.label ?? state.provider);
    let identity;
    try {
      identity = await provider.identify(code);
    } catch (error) {
      throw LinkedAccountErrors.fromProvider(error, provider.label);
    }
    // The token is kept only when the member was asked for read access (and agreed).
    const link = await this.save(viewer, provider, identity, state.readAccess);
    if (state.readAccess) await this.askedSourcesChanged(viewer.workspaceId, provider.provider);
    await this.audit.record(viewer, 'account.linked', {
      type: 'linked_account',
      id: link.id,
      label: `${provider.label}: ${link.email ?? link.accountId}`,
      details: { provider: link.provider, accountId: link.accountId },
    });
    return link;
  }

  /** The sources asking each member of this provider start a new pass (best effort). */
  private async askedSourcesChanged(workspaceId: string, provider: LinkProvider) {
    const sourceIds = await this.askingSources(workspaceId, provider);
    // The link is saved whatever happens here: the periodic pass would reach it anyway.
    await this.onReadAccess(sourceIds).catch(() => undefined);
  }

  /** Removes the caller's link to the provider at once; false when there was none. */
  async unlink(viewer: Viewer, rawProvider: string): Promise<boolean> {
    if (viewer.apiKeyId) throw LinkedAccountErrors.apiKey();
    const provider = this.providerOf(rawProvider);
    const rows = await this.db
      .getRepository(LinkedAccount)
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND workspace_id = :workspaceId AND provider = :provider', {
        userId: viewer.userId,
        workspaceId: viewer.workspaceId,
        provider: provider.provider,
      })
      .returning(['id', 'accountId', 'email'])
      .execute();
    const removed = (rows.raw as { id: string; account_id: string; email: string | null }[])[0];
    if (!removed) return false;
    await this.audit.record(viewer, 'account.unlinked', {
      type: 'linked_account',
      id: removed.id,
      label: `${provider.label}: ${removed.email ?? removed.account_id}`,
      details: { provider: provider.provider, accountId: removed.account_id },
    });
    return true;
  }

  private async save(
    viewer: Viewer,
    provider: IdentityProvider,
    identity: LinkedIdentity,
    keepToken: boolean,
  ): Promise<LinkedAccount> {
    try {
      return await this.db.transaction(async (m) => {
        const repo = m.getRepository(LinkedAccount);
        const holder = await repo.findOneBy({
          workspaceId: viewer.workspaceId,
          provider: provider.provider,
          accountId: identity.accountId,
        });
        if (holder && holder.userId !== viewer.userId)
          throw LinkedAccountErrors.linkedToSomeoneElse(provider.label);
        await repo.delete({ userId: viewer.userId, provider: provider.provider });
        const id = randomUUID();
        const inserted = await repo.insert({
          id,
          sealedToken: keepToken ? this.tokens.seal(id, identity.token) : null,
          workspaceId: viewer.workspaceId,
          userId: viewer.userId,
          provider: provider.provider,
          accountId: identity.accountId,
          email: identity.email,
          hostedDomain: identity.hostedDomain ?? null,
        });
        return repo.findOneByOrFail({ id: inserted.identifiers[0]!.id as string });
      });
    } catch (error) {
      // Two members finishing the same account at once: the index decides, the loser is told.
      const e = error as {
        code?: string;
        constraint?: string;
        driverError?: { constraint?: string };
      };
      if (
        e.code === '23505' &&
        (e.constraint ?? e.driverError?.constraint) === UNIQUE_ACCOUNT_INDEX
      )
        throw LinkedAccountErrors.linkedToSomeoneElse(provider.label);
      throw error;
    }
  }

  private providerOf(raw: string): IdentityProvider {
    const name = raw.trim().toLowerCase();
    if (!isLinkProvider(name)) throw LinkedAccountErrors.unknownProvider(raw);
    return this.providers[name];
  }

  private configured(viewer: Viewer, raw: string): IdentityProvider {
    if (viewer.apiKeyId) throw LinkedAccountErrors.apiKey();
    const provider = this.providerOf(raw);
    if (!provider.configured)
      throw LinkedAccountErrors.notConfigured(provider.provider, provider.label);
    return provider;
  }
}
