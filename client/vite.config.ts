/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reporters } from '../vitest.reporters';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/health': 'http://localhost:4000',
    },
  },
  // The manifest lets scripts/bundle-budget.mjs add up what each route loads.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Above the 5 s async-utility timeout of src/test/setup.ts, so a slow wait fails as itself.
    testTimeout: 15_000,
    reporters: reporters('client'),
  },
});
