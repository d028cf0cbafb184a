import type { Worker } from 'node:worker_threads';
import { MAX_INPUT_BYTES } from './limits.js';
import { ParseError, tooLarge } from './parse-errors.js';
import { MB, outOfMemory, PARSE_WORKER, seconds, startWorker } from './parse-in-worker.js';
import type { WorkerReply } from './parse-worker.js';
import type { ParsedDocument } from './types.js';

export interface ParserPoolOptions {
  /** Workers running at once (match the indexing concurrency). */
  size: number;
  timeoutMs?: number;
  maxMemoryMb?: number;
  /** See ParseInWorkerOptions.maxRssGrowthMb. */
  maxRssGrowthMb?: number;
  /** A worker is replaced after this many files, so no slow leak builds up. */
  maxParsesPerWorker?: number;
  workerModule?: URL;
}

interface Task {
  bytes: Uint8Array;
  fileName: string;
  resolve: (doc: ParsedDocument) => void;
  reject: (error: ParseError) => void;
}

interface Slot {
  worker: Worker;
  parses: number;
  current?: { id: number; task: Task; timer: NodeJS.Timeout; watchdog: NodeJS.Timeout };
}

/**
 * Long-lived parse workers with the same limits as parseInWorker. Starting a worker and loading
 * the format libraries costs far more than parsing a typical office file, so workers are reused;
 * a worker that times out, outgrows its memory or crashes is terminated and replaced, failing
 * only the file it was reading.
 */
export class ParserPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxMemoryMb: number;
  private readonly maxRssGrowthMb: number;
  private readonly maxParses: number;
  private readonly module: URL;

  constructor(private readonly options: ParserPoolOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxMemoryMb = options.maxMemoryMb ?? 256;
    this.maxRssGrowthMb = options.maxRssGrowthMb ?? 4 * this.maxMemoryMb;
    this.maxParses = options.maxParsesPerWorker ?? 200;
    this.module = options.workerModule ?? PARSE_WORKER;
  }

  /** Parses with a pooled worker; rejects with ParseError only. The caller keeps its bytes. */
  parse(bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
    if (this.closed)
      return Promise.reject(new ParseError('CORRUPT', 'The parser is shutting down.'));
    if (bytes.length > MAX_INPUT_BYTES) return Promise.reject(tooLarge());
    return new Promise((resolve, reject) => {
      this.queue.push({ bytes: bytes.slice(), fileName, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.reject(new ParseError('CORRUPT', 'The parser is shutting down.'));
    await Promise.all(
      this.slots
        .splice(0)
        .map((slot) =>
          this.retire(slot, new ParseError('CORRUPT', 'The parser is shutting down.')),
        ),
    );
  }

  private dispatch() {
    while (this.queue.length > 0 && !this.closed) {
      const slot =
        this.slots.find((s) => !s.current) ??
        (this.slots.length < this.options.size ? this.spawn() : undefined);
      if (!slot) return;
      this.run(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.module, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.round(this.maxMemoryMb / 8))),
      },
    });
    const slot: Slot = { worker, parses: 0 };
    worker.on('message', (reply: WorkerReply & { id: number }) => this.onReply(slot, reply));
    worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? outOfMemory(this.maxMemoryMb, error)
          : new ParseError('CORRUPT', 'This file could not be read: the reader failed on it.', {
              cause: error,
            }),
      ),
    );
    worker.on('exit', () =>
      this.fail(
        slot,
        new ParseError('CORRUPT', 'This file could not be read: the reader stopped on it.'),
      ),
    );
    this.slots.push(slot);
    return slot;
  }

  private run(slot: Slot, task: Task) {
    const id = this.nextId++;
    const rssLimit = process.memoryUsage.rss() + this.maxRssGrowthMb * MB;
    const timer = setTimeout(
      () =>
        this.fail(
          slot,
          new ParseError(
            'TIMEOUT',
            `Reading this file took longer than ${seconds(this.timeoutMs)}; it was stopped.`,
          ),
        ),
      this.timeoutMs,
    );
    const watchdog = setInterval(() => {
      if (process.memoryUsage.rss() > rssLimit) this.fail(slot, outOfMemory(this.maxRssGrowthMb));
    }, 50);
    slot.current = { id, task, timer, watchdog };
    slot.worker.postMessage({ id, bytes: task.bytes, fileName: task.fileName }, [
      task.bytes.buffer as ArrayBuffer,
    ]);
  }

  private onReply(slot: Slot, reply: WorkerReply & { id: number }) {
    const current = slot.current;
    if (!current || current.id !== reply.id) return;
    this.clear(slot);
    if (reply.ok) current.task.resolve(reply.document);
    else current.task.reject(new ParseError(reply.code, reply.message));
    if (++slot.parses >= this.maxParses) void this.retire(slot);
    this.dispatch();
  }

  /** The worker misbehaved: its file fails, the worker goes, the queue moves on. */
  private fail(slot: Slot, error: ParseError) {
    if (!this.slots.includes(slot)) return;
    void this.retire(slot, error);
    this.dispatch();
  }

  private async retire(slot: Slot, error?: ParseError) {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const current = slot.current;
    this.clear(slot);
    if (current && error) current.task.reject(error);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate();
  }

  private clear(slot: Slot) {
    if (!slot.current) return;
    clearTimeout(slot.current.timer);
    clearInterval(slot.current.watchdog);
    slot.current = undefined;
  }
}
