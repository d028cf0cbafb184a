/**
 * Ask Lumen in Slack (issue 30): how long from an event's arrival at POST /slack/events to the
 * answer posted in its thread, and how many events per second the endpoint acknowledges while
 * answers run. Slack is the loopback fake of the tests (server/test/helpers/fake-slack.ts); the
 * app is the real one (bench-server), events signed as Slack signs them.
 *   npm run bench:slack                      embedded Postgres
 *   BENCH_DATABASE_URL=postgres://… npm run bench:slack
 * Modes: extractive (no key) and provider (the loopback fake of OpenAI as the server key).
 * Options: QUESTIONS (answers timed one after another, default 40, after 5 not measured),
 * DOCUMENTS (text documents indexed, default 30), ACK_SECONDS (the acknowledgement run, default
 * 5), ACK_CONCURRENCY (requests in flight, default 16), JOB_CONCURRENCY (the app's workers).
 * Latency is from the request leaving the bench to the fake receiving chat.postMessage: the
 * acknowledgement, the queue's pick-up, users.info and reactions.add, the answer, the post.
 */
import 'reflect-metadata';
import os from 'node:os';
import { startFakeOpenAI } from '../server/test/helpers/fake-openai.js';
import { startFakeSlack, type FakeSlack } from '../server/test/helpers/fake-slack.js';
import { eventBody, JSON_TYPE, sendSigned } from '../server/test/helpers/slack-requests.js';
import { runBench, startBenchServer, waitFor } from './support/bench-server.js';

