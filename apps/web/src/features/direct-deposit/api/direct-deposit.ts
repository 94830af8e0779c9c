import type { DirectDeposit } from '@pago/shared/contracts/direct-deposit';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { walletKeys } from '@/lib/wallet';

// Under the wallet's keys: a money notification (a deposit arrived, became available) refreshes it.
export const directDepositKeys = { all: [...walletKeys.all, 'direct-deposit'] as const };

/**
 * The numbers to give an employer and the deposits received. Asked again every 5 s while a
 * deposit is pending (early pay or completion can make it available any moment).
 */
export function useDirectDeposit(enabled = true) {
  return useQuery({
    queryKey: directDepositKeys.all,
    queryFn: ({ signal }) => apiFetch<DirectDeposit>('/api/direct-deposit', { signal }),
    refetchInterval: (query) =>
      query.state.data?.deposits.some((d) => d.state === 'pending') ? 5_000 : false,
    retry: false,
    enabled,
  });
}

export type FormSplit = { amountType: 'all' } | { amountType: 'percent' | 'fixed'; value: string };

/** The pre-filled authorization form (PDF) in the page's language, saved as a file. */
export function downloadDirectDepositForm(
  language: 'es' | 'en',
  split: FormSplit,
  filename: string,
): Promise<void> {
  const query = new URLSearchParams({ language, amountType: split.amountType });
  if (split.amountType !== 'all') query.set('value', split.value);
  return downloadWithSession(`/api/direct-deposit/form.pdf?${query}`, filename);
}
