import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument } from './parse-document.js';
import { ParseError, type ParseErrorCode } from './parse-errors.js';
import { type ParsedDocument } from './types.js';

/** Entry point of the parse worker thread (see parseInWorker and ParserPool). */

export interface WorkerRequest {
  bytes: Uint8Array;
  fileName: string;
}

export type WorkerReply =
  { ok: true; document: ParsedDocument } | { ok: false; code: ParseErrorCode; message: string };

/** A request in pool mode carries an id so replies can be matched. */
export interface PooledRequest extends WorkerRequest {
  id: number;
}

async function handle({ bytes, fileName }: WorkerRequest): Promise<WorkerReply> {
  return parseDocument(bytes, fileName).then(
    (document): WorkerReply => ({ ok: true, document }),
    (error: unknown): WorkerReply =>
      error instanceof ParseError
        ? { ok: false, code: error.code, message: error.message }
        : { ok: false, code: 'CORRUPT', message: 'This file could not be read.' },
  );
}

// One-shot (parseInWorker: the request is in workerData) or long-lived (ParserPool: requests
// arrive as messages, one at a time).
if (parentPort) {
  const port = parentPort;
  if (workerData) {
    port.postMessage(await handle(workerData as WorkerRequest));
  } else {
    port.on('message', (request: PooledRequest) => {
      void handle(request).then((reply) => port.postMessage({ id: request.id, ...reply }));
    });
  }
}
