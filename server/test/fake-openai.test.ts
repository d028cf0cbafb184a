import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  citeFirstPassage,
  fakeEmbedding,
  startFakeOpenAI,
  type FakeOpenAI,
} from './helpers/fake-openai.js';

const apiKey = 'sk-test-key-1234';
const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'Answer only from the numbered passages and cite them.' },
  {
    role: 'user',
    content:
      'Passages:\n[1] The quarterly report shows revenue grew by twelve percent across all regions this year.\n' +
      '[2] Costs stayed flat.\n\nQuestion: How did revenue change?',
  },
];
const cited =
  'According to the sources, The quarterly report shows revenue grew by twelve percent across all regions [1].';

let fake: FakeOpenAI;
const client = (options: { apiKey?: string; timeout?: number } = {}) =>
  new OpenAI({ apiKey, baseURL: fake.url, maxRetries: 0, timeout: 2000, ...options });

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply(citeFirstPassage);
});

describe('fake OpenAI chat completions', () => {
  it('answers a plain completion by citing the first passage and records the request', async () => {
    const completion = await client().chat.completions.create({ model: 'gpt-4o-mini', messages });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: cited });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage!.total_tokens).toBe(
      completion.usage!.prompt_tokens + completion.usage!.completion_tokens,
    );
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].path).toBe('/v1/chat/completions');
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(fake.requests[0].body.messages).toEqual(messages);
  });

  it('streams the answer over several deltas, with usage when asked', async () => {
    fake.reply(() => ({ kind: 'answer', text: 'Revenue grew by twelve percent [1].' }));
    const stream = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) deltas.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Revenue grew by twelve percent [1].');
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBe(6);
    expect(fake.requests[0].body.stream).toBe(true);
  });

  it('rejects a wrong key with 401 invalid_api_key', async () => {
    const error = await client({ apiKey: 'sk-wrong-key-9999' })
      .chat.completions.create({ model: 'gpt-4o-mini', messages })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
    await expect(client({ apiKey: 'sk-wrong-key-9999' }).models.list()).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });

  it('lists models for the right key', async () => {
    const models = await client().models.list();
    expect(models.data.map((m) => m.id)).toContain('gpt-4o-mini');
  });

  it('rejects a request without messages with 400', async () => {
    await expect(
      client().chat.completions.create({ model: 'gpt-4o-mini', messages: [] }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('maps a 429 reply to RateLimitError', async () => {
    fake.reply(() => ({ kind: 'error', status: 429, code: 'rate_limit_exceeded' }));
    const error = await client()
      .chat.completions.create({ model: 'gpt-4o-mini', messages })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('rate_limit_exceeded');
  });

  it('times out on a hanging request', async () => {
    fake.reply(() => ({ kind: 'hang' }));
    await expect(
      client({ timeout: 300 }).chat.completions.create({ model: 'gpt-4o-mini', messages }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  it('throws while iterating a stream cut midway', async () => {
    fake.reply(() => ({ kind: 'stream-error-midway', text: 'one two three four five six' }));
    const stream = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
    });
    const deltas: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    ).rejects.toThrow();
    expect(deltas.join('')).toBe('one two three');
  });
});

describe('fake OpenAI embeddings', () => {
  it('answers the real client in its default base64 encoding and in floats', async () => {
    const input = ['Our car fleet is serviced.', 'Our automobile fleet is maintained.'];
    const b64 = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input,
      dimensions: 32,
    });
    const floats = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input,
      dimensions: 32,
      encoding_format: 'float',
    });
    expect(b64.data.map((d) => d.index)).toEqual([0, 1]);
    for (const [i, d] of floats.data.entries()) {
      expect(d.embedding).toHaveLength(32);
      expect(d.embedding).toEqual(fakeEmbedding(input[i], 32));
      b64.data[i].embedding.forEach((x, j) => expect(x).toBeCloseTo(d.embedding[j], 6));
    }
    // Synonyms share concepts: the two sentences mean the same to the fake.
    const dot = floats.data[0].embedding.reduce(
      (s, x, j) => s + x * floats.data[1].embedding[j],
      0,
    );
    expect(dot).toBeCloseTo(1, 6);
  });

  it('refuses a bad key and empty input like the API', async () => {
    await expect(
      client({ apiKey: 'sk-wrong' }).embeddings.create({
        model: 'text-embedding-3-small',
        input: 'x',
      }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(
      client().embeddings.create({ model: 'text-embedding-3-small', input: [] }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });
});
