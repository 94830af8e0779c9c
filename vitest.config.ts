import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; e2e has its own config because it needs a built app.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Three test files per core. Vitest's default (cores − 1: a single worker on two cores)
    // leaves the cores idle while tests wait: a web test on its rendering's timers and queries'
    // polling, a server test on PostgreSQL, a child process or a timer. Measured back to back on
    // this 2-core machine: 561 s with three workers (1.1 cores busy), 367 s with six (2 cores
    // busy); docs/benchmarks.md, "Test suite".
    maxWorkers: os.availableParallelism() * 3,
  },
});
