import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for Slack's Web API, so tests run the real @slack/web-api client over real
 * HTTP. POST /api/<method> with a form or JSON body and `Authorization: Bearer <token>` (or a
 * `token` field); a token not in the table answers `{ ok: false, error: 'invalid_auth' }`. Every
 * call is recorded. Knobs: `fail(method, …)` makes the next call(s) of a method answer a 429
 * with Retry-After or an `ok: false` error. POST /response/<id> stands for a response_url.
 */

export interface FakeBot {
  teamId: string;
  team: string;
  botUserId: string;
  botId: string;
}

export interface FakeSlackUser {
  id: string;
  email?: string;
  isBot?: boolean;
  deleted?: boolean;
}

export interface FakeSlackCall {
  method: string;
  token: string | null;
  body: Record<string, any>;
  /** performance.now() when it arrived (benches time answers by it). */
  at: number;
}

type Failure = { status: 429; retryAfter: number } | { error: string };

export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;

/** Fields Slack sends as JSON strings inside a form body. */
const JSON_FIELDS = ['blocks', 'attachments'];

export async function startFakeSlack() {
  const tokens = new Map<string, FakeBot>();
  const users = new Map<string, FakeSlackUser>();
  const channels: { id: string; name: string; is_private: boolean }[] = [];
  const failures = new Map<string, Failure[]>();
  const calls: FakeSlackCall[] = [];
  const responses: { id: string; body: any }[] = [];
  let seq = 0;
  const sockets = new Set<Socket>();

  const handlers: Record<string, (bot: FakeBot, body: Record<string, any>) => Record<string, any>> =
    {
      'auth.test': (bot) => ({
        url: `https://${bot.team.toLowerCase()}.slack.com/`,
        team: bot.team,
        team_id: bot.teamId,
        user: 'lumen',
        user_id: bot.botUserId,
        bot_id: bot.botId,
      }),
      'chat.postMessage': (_bot, body) => ({ channel: body.channel, ts: nextTs(), message: body }),
      'chat.update': (_bot, body) => ({ channel: body.channel, ts: body.ts }),
      'chat.postEphemeral': () => ({ message_ts: nextTs() }),
      'reactions.add': () => ({}),
      'reactions.remove': () => ({}),
      'users.info': (_bot, body) => {
        const user = users.get(body.user);
        if (!user) return { ok: false, error: 'user_not_found' };
        return {
          user: {
            id: user.id,
            name: user.id.toLowerCase(),
            deleted: user.deleted ?? false,
            is_bot: user.isBot ?? false,
            profile: user.email ? { email: user.email } : {},
          },
        };
      },
      'conversations.list': (_bot, body) => {
        const limit = Math.min(Number(body.limit ?? 100), 1000);
        const start = body.cursor ? Number(Buffer.from(body.cursor, 'base64').toString()) : 0;
        const page = channels.slice(start, start + limit);
        const next = start + limit < channels.length ? start + limit : null;
        return {
          channels: page,
          response_metadata: {
            next_cursor: next === null ? '' : Buffer.from(String(next)).toString('base64'),
          },
        };
      },
      'conversations.info': (_bot, body) => {
        const channel = channels.find((c) => c.id === body.channel);
        return channel ? { channel } : { ok: false, error: 'channel_not_found' };
      },
    };

  function nextTs() {
    return `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = parseBody(req.headers['content-type'] ?? '', raw);
      const response = /^\/response\/([\w-]+)$/.exec(url.pathname);
      if (response) {
        responses.push({ id: response[1], body });
        return send(200, { ok: true });
      }
      const method = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1];
      if (req.method !== 'POST' || !method)
        return send(404, { ok: false, error: 'unknown_method' });
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ?? (typeof body.token === 'string' ? body.token : null);
      calls.push({ method, token, body, at: performance.now() });
      const queued = failures.get(method);
      const failure = queued?.shift();
      if (failure && 'status' in failure)
        return send(
          429,
          { ok: false, error: 'ratelimited' },
          { 'retry-after': String(failure.retryAfter) },
        );
      if (failure) return send(200, { ok: false, error: failure.error });
      const bot = token ? tokens.get(token) : undefined;
      if (!bot) return send(200, { ok: false, error: token ? 'invalid_auth' : 'not_authed' });
      const handler = handlers[method];
      if (!handler) return send(200, { ok: false, error: 'unknown_method' });
      const answer = handler(bot, body);
      send(200, { ok: true, ...answer });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    calls,
    responses,
    /** A bot token Slack accepts, for a team. */
    addBot(token: string, bot: FakeBot) {
      tokens.set(token, bot);
    },
    /** Slack stops accepting the token (as after uninstalling the app). */
    revoke(token: string) {
      tokens.delete(token);
    },
    addUser(user: FakeSlackUser) {
      users.set(user.id, user);
    },
    addChannel(id: string, name: string, isPrivate = false) {
      channels.push({ id, name, is_private: isPrivate });
    },
    /** The next `times` calls of `method` fail this way. */
    fail(method: string, failure: Failure, times = 1) {
      const list = failures.get(method) ?? [];
      for (let i = 0; i < times; i++) list.push(failure);
      failures.set(method, list);
    },
    /** The recorded calls of one method. */
    callsOf(method: string) {
      return calls.filter((c) => c.method === method);
    },
    reset() {
      calls.length = 0;
      responses.length = 0;
      failures.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseBody(contentType: string, raw: string): Record<string, any> {
  if (contentType.includes('application/json')) {
    try {
      return JSON.parse(raw) ?? {};
    } catch {
      return {};
    }
  }
  const out: Record<string, any> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    out[k] = v;
    if (JSON_FIELDS.includes(k)) {
      try {
        out[k] = JSON.parse(v);
      } catch {
        /* kept as text */
      }
    }
  }
  return out;
}
