import type { AuditLog } from '../audit/audit-log.js';
import OpenAI from 'openai';
import type { DataSource } from 'typeorm';
import { ChatProvider, type ProviderSettings } from '../../ai/chat-provider.js';
import type { ProviderBreaker, ProviderState } from '../../ai/provider-breaker.js';
import { badInput } from '../../shared/app-error.js';
import { maskSecret, openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import type { Viewer } from '../identity/viewer.js';
import { ProviderKey } from './provider-key.entity.js';

export interface MaskedKey {
  id: string;
  userId: string;
  masked: string;
  verifiedAt: Date | null;
  /** invalid: refused by the provider until saved again; cooling_down: failing, skipped a while. */
  status: ProviderState;
  invalidAt: Date | null;
  invalidReason: string | null;
  /** When a cooling-down key is tried again. */
  retryAt: Date | null;
}

export interface SaveKeyResult extends MaskedKey {
  /** null when not checked; otherwise whether the provider accepted the key. */
  verified: boolean | null;
  verifyMessage: string | null;
}

/** The AAD a provider key is sealed under: it opens only in its owner's row. */
export const providerKeyContext = (userId: string) => `provider-key:${userId}`;
const context = providerKeyContext;

/** Each user's own AI provider key: sealed at rest, read back masked, used for their bots. */
export class ProviderKeysService {
  constructor(
    private readonly db: DataSource,
    private readonly secretsKey: SecretKeys,
    private readonly settings: ProviderSettings,
    private readonly audit: AuditLog,
    /** The answers' breaker: a key's cooling-down state lives there. */
    private readonly breaker: ProviderBreaker,
  ) {}

  async get(viewer: Viewer): Promise<MaskedKey | null> {
    const key = await this.db.getRepository(ProviderKey).findOneBy({ userId: viewer.userId });
    return key ? this.toMasked(key) : null;
  }

  /** The state of a user's key (null: they have none), e.g. for the bots that run on it. */
  async statusOf(userId: string): Promise<ProviderState | null> {
    const key = await this.db.getRepository(ProviderKey).findOneBy({ userId });
    return key ? this.toMasked(key).status : null;
  }

  /**
   * The provider refused the key: marked on its row so no instance calls it until it is saved
   * again. Only while the row still holds the refused key (a key saved meanwhile is untouched).
   */
  private async markInvalid(key: ProviderKey, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE provider_keys SET invalid_at = now(), invalid_reason = $3
        WHERE id = $1 AND sealed_value = $2 AND invalid_at IS NULL`,
      [key.id, key.sealedValue, reason],
    );
  }

  /**
   * Stores the key. Sending back the masked value unchanged keeps the stored key (forms show the
   * masked value and may be saved as they are). With `verify`, asks the provider whether the key
   * works (GET /models) and says so; a refused key is still stored, as the user asked.
   */
  async save(viewer: Viewer, raw: unknown, verify = false): Promise<SaveKeyResult> {
    const repo = this.db.getRepository(ProviderKey);
    const existing = await repo.findOneBy({ userId: viewer.userId });
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (existing && value === existing.masked) {
      // Saving the key as it is means "try it again": the refusal and any cool-down are cleared.
      if (existing.invalidAt) {
        existing.invalidAt = null;
        existing.invalidReason = null;
        await repo.save(existing);
      }
      this.breaker.clear(existing.id);
      return { ...this.toMasked(existing), verified: null, verifyMessage: null };
    }
    if (!value) throw badInput('Paste your API key.', { field: 'value' });
    if (value.length > 400 || /\s/.test(value) || value.includes('…')) {
      throw badInput('That does not look like an API key (no spaces, at most 400 characters).', {
        field: 'value',
      });
    }
    let verified: boolean | null = null;
    let verifyMessage: string | null = null;
    if (verify) ({ verified, message: verifyMessage } = await this.verify(value));
    const saved = await repo.save({
      ...(existing ?? {}),
      userId: viewer.userId,
      workspaceId: viewer.workspaceId,
      provider: 'openai',
      sealedValue: sealSecret(this.secretsKey, value, context(viewer.userId)),
      masked: maskSecret(value),
      verifiedAt: verified ? new Date() : null,
      // A key saved again is tried again. (A refused check does not mark it: a restricted key may
      // be denied the model list yet allowed to chat.)
      invalidAt: null,
      invalidReason: null,
    });
    this.breaker.clear(saved.id);
    await this.audit.record(viewer, 'provider_key.saved', {
      type: 'provider_key',
      id: saved.id,
      label: saved.masked,
    });
    return { ...this.toMasked(saved), verified, verifyMessage };
  }

  async remove(viewer: Viewer): Promise<void> {
    const key = await this.db.getRepository(ProviderKey).findOneBy({ userId: viewer.userId });
    if (!key) return;
    await this.db.getRepository(ProviderKey).delete({ id: key.id });
    this.breaker.clear(key.id);
    await this.audit.record(viewer, 'provider_key.removed', {
      type: 'provider_key',
      id: key.id,
      label: key.masked,
    });
  }

  /**
   * A chat provider on the user's key for `model`, or null when they have none. A key marked
   * refused still comes back (answers then say so without calling it).
   */
  async providerFor(userId: string, model: string): Promise<ChatProvider | null> {
    const key = await this.db.getRepository(ProviderKey).findOneBy({ userId });
    if (!key) return null;
    return new ChatProvider({
      apiKey: openSecret(this.secretsKey, key.sealedValue, context(userId)),
      baseUrl: this.settings.baseUrl,
      model,
      timeoutMs: this.settings.timeoutMs,
      key: {
        id: key.id,
        owner: 'member',
        userId,
        invalidReason: key.invalidAt
          ? (key.invalidReason ?? 'The AI provider refused the key.')
          : null,
        markInvalid: (reason) => this.markInvalid(key, reason),
      },
    });
  }

  private async verify(apiKey: string): Promise<{ verified: boolean; message: string }> {
    const client = new OpenAI({
      apiKey,
      baseURL: this.settings.baseUrl,
      timeout: Math.min(this.settings.timeoutMs, 10_000),
      maxRetries: 0,
    });
    try {
      await client.models.list();
      return { verified: true, message: 'The provider accepted the key.' };
    } catch (error) {
      if (
        error instanceof OpenAI.AuthenticationError ||
        error instanceof OpenAI.PermissionDeniedError
      )
        return { verified: false, message: 'The provider refused this key.' };
      return { verified: false, message: 'The provider could not be reached to check the key.' };
    }
  }

  private toMasked(key: ProviderKey): MaskedKey {
    const status: ProviderState = key.invalidAt ? 'invalid' : this.breaker.state(key.id);
    return {
      id: key.id,
      userId: key.userId,
      masked: key.masked,
      verifiedAt: key.verifiedAt,
      status,
      invalidAt: key.invalidAt,
      invalidReason: key.invalidAt ? key.invalidReason : null,
      retryAt: status === 'cooling_down' ? this.breaker.retryAt(key.id) : null,
    };
  }
}
