import type { FundingLimits } from '@pago/shared/contracts/funding';
import type { PlaidAccountsResponse } from '@pago/shared/contracts/plaid';
import type { Transfer } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation } from '@/lib/wallet';

/** The linked banks money can come from and go to (the same query the linked-banks list uses). */
export function useLinkedBanks() {
  return useQuery({
    queryKey: ['plaid', 'accounts'],
    queryFn: ({ signal }) =>
      apiFetch<PlaidAccountsResponse>('/api/plaid/accounts', { signal }).then((r) => r.accounts),
  });
}

/** What is left of the bank funding limits today and this month. */
export function useFundingLimits() {
  return useQuery({
    queryKey: ['wallet', 'funding-limits'],
    queryFn: ({ signal }) => apiFetch<FundingLimits>('/api/funding/limits', { signal }),
  });
}

export type BankMove = {
  plaidAccountId: string;
  amountCents: Cents;
  speed?: 'standard' | 'instant';
};

/** Add money from a linked bank (ACH debit), or withdraw to it (ACH credit). */
export function useBankMove(direction: 'deposit' | 'withdrawal') {
  return useMoneyMutation<BankMove, Transfer>({
    request: (move) =>
      direction === 'deposit'
        ? {
            path: '/api/funding/deposits',
            body: { plaidAccountId: move.plaidAccountId, amountCents: move.amountCents },
          }
        : { path: '/api/funding/withdrawals', body: { ...move, speed: move.speed ?? 'standard' } },
  });
}
