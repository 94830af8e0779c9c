import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    maxWorkers: testWorkers,
    // Each test file in its own VM context inside a long-lived worker thread: files stay isolated
    // (the pages' module state, mocks, i18n language), but no process is started and no jsdom
    // built per file. Half the web run's CPU (docs/benchmarks.md, "Test suite").
    pool: 'vmThreads',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Generous limits, so a loaded machine is slow, not failing; a test that waits on something
    // polls for it (findBy, waitFor: 20 s, vitest.setup.ts), so a fast machine never waits them out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
