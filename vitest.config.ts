import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; e2e has its own config because it needs a built app.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // One test file per core and one more. Vitest's default (cores − 1: a single worker on two
    // cores) leaves a core idle while a server test waits on PostgreSQL, a child process or a
    // timer; with three workers on this 2-core machine the quiet run took 318 s against 500 s
    // (docs/benchmarks.md, "Test suite").
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
  },
});
