/**
 * Every `bench:*` script of package.json run once on a tiny input (seconds each), so a bench
 * that rots fails CI the day it rots, not the day someone needs its figures. A bench passes when
 * it exits 0 within its time limit; it prints its figures as usual (they mean nothing at these
 * sizes). A bench script without a smoke setting below fails the run, so a new bench cannot be
 * left out.
 *   npm run bench:smoke                 every bench
 *   npm run bench:smoke -- ask sync     some of them
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TINY_IR = path.join('bench', 'fixtures', 'tiny-ir');
const LIMIT_SECONDS = 240;

/** Per bench: its environment and arguments for a run of seconds. */
const SMOKE: Record<string, { env?: Record<string, string>; args?: string[] }> = {
  'bench:signin': { env: { SECONDS: '1', USERS: '3', CONCURRENCY: '2' } },
  'bench:members': { env: { SIZES: '30', RUNS: '3' } },
  'bench:ingest': { env: { DOCS: '13' } },
  'bench:retrieval': { args: [TINY_IR] },
  'bench:ask': {
    env: {
      SIZES: '300',
      QUERIES: '5',
      LOAD_SECONDS: '1',
      VOCABULARY: path.join(TINY_IR, 'corpus.jsonl'),
    },
  },
  'bench:sync': { env: { ITEMS: '12', LATENCY_MS: '0' } },
  'bench:api-auth': { env: { REQUESTS: '40', KEYS: '5', CONCURRENCY: '2' } },
  'bench:provider': {
    env: { QUESTIONS: '3', HANG_QUESTIONS: '1', OPENAI_TIMEOUT_SECONDS: '1' },
  },
  'bench:source-listing': { env: { SIZES: '1100', RUNS: '2' } }, // 21 pages of 50
  'bench:answers': { env: { LIMIT: '2' } }, // 2 single questions, 2 threads, 2 unanswerable
  'bench:slack': {
    env: { QUESTIONS: '3', DOCUMENTS: '4', ACK_SECONDS: '1', ACK_CONCURRENCY: '2' },
  },
};

const scripts = Object.keys(
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
).filter((name) => name.startsWith('bench:') && name !== 'bench:smoke');
const missing = scripts.filter((name) => !SMOKE[name]);
if (missing.length > 0) {
  console.error(
    `bench:smoke has no tiny setting for ${missing.join(', ')}: add one in bench/smoke.ts`,
  );
  process.exit(1);
}
const chosen = process.argv
  .slice(2)
  .map((name) => (name.startsWith('bench:') ? name : `bench:${name}`));
const unknown = chosen.filter((name) => !scripts.includes(name));
if (unknown.length > 0) {
  console.error(`no such bench: ${unknown.join(', ')} (there are ${scripts.join(', ')})`);
  process.exit(2);
}

/** One bench in a child process: its exit code and time, killed (with its children) past the limit. */
function run(name: string): Promise<{ code: number | null; seconds: number; timedOut: boolean }> {
  const { env = {}, args = [] } = SMOKE[name]!;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
      detached: true, // its own process group, so a kill reaches tsx and the app it started
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, LIMIT_SECONDS * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, seconds: (performance.now() - started) / 1000, timedOut });
    });
  });
}

const failed: string[] = [];
const lines: string[] = [];
for (const name of chosen.length > 0 ? chosen : scripts) {
  console.log(`\n=== ${name} (smoke)`);
  const { code, seconds, timedOut } = await run(name);
  const verdict = timedOut
    ? `timed out after ${LIMIT_SECONDS} s`
    : code === 0
      ? 'ok'
      : `failed (exit ${code})`;
  lines.push(`${name.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s  ${verdict}`);
  if (verdict !== 'ok') failed.push(name);
}
console.log(`\nbench smoke run:\n${lines.join('\n')}`);
if (failed.length > 0) {
  console.error(`bench smoke run failed: ${failed.join(', ')}`);
  process.exit(1);
}
