/**
 * What a failing AI provider key costs a question, before and after the circuit breaker: ask
 * latency (POST /api/ask, end to end) against the loopback fake of OpenAI.
 *   npm run bench:provider                       embedded Postgres
 *   BENCH_DATABASE_URL=postgres://… npm run bench:provider
 * Rows: a user without a key (extractive), the same questions on a working key (the fake answers
 * at once), then the key failing with HTTP 500 and separately hanging until the client's timeout
 * (OPENAI_TIMEOUT_SECONDS, default 2 here): "meets the failure" is every question calling the
 * provider and failing, as before the breaker (the breaker is reset before each one); "breaker
 * open" is the questions after the first failure, answered without the provider.
 * Options: QUESTIONS (default 50), HANG_QUESTIONS (questions meeting a hang, default 6: each
 * waits for the timeout twice, the client retrying once).
 */
import 'reflect-metadata';
import os from 'node:os';
import { startFakeOpenAI, type FakeReply } from '../server/test/helpers/fake-openai.js';
import { startBenchServer } from './support/bench-server.js';

const QUESTIONS = Number(process.env.QUESTIONS ?? 50);
const HANG_QUESTIONS = Number(process.env.HANG_QUESTIONS ?? 6);
const TIMEOUT_SECONDS = process.env.OPENAI_TIMEOUT_SECONDS ?? '2';
const KEY = 'sk-bench-provider-failure-0001';

const OFFICES = ['Montreal', 'Toronto', 'Lyon', 'Osaka', 'Austin', 'Lisbon', 'Nairobi', 'Oslo'];
const TOPICS = [
  ['fire assembly point', 'the north park entrance'],
  ['visitor parking', 'level minus two of the garage'],
  ['lunch service', 'the cafeteria at noon'],
  ['first aid kit', 'the cupboard beside reception'],
  ['bicycle storage', 'the locked room behind the loading dock'],
  ['mail pickup', 'the front desk at four o’clock'],
] as const;

const fake = await startFakeOpenAI({ apiKey: KEY });
const { server, call, mode, stop } = await startBenchServer('provider', {
  OPENAI_BASE_URL: fake.url,
  OPENAI_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
  ASK_RATE_PER_MINUTE: '1000000',
});

/** Signs up (its own workspace), uploads the handbook and waits until it is indexed. */
async function userWithHandbook(name: string): Promise<string> {
  const email = `${name}@example.com`;
  const password = 'bench passphrase 1';
  await call('POST', '/api/signup', { email, password });
  const { token } = await call('POST', '/api/signin', { email, password });
  for (const office of OFFICES) {
    const text = [`${office} office handbook.`]
      .concat(TOPICS.map(([topic, place]) => `The ${topic} of the ${office} office is ${place}.`))
      .join('\n\n');
    const ticket = await call(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: `${office.toLowerCase()}-handbook.txt`, fileType: 'text/plain' },
      token,
    );
    const put = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      body: text,
      headers: { 'Content-Type': 'text/plain' },
    });
    if (!put.ok) throw new Error(`PUT ${put.status}`);
    const confirmed = await call(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.fileKey },
      token,
    );
    if (!confirmed.documentId) throw new Error(JSON.stringify(confirmed));
  }
  for (;;) {
    const [row] = await server.services.db.query(
      `SELECT count(*) FILTER (WHERE d.status = 'indexed')::int AS indexed
         FROM documents d JOIN users u ON u.workspace_id = d.workspace_id WHERE u.email = $1`,
      [email],
    );
    if (row.indexed === OFFICES.length) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const question = (i: number) => {
  const [topic] = TOPICS[i % TOPICS.length];
  return `Where is the ${topic} of the ${OFFICES[Math.floor(i / TOPICS.length) % OFFICES.length]} office?`;
};

interface Timed {
  ms: number[];
  modes: Set<string>;
  states: Set<string>;
  notices: number;
  requests: number;
}

/** Asks `n` questions one after another; `before` runs before each. */
async function timeAsks(token: string, n: number, before: () => void = () => {}): Promise<Timed> {
  const out: Timed = { ms: [], modes: new Set(), states: new Set(), notices: 0, requests: 0 };
  const requestsBefore = fake.requests.length;
  for (let i = 0; i < n; i++) {
    before();
    const t0 = performance.now();
    const body = await call('POST', '/api/ask', { question: question(i) }, token);
    out.ms.push(performance.now() - t0);
    if (!body.answer) throw new Error(JSON.stringify(body));
    out.modes.add(body.answer.mode);
    out.states.add(body.answer.providerState);
    if (body.answer.notice) out.notices++;
  }
  out.requests = fake.requests.length - requestsBefore;
  return out;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (n: number) => `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ms`;

function row(label: string, t: Timed) {
  console.log(
    `  ${label.padEnd(38)} n=${String(t.ms.length).padStart(3)}  p50 ${ms(pct(t.ms, 50)).padStart(9)}  p95 ${ms(pct(t.ms, 95)).padStart(9)}  ` +
      `provider requests ${String(t.requests).padStart(3)}  notices ${String(t.notices).padStart(2)}  ` +
      `${[...t.modes].join('/')}, ${[...t.states].join('/')}`,
  );
}

try {
  const noKey = await userWithHandbook('nokey');
  const withKey = await userWithHandbook('withkey');
  const saved = await call(
    'POST',
    '/graphql',
    {
      query: `mutation($v: String!) { saveProviderKey(value: $v) { status } }`,
      variables: { v: KEY },
    },
    withKey,
  );
  if (saved.data?.saveProviderKey?.status !== 'OK') throw new Error(JSON.stringify(saved));
  const breaker = server.services.ask.breaker;
  const fail = (reply: FakeReply) => fake.reply(() => reply);

  // Warm-up (connections, plans), not measured.
  await timeAsks(noKey, 10);
  await timeAsks(withKey, 10);

  console.log(
    `provider failure benchmark (${mode} database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}): POST /api/ask, one question at a time, OPENAI_TIMEOUT_SECONDS=${TIMEOUT_SECONDS}, client retries 1`,
  );
  row('no key (extractive)', await timeAsks(noKey, QUESTIONS));
  row('working key (fake answers at once)', await timeAsks(withKey, QUESTIONS));

  fail({ kind: 'error', status: 500 });
  row(
    'key fails 500: meets the failure',
    await timeAsks(withKey, QUESTIONS, () => breaker.reset()),
  );
  breaker.reset();
  const first500 = await timeAsks(withKey, 1);
  row('key fails 500: first question', first500);
  row('key fails 500: breaker open', await timeAsks(withKey, QUESTIONS));

  fail({ kind: 'hang' });
  breaker.reset();
  row(
    'key hangs: meets the timeout',
    await timeAsks(withKey, HANG_QUESTIONS, () => breaker.reset()),
  );
  breaker.reset();
  row('key hangs: first question', await timeAsks(withKey, 1));
  row('key hangs: breaker open', await timeAsks(withKey, QUESTIONS));
} finally {
  await stop();
  await fake.close();
}
