import { defineConfig } from 'vitest/config';

// One run covers every workspace; e2e has its own config because it needs a built app.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