const QUESTIONS = Number(process.env.QUESTIONS ?? 40);
const WARMUP = 5;
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 30);
const ACK_SECONDS = Number(process.env.ACK_SECONDS ?? 5);
const ACK_CONCURRENCY = Number(process.env.ACK_CONCURRENCY ?? 16);
const KEY = 'sk-bench-slack-key';
const TOKEN = 'xoxb-bench-slack';
const SECRET = 'bench-slack-signing-secret';
const TEAM = 'T0BENCH';
const BOT_USER = 'U0LUMEN';
const TOPICS = ['runbook', 'budget', 'holiday', 'laptop', 'expense', 'security', 'onboarding'];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runMode(fake: FakeSlack, mode: 'extractive' | 'provider', openaiUrl: string | null) {
  const { server, call, stop } = await startBenchServer(`slack-${mode}`, {
    SLACK_API_URL: fake.url,
    ASK_RATE_PER_MINUTE: '1000000',
    ...(mode === 'provider' && openaiUrl
      ? { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openaiUrl, OPENAI_MODEL: 'gpt-4o-mini' }
      : {}),
    ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
  });
  try {
    const email = `slack-${mode}@example.com`;
    const password = 'bench passphrase 1';
    await call('POST', '/api/signup', { email, password });
    const { token } = await call('POST', '/api/signin', { email, password });
    const ids: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const topic = TOPICS[i % TOPICS.length];
      const text = `${topic} guide ${i}.\nThe ${topic} process number ${i} is owned by team ${i} and reviewed every quarter by the ${topic} lead.`;
      const bytes = Buffer.from(text);
      const ticket = await call(
        'POST',
        '/api/integrations/get-upload-url',
        { fileName: `${topic}-${i}.txt`, fileType: 'text/plain', fileSize: bytes.length },
        token,
      );
      await fetch(ticket.uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': 'text/plain' },
      });
      const done = await call(
        'POST',
        '/api/integrations/confirm-upload',
        { fileKey: ticket.fileKey },
        token,
      );
      ids.push(done.documentId);
    }
    await waitFor(`indexing ${ids.length} documents`, async () => {
      const [row] = await server.services.db.query(
        `SELECT count(*) FILTER (WHERE status IN ('indexed', 'failed'))::int AS done FROM documents WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return { done: row.done >= ids.length, progress: row.done };
    });
    const connected = await call(
      'POST',
      '/graphql',
      {
        query: `mutation($i: ConnectSlackInput!) { connectSlack(input: $i) { status } }`,
        variables: { i: { botToken: TOKEN, signingSecret: SECRET } },
      },
      token,
    );
    if (connected.data?.connectSlack?.status !== 'CONNECTED')
      throw new Error(`connectSlack: ${JSON.stringify(connected)}`);
    fake.addUser({ id: 'U0BENCH', email });

    // Latency: one question at a time, from the request to the posted answer.
    const latencies: number[] = [];
    for (let i = 0; i < QUESTIONS + WARMUP; i++) {
      const topic = TOPICS[i % TOPICS.length];
      const body = eventBody(TEAM, {
        type: 'app_mention',
        user: 'U0BENCH',
        text: `<@${BOT_USER}> who owns the ${topic} process number ${i % DOCUMENTS}?`,
        channel: 'C0BENCH',
      });
      const ts = JSON.parse(body).event.ts as string;
      const started = performance.now();
      const ack = await sendSigned(server.url, body, JSON_TYPE, { secret: SECRET });
      if (ack.status !== 200) throw new Error(`event answered ${ack.status}`);
      const posted = await postedIn(fake, ts);
      if (i >= WARMUP) latencies.push(posted - started);
    }

    // Acknowledgements while answers run: distinct events, ACK_CONCURRENCY in flight.
    const acks: number[] = [];
    const before = fake.callsOf('chat.postMessage').length;
    const until = performance.now() + ACK_SECONDS * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: ACK_CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const body = eventBody(TEAM, {
            type: 'app_mention',
            user: 'U0BENCH',
            text: `<@${BOT_USER}> what is the ${TOPICS[n++ % TOPICS.length]} process?`,
            channel: 'C0BENCH',
          });
          const ack = await sendSigned(server.url, body, JSON_TYPE, { secret: SECRET });
          if (ack.status !== 200) throw new Error(`event answered ${ack.status}`);
          acks.push(ack.ms);
        }
      }),
    );
    const answeredMeanwhile = fake.callsOf('chat.postMessage').length - before;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${mode.padEnd(10)} event → answer posted: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))} (${latencies.length} questions, ${DOCUMENTS} documents, JOB_CONCURRENCY ${process.env.JOB_CONCURRENCY ?? 2})`,
    );
    console.log(
      `${''.padEnd(10)} acknowledged ${(acks.length / ACK_SECONDS).toFixed(0)} events/s with ${ACK_CONCURRENCY} in flight ` +
        `(ack p50 ${ms(percentile(acks, 50))}, p95 ${ms(percentile(acks, 95))}, max ${ms(Math.max(...acks))}); ` +
        `${answeredMeanwhile} answers posted meanwhile, ${acks.length - answeredMeanwhile} left queued`,
    );
    // The queue's backlog is dropped with the database: stopping waits only for running jobs.
    await server.services.db.query(
      `DELETE FROM jobs WHERE kind = 'slack.answer' AND status = 'queued'`,
    );
  } finally {
    await stop();
  }
}

/** When the answer to the event with this ts reached Slack. */
async function postedIn(fake: FakeSlack, ts: string): Promise<number> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const post = fake.callsOf('chat.postMessage').find((c) => c.body.thread_ts === ts);
    if (post) return post.at;
    if (performance.now() > deadline) throw new Error(`no answer for ${ts} within 60 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

runBench(async () => {
  const fake = await startFakeSlack();
  fake.addBot(TOKEN, { teamId: TEAM, team: 'Bench', botUserId: BOT_USER, botId: 'B0LUMEN' });
  const openai = await startFakeOpenAI({ apiKey: KEY });
  console.log(
    `slack benchmark (${process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded'} database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)})`,
  );
  try {
    await runMode(fake, 'extractive', null);
    fake.reset();
    await runMode(fake, 'provider', openai.url);
  } finally {
    await fake.close();
    await openai.close();
  }
});
