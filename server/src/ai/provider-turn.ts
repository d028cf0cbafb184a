import type { Logger } from '../shared/logger.js';
import { ProviderError, type ChatProvider } from './chat-provider.js';
import type { ProviderBreaker, ProviderState } from './provider-breaker.js';
import { providerNotice, type KeyFixer } from './provider-notices.js';

/** The key's state as an answer reports it; `none`: no key, so answers are extractive anyway. */
export type AnswerProviderState = ProviderState | 'none';

/**
 * One question's use of a provider key: every call (the follow-up rewrite, the answer) asks the
 * key's breaker first and tells it how the call went, so a failing key is skipped at once. It
 * keeps the failure this question met, which is what its notice tells (once: later questions
 * skipped by the breaker carry no notice, only the state).
 */
export class ProviderTurn {
  private failure: ProviderError | null = null;
  private refused = false;

  constructor(
    private readonly provider: ChatProvider | null,
    private readonly breaker: ProviderBreaker,
    private readonly logger: Logger,
  ) {}

  get model(): string | null {
    return this.provider?.model ?? null;
  }

  /**
   * `call` on the provider when the key may be used now; null when it may not, or when it failed
   * (a provider failure never reaches the asker; anything else is thrown).
   */
  async run<T>(
    what: string,
    call: (provider: ChatProvider) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T | null> {
    const provider = this.provider;
    if (!provider || provider.key.invalidReason !== null || this.refused) return null;
    const key = provider.key;
    if (!this.breaker.admit(key.id).call) return null;
    try {
      const value = await call(provider);
      this.breaker.succeeded(key.id);
      return value;
    } catch (error) {
      if (!(error instanceof ProviderError) || signal?.aborted) {
        // The asker left (or a bug): no verdict on the key.
        this.breaker.released(key.id);
        if (!(error instanceof ProviderError)) throw error;
        return null;
      }
      this.failure = error;
      this.logger.warn(`AI provider failed (${what}); answering from the sources`, {
        kind: error.kind,
        key: key.id, // a row id or `server`, never the secret
      });
      if (error.kind === 'auth') {
        this.refused = true;
        this.breaker.released(key.id);
        await key
          .markInvalid(error.message)
          .catch((failure: unknown) =>
            this.logger.error('Could not mark the refused AI key', { key: key.id, error: failure }),
          );
      } else {
        this.breaker.failed(key.id, error.kind, error.message);
      }
      return null;
    }
  }

  /** The key's state after this question. */
  state(): AnswerProviderState {
    const provider = this.provider;
    if (!provider) return 'none';
    if (this.refused || provider.key.invalidReason !== null) return 'invalid';
    return this.breaker.state(provider.key.id);
  }

  /** What the answer says about a failure this question met (null: none met). */
  notice(askerId: string | null, language?: string): string | null {
    if (!this.failure || !this.provider) return null;
    const key = this.provider.key;
    const fixer: KeyFixer =
      key.owner === 'server' ? 'server' : key.userId === askerId ? 'own' : 'bot_owner';
    return providerNotice(this.failure, fixer, language);
  }
}
