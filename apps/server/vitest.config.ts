import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers';

export default defineProject({
  test: {
    name: 'server',
    maxWorkers: testWorkers,
    // A worker keeps its modules from one test file to the next instead of importing the app
    // again for each file: a quarter of the server run was imports. Nothing leaks through them:
    // each file builds its own app on its own database, and no server test mocks a module or
    // changes the environment (docs/benchmarks.md, "Test suite").
    isolate: false,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; each test file gets its own database in it.
    globalSetup: ['./test/global-setup.ts'],
    // Closes what each file's helpers opened (its database, pools) after the file.
    setupFiles: ['./test/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
