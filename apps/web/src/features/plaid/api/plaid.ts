import type {
  LinkedBankAccount,
  PlaidAccountsResponse,
  PlaidBalanceResponse,
  PlaidExchangeTokenBody,
  PlaidExchangeTokenResponse,
  PlaidLinkTokenResponse,
} from '@pago/shared/contracts/plaid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export const plaidKeys = { accounts: ['plaid', 'accounts'] as const };

/** The user's linked bank accounts (institution, name, mask, type, whether a new login is due). */
export function useLinkedAccounts() {
  return useQuery({
    queryKey: plaidKeys.accounts,
    queryFn: ({ signal }) =>
      apiFetch<PlaidAccountsResponse>('/api/plaid/accounts', { signal }).then((r) => r.accounts),
  });
}

/**
 * A Plaid Link token (and Link's script) in the reader's language; with a linked bank's itemId,
 * Link's update mode to sign in to it again.
 */
export function createLinkToken(language: Language, itemId?: string) {
  return apiFetch<PlaidLinkTokenResponse>('/api/plaid/link-token', {
    method: 'POST',
    body: itemId ? { language, itemId } : { language },
  });
}

/** After update mode: the server checks the bank answers again. */
export function useRepairBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      apiFetch<{ accounts: LinkedBankAccount[] }>(`/api/plaid/items/${itemId}/repair`, {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: plaidKeys.accounts }),
  });
}

/** Finishes a link: the public token Link handed over, exchanged by the server. */
export function useExchangeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaidExchangeTokenBody) =>
      apiFetch<PlaidExchangeTokenResponse>('/api/plaid/exchange-token', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: plaidKeys.accounts }),
  });
}

/** A linked account's balance, asked of the bank when the user presses Balance. */
export function useAccountBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (account: LinkedBankAccount) =>
      apiFetch<PlaidBalanceResponse>(`/api/plaid/accounts/${account.id}/balance`),
    // A bank that needs a new login is marked so on the server: the list shows it.
    onError: () => client.invalidateQueries({ queryKey: plaidKeys.accounts }),
  });
}

/** Unlinks a bank (its item, with every account shared from it). */
export function useUnlinkBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      apiFetch<{ removed: true }>(`/api/plaid/items/${itemId}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: plaidKeys.accounts }),
  });
}
