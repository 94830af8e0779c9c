import { defineConfig } from 'vitest/config';

// One run covers every workspace; e2e has its own config because it needs a built app.
// How many files run at once, and how each project isolates them, is each project's own setting
// (vitest.workers.ts): a project does not inherit this file's `maxWorkers`.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
