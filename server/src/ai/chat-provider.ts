import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

export type ProviderFailure = 'auth' | 'rate_limit' | 'timeout' | 'unavailable' | 'rejected';

/** Why the provider did not answer, in words a user can act on (never the raw error). */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Which key a provider runs on, for its circuit breaker and its notices: never the secret. */
export interface ProviderKeyRef {
  /** A saved key's row id, or `server` for the server's key. */
  id: string;
  /** A member's saved key (they fix it in Integrations) or the server's (an admin fixes it). */
  owner: 'member' | 'server';
  /** The member who saved it (null: the server's key). */
  userId: string | null;
  /** Why the provider refused the key, when it was marked so (a saved key's row says it). */
  invalidReason: string | null;
  /** Records that the provider refused the key, so nothing calls it until it is saved again. */
  markInvalid(reason: string): Promise<void>;
}

export interface ChatProviderOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  key: ProviderKeyRef;
}

/** Streams a chat completion from OpenAI or any server speaking its API (OPENAI_BASE_URL). */
export class ChatProvider {
  private readonly client: OpenAI;

  constructor(readonly options: ChatProviderOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: 1,
    });
  }

  get model() {
    return this.options.model;
  }

  get key(): ProviderKeyRef {
    return this.options.key;
  }

  /** The whole answer; `onDelta` sees each piece as it arrives. */
  async stream(
    messages: ChatCompletionMessageParam[],
    onDelta: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<string> {
    let text = '';
    try {
      const stream = await this.client.chat.completions.create(
        { model: this.options.model, messages, stream: true, temperature: 0.2 },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content ?? '';
        if (delta) {
          text += delta;
          onDelta(delta);
        }
      }
    } catch (error) {
      throw describeFailure(error);
    }
    if (!text.trim())
      throw new ProviderError('unavailable', 'The AI provider sent an empty answer.');
    return text;
  }

  /** A short reply in one piece (no streaming): for small internal tasks such as a rewrite. */
  async complete(
    messages: ChatCompletionMessageParam[],
    options: { maxTokens: number; signal?: AbortSignal },
  ): Promise<string> {
    let text: string;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages,
          temperature: 0,
          max_tokens: options.maxTokens,
        },
        { signal: options.signal },
      );
      text = completion.choices[0]?.message?.content ?? '';
    } catch (error) {
      throw describeFailure(error);
    }
    if (!text.trim())
      throw new ProviderError('unavailable', 'The AI provider sent an empty answer.');
    return text.trim();
  }
}

function describeFailure(error: unknown): ProviderError {
  if (
    error instanceof OpenAI.AuthenticationError ||
    error instanceof OpenAI.PermissionDeniedError
  ) {
    return new ProviderError('auth', 'The AI provider refused the API key.');
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new ProviderError(
      'rate_limit',
      'The AI provider is rate limiting this key; try again shortly.',
    );
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('timeout', 'The AI provider did not answer in time.');
  }
  if (error instanceof OpenAI.BadRequestError || error instanceof OpenAI.NotFoundError) {
    return new ProviderError(
      'rejected',
      'The AI provider rejected the request (check the model name).',
    );
  }
  return new ProviderError('unavailable', 'The AI provider could not be reached.');
}

/** The server's AI provider as configured (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL…). */
export interface ProviderSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}
