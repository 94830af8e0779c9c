import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-client';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network trouble and 5xx get two more tries.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

// One cache for the whole visit, shared by every page that renders inside a QueryBoundary.
let client: QueryClient | undefined;

/** Forgets the visit's cache, so that each test starts with an empty one. */
export function resetQueryClient(): void {
  client?.clear();
  client = undefined;
}

/**
 * TanStack Query for the pages that fetch. It is loaded with those pages' chunks rather than
 * with the shell, which keeps it out of the landing page's first load.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
