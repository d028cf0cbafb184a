import { AsyncLocalStorage } from 'node:async_hooks';

/** The id of the request being served, reachable from anywhere in its async call chain. */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const runWithRequestId = <T>(requestId: string, fn: () => T): T =>
  storage.run({ requestId }, fn);
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;
