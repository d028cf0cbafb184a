import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { createLogger } from '../../src/shared/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    databaseMode: 'embedded' | 'postgres';
  }
}

/**
 * One Postgres server for the run: TEST_DATABASE_URL when set, otherwise an embedded server in a
 * temporary folder. Each test file creates (and drops) its own database on it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgServerUrl', external);
    project.provide('databaseMode', 'postgres');
    console.log(`Database mode: postgres (${new URL(external).host})`);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-test-pg-'));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  project.provide('pgServerUrl', embedded.url);
  project.provide('databaseMode', 'embedded');
  console.log('Database mode: embedded');
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
