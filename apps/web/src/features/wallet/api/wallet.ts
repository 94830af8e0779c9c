import type { Transfer, TransferList } from '@pago/shared/contracts/transfers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { SESSION_EXPIRED } from '@/lib/events';
import { clearStoredToken, getStoredToken } from '@/lib/session-storage';
import { useMoneyMutation, walletKeys } from '@/lib/wallet';

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

/** Sandbox money, through the ledger like any deposit. The live server has no such route (404). */
export function useTestDeposit() {
  return useMoneyMutation<number, Transfer>({
    request: (amount) => ({ path: '/api/wallet/test-deposit', body: { amount } }),
  });
}

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

/**
 * Downloads the CSV of a date range (US Eastern days, inclusive) as a file. It is fetched with
 * the session's token (a plain link could not send it) and handed to the browser as a blob.
 */
export async function downloadActivityCsv(from: string, to: string): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(
      `${BASE_URL}/api/transactions/export.csv?${new URLSearchParams({ from, to })}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearStoredToken();
      window.dispatchEvent(new Event(SESSION_EXPIRED));
    }
    throw new ApiError(response.status, 'internal_error', `${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `pago-${from}-${to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
