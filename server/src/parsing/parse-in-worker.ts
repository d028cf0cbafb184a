import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { MAX_INPUT_BYTES } from './limits.js';
import { ParseError, tooLarge } from './parse-errors.js';
import { type WorkerReply, type WorkerRequest } from './parse-worker.js';
import { type ParsedDocument } from './types.js';

export interface ParseInWorkerOptions {
  /** Wall-clock limit, worker start-up included. */
  timeoutMs?: number;
  /** V8 heap limit of the worker (old generation). */
  maxMemoryMb?: number;
  /**
   * Binary buffers (inflated streams, decoded images) live outside the V8 heap, where
   * resourceLimits cannot see them: a 1 MB PDF can inflate a 1 GB content stream. So the process
   * resident memory is watched too, and the worker stopped when it has grown by more than this
   * since the parse began. Defaults to 4 x maxMemoryMb. Concurrent parses share the process, so
   * this is a safety net for the server, not an exact per-document account.
   */
  maxRssGrowthMb?: number;
  /** Another worker script; tests use it to prove the limits with a worker that hangs or
   * allocates. */
  workerModule?: URL;
}

// From compiled dist the worker is parse-worker.js; from sources (vitest, tsx) parse-worker.ts.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
export const PARSE_WORKER = new URL(
  FROM_SOURCES ? './parse-worker.ts' : './parse-worker.js',
  import.meta.url,
);

/**
 * Compiled workers start directly. TypeScript ones (vitest, tsx) need tsx's loader, but Node 20
 * does not apply `--import tsx` from execArgv to a worker's entry module; so the worker runs a
 * two-line bootstrap that registers tsx and then imports the entry.
 */
export function startWorker(module: URL, options: WorkerOptions): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, { ...options, execArgv: [] });
  // tsx's ESM API by path (its require() build cannot register the ESM hooks).
  const tsxPackage = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = new URL('dist/esm/api/index.mjs', tsxPackage).href;
  const bootstrap =
    `import(${JSON.stringify(tsx)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: [] });
}

export const MB = 1024 * 1024;

export const outOfMemory = (limitMb: number, cause?: unknown) =>
  new ParseError(
    'OUT_OF_MEMORY',
    `Reading this file needed more than ${limitMb} MB of memory; it was stopped.`,
    { cause },
  );

export const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

/**
 * Parses a file in a fresh worker thread with time and memory limits, so that a hostile or
 * damaged file fails only its own document. Rejects with ParseError only.
 *
 * The caller's bytes are copied, not detached: it may still want to store them.
 */
export function parseInWorker(
  bytes: Uint8Array,
  fileName: string,
  {
    timeoutMs = 30_000,
    maxMemoryMb = 256,
    maxRssGrowthMb = 4 * maxMemoryMb,
    workerModule = PARSE_WORKER,
  }: ParseInWorkerOptions = {},
): Promise<ParsedDocument> {
  if (bytes.length > MAX_INPUT_BYTES) return Promise.reject(tooLarge());
  const copy = bytes.slice();
  const request: WorkerRequest = { bytes: copy, fileName };

  return new Promise((resolve, reject) => {
    const worker = startWorker(workerModule, {
      workerData: request,
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: maxMemoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.round(maxMemoryMb / 8))),
      },
    });
    const fail = (error: ParseError) => settle(() => reject(error));
    const timer = setTimeout(
      () =>
        fail(
          new ParseError(
            'TIMEOUT',
            `Reading this file took longer than ${seconds(timeoutMs)}; it was stopped.`,
          ),
        ),
      timeoutMs,
    );
    const rssLimit = process.memoryUsage.rss() + maxRssGrowthMb * MB;
    const watchdog = setInterval(() => {
      if (process.memoryUsage.rss() > rssLimit) fail(outOfMemory(maxRssGrowthMb));
    }, 50);

    let settled = false;
    function settle(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      void worker.terminate();
      outcome();
    }

    worker.on('message', (reply: WorkerReply) =>
      settle(() =>
        reply.ok ? resolve(reply.document) : reject(new ParseError(reply.code, reply.message)),
      ),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? outOfMemory(maxMemoryMb, error)
          : new ParseError('CORRUPT', 'This file could not be read: the reader failed on it.', {
              cause: error,
            }),
      ),
    );
    // Only reached when the worker ends without replying or failing (e.g. process.exit()).
    worker.on('exit', () =>
      fail(new ParseError('CORRUPT', 'This file could not be read: the reader stopped on it.')),
    );
  });
}
