import type { DepositAvailability, FundingLimits } from '@pago/shared/contracts/funding';
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

/**
 * When a deposit of `amountCents` from this linked bank would be spendable (funds availability),
 * shown in the review before the user confirms; off until there is an amount to ask about.
 */
export function useDepositAvailability(plaidAccountId: string, amountCents: Cents | null) {
  return useQuery({
    queryKey: ['wallet', 'deposit-availability', plaidAccountId, amountCents],
    enabled: amountCents !== null,
    queryFn: ({ signal }) =>
      apiFetch<DepositAvailability>(
        `/api/funding/deposits/availability?${new URLSearchParams({
          plaidAccountId,
          amountCents: String(amountCents),
        })}`,
        { signal },
      ),
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
