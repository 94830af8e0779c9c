import type { TransferList } from '@pago/shared/contracts/transfers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { walletKeys } from '@/lib/wallet';

export const ACTIVITY_PAGE_SIZE = 10;

/** The transfers, newest first, a page at a time; refreshed while a payout is under way. */
export function useActivity() {
  return useInfiniteQuery({
    queryKey: walletKeys.activity,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<TransferList>(`/api/transactions?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((t) => t.status === 'processing'))
        ? 3000
        : false,
  });
}

/** Downloads the CSV of a date range (US Eastern days, inclusive) as a file. */
export function downloadActivityCsv(from: string, to: string): Promise<void> {
  return downloadWithSession(
    `/api/transactions/export.csv?${new URLSearchParams({ from, to })}`,
    `pago-${from}-${to}.csv`,
  );
}
