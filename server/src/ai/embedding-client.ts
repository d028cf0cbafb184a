import OpenAI from 'openai';

export interface EmbeddingClientOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  dimensions: number;
  timeoutMs: number;
}

/** The provider refused the request itself (key, permission, model): retrying will not help. */
export class EmbeddingRefused extends Error {}

/** Inputs per request: well under OpenAI's 2,048-input and 300k-token limits for ~1.5k-char chunks. */
export const EMBED_BATCH = 64;

/**
 * Text embeddings through the OpenAI embeddings API (or a compatible server at OPENAI_BASE_URL).
 * Vectors come back unit-normalised, so a dot product is their cosine similarity.
 */
export class EmbeddingClient {
  private readonly client: OpenAI;

  constructor(readonly options: EmbeddingClientOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: 1,
    });
  }

  /**
   * What stored vectors are tagged with: vectors of another model or size cannot be compared,
   * so changing either re-embeds (the backfill at start finds chunks without a matching tag).
   */
  get vectorSpace() {
    return `${this.options.model}/${this.options.dimensions}`;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    try {
      const res = await this.client.embeddings.create(
        {
          model: this.options.model,
          input: texts,
          dimensions: this.options.dimensions,
          encoding_format: 'float',
        },
        { signal },
      );
      const vectors = new Array<Float32Array>(texts.length);
      for (const item of res.data)
        vectors[item.index] = normalise(Float32Array.from(item.embedding));
      if (vectors.some((v) => !v)) throw new Error('The provider returned too few embeddings.');
      return vectors;
    } catch (error) {
      if (
        error instanceof OpenAI.AuthenticationError ||
        error instanceof OpenAI.PermissionDeniedError ||
        error instanceof OpenAI.BadRequestError ||
        error instanceof OpenAI.NotFoundError
      ) {
        throw new EmbeddingRefused(error.message);
      }
      throw error;
    }
  }
}

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

/** Cosine similarity of two unit vectors (0 when their sizes differ: another model's vector). */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

/** Stored as little-endian float32 bytes: 2 KB for 512 dimensions. */
export function vectorToBytes(v: Float32Array): Buffer {
  const out = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) out.writeFloatLE(v[i], i * 4);
  return out;
}

export function bytesToVector(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}
