import { defineConfig } from 'vitest/config';

// Browser tests of the built product: one server for the run, one Chromium per test file.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state, not a time: 1 s (its default) is too short on a busy machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Two cores: files one after another keep timings steady.
    fileParallelism: false,
  },
});
