import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    reporters: reporters('server'),
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
