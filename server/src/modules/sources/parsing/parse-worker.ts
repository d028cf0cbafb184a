import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument } from './parse-document.js';
import { ParseError, type ParseErrorCode } from './parse-errors.js';
import { type ParsedDocument } from './types.js';

/** Entry point of the worker thread started by parseInWorker: parse once, reply, end. */

export interface WorkerRequest {
  bytes: Uint8Array;
  fileName: string;
}

export type WorkerReply =
  { ok: true; document: ParsedDocument } | { ok: false; code: ParseErrorCode; message: string };

if (parentPort) {
  const { bytes, fileName } = workerData as WorkerRequest;
  const reply: WorkerReply = await parseDocument(bytes, fileName).then(
    (document) => ({ ok: true, document }),
    (error: unknown) =>
      error instanceof ParseError
        ? { ok: false, code: error.code, message: error.message }
        : { ok: false, code: 'CORRUPT', message: 'This file could not be read.' },
  );
  parentPort.postMessage(reply);
}
