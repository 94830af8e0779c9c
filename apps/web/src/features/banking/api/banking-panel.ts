import type {
  BankAccountNumbers,
  BankingToken,
  BankStatements,
  BankTransactions,
} from '@pago/shared/contracts/banking';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

const bankingKeys = {
  token: ['bank', 'token'] as const,
  numbers: ['bank', 'numbers'] as const,
  transactions: (offset: number) => ['bank', 'transactions', offset] as const,
  statements: ['bank', 'statements'] as const,
};

/** The partner's customer token for the panel; fetched again before its 15 minutes run out. */
export function useBankingToken(enabled: boolean) {
  return useQuery({
    queryKey: bankingKeys.token,
    queryFn: ({ signal }) => apiFetch<BankingToken>('/api/unit/token', { signal }),
    enabled,
    refetchInterval: 10 * 60 * 1000,
    staleTime: 10 * 60 * 1000,
  });
}

/** The whole account and routing numbers, asked for only when the person reveals them. */
export function useBankNumbers(enabled: boolean) {
  return useQuery({
    queryKey: bankingKeys.numbers,
    queryFn: ({ signal }) =>
      apiFetch<BankAccountNumbers>('/api/unit/accounts/me/numbers', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const BANK_TRANSACTIONS_PAGE = 10;

/** One page of the partner account's transactions (pending ones come with the first page). */
export function useBankTransactions(enabled: boolean, offset: number) {
  return useQuery({
    queryKey: bankingKeys.transactions(offset),
    queryFn: ({ signal }) =>
      apiFetch<BankTransactions>(
        `/api/unit/transactions?limit=${BANK_TRANSACTIONS_PAGE}&offset=${offset}`,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The months the partner has a statement for, newest first. */
export function useBankStatements(enabled: boolean) {
  return useQuery({
    queryKey: bankingKeys.statements,
    queryFn: ({ signal }) => apiFetch<BankStatements>('/api/unit/statements', { signal }),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}

/** Downloads one month's statement as a PDF in that language. */
export function downloadStatement(month: string, language: 'es' | 'en', filename: string) {
  return downloadWithSession(
    `/api/unit/statements/${encodeURIComponent(month)}/pdf?language=${language}`,
    filename,
  );
}
