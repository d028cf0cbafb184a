import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for the OpenAI Chat Completions API, so tests exercise the real `openai`
 * client over real HTTP (headers, SSE framing, error mapping, timeouts) without a network or a key.
 * Speaks POST /v1/chat/completions (plain and `stream: true`), POST /v1/embeddings and GET
 * /v1/models, all behind a Bearer key. What each chat request gets back is decided by a responder tests can swap.
 */

export interface FakeOpenAIRequest {
  path: string;
  headers: Record<string, string | undefined>;
  body: any; // parsed JSON, or undefined when the body was not JSON
}

export type FakeReply =
  | { kind: 'answer'; text: string }
  | { kind: 'error'; status: number; code?: string; message?: string }
  // Accept the request and never answer, so the client's timeout fires.
  | { kind: 'hang' }
  // Stream roughly the first half of `text`, then destroy the socket.
  | { kind: 'stream-error-midway'; text: string };

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'];

/**
 * The default responder cites the first numbered passage it was given: it looks for `[n]` markers
 * in the last user message, then in the system message(s), takes the lowest-numbered passage (the
 * text after its marker up to the next marker or blank line) and answers
 * `According to the sources, <first 12 words of that passage> [n].`
 * With no markers it answers `I could not find the answer in the provided sources.`
 */
export function citeFirstPassage(req: FakeOpenAIRequest): FakeReply {
  const messages: { role: string; content: unknown }[] = req.body.messages;
  const rewrite = rewriteFollowUp(messages);
  if (rewrite) return rewrite;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const texts = [
    lastUser,
    ...messages.filter((m) => m.role === 'system' || m.role === 'developer'),
  ].map((m) => (m ? contentText(m.content) : ''));
  for (const text of texts) {
    const markers = [...text.matchAll(/\[(\d+)\]/g)];
    if (markers.length === 0) continue;
    const first = markers.reduce((a, b) => (Number(b[1]) < Number(a[1]) ? b : a));
    const start = first.index + first[0].length;
    const rest = text.slice(start);
    const end = rest.search(/\[\d+\]|\n\s*\n/);
    const words = (end === -1 ? rest : rest.slice(0, end)).trim().split(/\s+/).slice(0, 12);
    return {
      kind: 'answer',
      text: `According to the sources, ${words.join(' ')} [${first[1]}].`,
    };
  }
  return { kind: 'answer', text: 'I could not find the answer in the provided sources.' };
}

/**
 * A follow-up rewrite request (its system message asks for a "standalone" question) is answered
 * the way a model would resolve it, deterministically: the follow-up followed by the first
 * question of the conversation, `<follow-up> (regarding: <first question>)`.
 */
export function rewriteFollowUp(messages: { role: string; content: unknown }[]): FakeReply | null {
  const system = messages.find((m) => m.role === 'system');
  if (!system || !/standalone/i.test(contentText(system.content))) return null;
  const user = contentText([...messages].reverse().find((m) => m.role === 'user')?.content);
  const followUp = /Follow-up:\s*(.+)/.exec(user)?.[1]?.trim() ?? '';
  const first = /User:\s*(.+)/.exec(user)?.[1]?.trim() ?? '';
  return { kind: 'answer', text: `${followUp.replace(/\?$/, '')} (regarding: ${first})` };
}

