import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Generous limits, so a loaded machine is slow, not failing; a test that waits on something
    // polls for it (findBy, waitFor: 20 s, vitest.setup.ts), so a fast machine never waits them out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
