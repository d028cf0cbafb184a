import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from './helpers/test-app.js';

/**
 * The real entry point (src/main.ts) as a child process with the embedded database in a fresh
 * DATA_DIR: data survives a restart, stopping the app stops Postgres, and a kill -9 of the app
 * does not prevent the next start.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-lifecycle-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const pid = postgresPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  await waitFor(() => !pid || !alive(pid), 15_000).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // The whole banner: "Lumen is running" and the sign-in line after it can arrive apart.
  await waitFor(() => /sign in at \S+\/signin/i.test(output) || child.exitCode !== null, 60_000);
  if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

async function waitFor(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function postgresPid(): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('embedded database lifecycle', () => {
  const email = 'lifecycle@example.com';

  it('first start creates the database and prints how to sign in', async () => {
    const server = await start();
    expect(server.output()).toMatch(/open http:\/\/localhost:\d+\/signup/);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(
      (await post(`${server.url}/api/signup`, { email, password: GOOD_PASSWORD })).status,
    ).toBe(201);

    const pgPid = postgresPid()!;
    expect(alive(pgPid)).toBe(true);
    // An idle keep-alive connection (as a browser holds) must not delay the shutdown.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise((resolve) =>
      http.get(`${server.url}/health`, { agent }, (res) => res.resume().on('end', resolve)),
    );
    const stoppingAt = Date.now();
    server.child.kill('SIGINT'); // Ctrl+C
    await waitFor(() => server.child.exitCode !== null, 20_000);
    expect(Date.now() - stoppingAt).toBeLessThan(4_000);
    agent.destroy();
    await waitFor(() => !alive(pgPid), 20_000);
    expect(alive(pgPid)).toBe(false);
  });

  it('keeps data across a restart', async () => {
    const server = await start();
    expect(server.output()).not.toMatch(/No accounts yet/);
    const res = await post(`${server.url}/api/signin`, { email, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);

    // Crash the app: its Postgres is orphaned and still holds the data folder.
    server.child.kill('SIGKILL');
    await waitFor(() => server.child.exitCode !== null || server.child.signalCode !== null, 10_000);
    const orphan = postgresPid()!;
    expect(alive(orphan)).toBe(true);

    const again = await start();
    expect((await post(`${again.url}/api/signin`, { email, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect(alive(orphan)).toBe(false);
    again.child.kill('SIGTERM');
    await waitFor(() => again.child.exitCode !== null, 20_000);
  });

  it('stops with a one-line message naming an invalid variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/PORT must be an integer/);
  });
});
