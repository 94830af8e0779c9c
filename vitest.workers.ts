import os from 'node:os';

/**
 * Test files run at once, the same in every project (Vitest runs projects whose counts differ one
 * after the other, and a project does not inherit the root config's `maxWorkers`). Two per core:
 * a server test often waits on PostgreSQL, a child process or a timer, a web test on its
 * rendering's timers. Measured on a 2-core machine (docs/benchmarks.md, "Test suite"): one file at
 * a time (what the root's setting left us with) 580 s; four at once 375 s, both cores busy.
 * `VITEST_MAX_WORKERS` or `--maxWorkers` overrides it.
 */
export const testWorkers = os.availableParallelism() * 2;