export async function startFakeOpenAI(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'sk-test-key-1234';
  const requests: FakeOpenAIRequest[] = [];
  let responder: (req: FakeOpenAIRequest) => FakeReply = citeFirstPassage;
  let embeddingFailure: number | null = null;
  let counter = 0;
  // Tracked so close() can cut hanging requests and keep-alive connections instead of waiting.
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      );
      const authorized = headers.authorization === `Bearer ${apiKey}`;
      const badKey = () =>
        sendError(res, 401, {
          message: `Incorrect API key provided: ${redact(headers.authorization)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        });

      if (req.method === 'GET' && path === '/v1/models') {
        if (!authorized) return badKey();
        return sendJson(res, 200, {
          object: 'list',
          data: MODELS.map((id) => ({
            id,
            object: 'model',
            created: 1700000000,
            owned_by: 'system',
          })),
        });
      }
      if (req.method === 'POST' && path === '/v1/embeddings') {
        const body = parseJson(Buffer.concat(chunks));
        requests.push({ path, headers, body });
        if (!authorized) return badKey();
        if (embeddingFailure) {
          return sendError(res, embeddingFailure, {
            message: `Fake OpenAI error (${embeddingFailure}).`,
            type: errorType(embeddingFailure),
            code: defaultCode(embeddingFailure) ?? null,
          });
        }
        return answerEmbeddings(res, body);
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendError(res, 404, {
          message: `Unknown request URL: ${req.method} ${path}.`,
          type: 'invalid_request_error',
          code: 'unknown_url',
        });
      }

      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const request: FakeOpenAIRequest = { path, headers, body };
      requests.push(request);
      if (!authorized) return badKey();
      const invalid = validate(body);
      if (invalid) {
        return sendError(res, 400, {
          message: invalid.message,
          type: 'invalid_request_error',
          param: invalid.param,
          code: invalid.code,
        });
      }

      const reply = responder(request);
      if (reply.kind === 'hang') return;
      if (reply.kind === 'error') {
        const code = reply.code ?? defaultCode(reply.status);
        // retry-after 0 so a client that does retry 429s doesn't sit out OpenAI's usual wait.
        if (reply.status === 429) res.setHeader('retry-after', '0');
        return sendError(res, reply.status, {
          message: reply.message ?? `Fake OpenAI error (${code ?? reply.status}).`,
          type: errorType(reply.status),
          code: code ?? null,
        });
      }

      const id = `chatcmpl-fake${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      const model: string = body.model;
      const usage = usageFor(body.messages, reply.text);
      if (!body.stream) {
        if (reply.kind === 'stream-error-midway') {
          // Nothing to stream: cut the connection before any response, like a dropped upstream.
          return req.socket.destroy();
        }
        return sendJson(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.text, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage,
          system_fingerprint: 'fp_fake',
        });
      }

      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      const chunk = (delta: object, finish: string | null) =>
        event({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          system_fingerprint: 'fp_fake',
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        });
      // Split by words, keeping the spaces, so a client sees several content deltas.
      const pieces = reply.text.match(/\s*\S+/g) ?? [reply.text];
      res.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
      if (reply.kind === 'stream-error-midway') {
        for (const piece of pieces.slice(0, Math.max(1, Math.floor(pieces.length / 2)))) {
          res.write(chunk({ content: piece }, null));
        }
        // Let the written chunks reach the client before cutting the connection mid-body.
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      for (const piece of pieces) res.write(chunk({ content: piece }, null));
      res.write(chunk({}, 'stop'));
      if (body.stream_options?.include_usage) {
        res.write(
          event({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            system_fingerprint: 'fp_fake',
            choices: [],
            usage,
          }),
        );
      }
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(fn: (req: FakeOpenAIRequest) => FakeReply) {
      responder = fn;
    },
    /** Answer every embeddings request with this HTTP error status (null: answer normally). */
    failEmbeddings(status: number | null) {
      embeddingFailure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function validate(body: any): { message: string; param: string; code: string | null } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      message: 'We could not parse the JSON body of your request.',
      param: 'body',
      code: null,
    };
  }
  if (typeof body.model !== 'string' || body.model === '') {
    return { message: 'you must provide a model parameter', param: 'model', code: null };
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return {
      message: "Invalid 'messages': empty array. Expected an array with minimum length 1.",
      param: 'messages',
      code: 'empty_array',
    };
  }
  const bad = body.messages.findIndex(
    (m: any) =>
      typeof m !== 'object' ||
      m === null ||
      typeof m.role !== 'string' ||
      !(typeof m.content === 'string' || Array.isArray(m.content)),
  );
  if (bad !== -1) {
    return {
      message: `Invalid 'messages[${bad}]': expected an object with 'role' and 'content'.`,
      param: `messages[${bad}]`,
      code: 'invalid_value',
    };
  }
  return null;
}

/** Message content is a string or an array of parts; only the text parts matter here. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (p && typeof p === 'object' && typeof p.text === 'string' ? p.text : ''))
    .join('\n');
}

/** Crude but deterministic token counts: one token per word. */
function usageFor(messages: { content: unknown }[], answer: string) {
  const count = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const prompt_tokens = messages.reduce((n, m) => n + count(contentText(m.content)), 0);
  const completion_tokens = count(answer);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function defaultCode(status: number): string | undefined {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  return undefined;
}

function errorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** OpenAI echoes only the key's first and last few characters. */
function redact(authorization: string | undefined): string {
  const key = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  return key.length > 8 ? `${key.slice(0, 3)}*****${key.slice(-4)}` : '*****';
}

function event(data: object): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function sendJson(res: http.ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(
  res: http.ServerResponse,
  status: number,
  error: { message: string; type: string; param?: string | null; code: string | null },
) {
  const { message, type, param = null, code } = error;
  sendJson(res, status, { error: { message, type, param, code } });
}

function parseJson(bytes: Buffer): any {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** POST /v1/embeddings: `input` a string or strings, `dimensions`, `encoding_format` float|base64. */
function answerEmbeddings(res: http.ServerResponse, body: any) {
  const inputs: unknown[] = typeof body?.input === 'string' ? [body.input] : body?.input;
  if (typeof body?.model !== 'string' || body.model === '') {
    return sendError(res, 400, {
      message: 'you must provide a model parameter',
      type: 'invalid_request_error',
      param: 'model',
      code: null,
    });
  }
  if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > 2048) {
    return sendError(res, 400, {
      message: "'$.input' is invalid. Please check the API reference.",
      type: 'invalid_request_error',
      param: 'input',
      code: null,
    });
  }
  if (inputs.some((i) => typeof i !== 'string' || i === '')) {
    return sendError(res, 400, {
      message: "'$.input' is invalid: every input must be a non-empty string.",
      type: 'invalid_request_error',
      param: 'input',
      code: null,
    });
  }
  const dimensions = Number(body.dimensions ?? 1536);
  const base64 = body.encoding_format === 'base64';
  let tokens = 0;
  const data = (inputs as string[]).map((text, index) => {
    tokens += text.split(/\s+/).filter(Boolean).length;
    const vector = fakeEmbedding(text, dimensions);
    return {
      object: 'embedding',
      index,
      embedding: base64 ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector,
    };
  });
  sendJson(res, 200, {
    object: 'list',
    data,
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how in is it its of on or our the to was what when where which who why will with'.split(
    ' ',
  ),
);
/** Words the fake treats as meaning the same, so tests can tell meaning from spelling. */
const SYNONYMS: Record<string, string> = {
  automobile: 'car',
  vehicle: 'car',
  auto: 'car',
  maintain: 'service',
  maintenance: 'service',
  repair: 'service',
};
const stem = (word: string) =>
  (word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word).replace(/e$/, '');
const CONCEPT = new Map(Object.entries(SYNONYMS).map(([w, c]) => [stem(w), stem(c)]));

/**
 * A deterministic stand-in for a sentence embedding: a unit bag of concepts, hashed into the
 * requested number of dimensions. Synonyms share a concept; crude suffix stripping makes
 * "service", "services" and "serviced" one.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    const concept = CONCEPT.get(stem(word)) ?? stem(word);
    let hash = 2166136261;
    for (let i = 0; i < concept.length; i++)
      hash = Math.imul(hash ^ concept.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % dimensions] += 1;
  }
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
}
