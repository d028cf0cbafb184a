import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.js';

// End-to-end flows drive Debian's Chromium against the built app; one file at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    fileParallelism: false,
    reporters: reporters('e2e'),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
