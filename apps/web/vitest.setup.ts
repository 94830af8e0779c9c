import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';

// A busy machine (a newcomer's laptop, a CI runner with neighbours) renders many times slower:
// findBy/waitFor wait for what the page does as long as that takes, up to well within the test's
// own limit (vitest.config.ts), never a fixed short time that only a fast machine meets.
configure({ asyncUtilTimeout: 20_000 });

// Each test starts from nothing the previous one left: no DOM, storage, fake clock, stubbed
// globals, mocks or cached queries.
afterEach(() => {
  cleanup();
  // A test in the node environment (no DOM) has no storage to clear.
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetQueryClient();
});
