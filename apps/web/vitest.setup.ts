import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
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

// React's development build (the one `act` needs) captures an `Error` stack for each element it
// creates, up to 10,000 a second, to show "owner stacks" in its warnings. In a test that renders
// a form at every key press that was about 30 % of the CPU (docs/benchmarks.md, "React's owner
// stacks"). React stops capturing once its counter is past the limit: the counter stays there.
// Warnings still fire; they only lose that stack.
const internals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}
