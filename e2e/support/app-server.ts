import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface AppServer {
  url: string;
  /** Mail in the dev outbox for an address, newest first. */
  outbox(to: string): Promise<{ subject: string; text: string }[]>;
  stop(): Promise<void>;
}

/**
 * The built app (server/dist + client/dist, from `npm run build`) on a random port with a fresh
 * DATA_DIR and its embedded database, exactly as `npm start` runs it; `env` adds settings
 * (e.g. OPENAI_BASE_URL for a loopback fake provider).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const entry = path.join(root, 'server', 'dist', 'main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(root, 'client', 'dist', 'index.html'))) {
    throw new Error('Build the app first: npm run build (npm run e2e does it)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      DEV_OUTBOX: 'true',
      // Answers stay extractive (offline) whatever the calling shell has set.
      OPENAI_API_KEY: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Lumen is running')) {
    if (child.exitCode !== null) throw new Error(`The app exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async outbox(to) {
      const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      return (await res.json()) as { subject: string; text: string }[];
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
