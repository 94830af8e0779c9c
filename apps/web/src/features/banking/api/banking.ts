import type { BankAccount, BankPaymentBody } from '@pago/shared/contracts/banking';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { useMoneyMutation, walletKeys } from '@/lib/wallet';

/** The banking account, or null when there is none yet (the API's 404). */
export function useBankAccount(enabled = true) {
  return useQuery({
    queryKey: walletKeys.bankAccount,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<BankAccount>('/api/unit/accounts/me', { signal });
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) return null;
        throw failure;
      }
    },
    enabled,
  });
}

export function useCreateBankAccount() {
  return useMoneyMutation<void, BankAccount>({
    request: () => ({
      path: '/api/unit/accounts/create',
      body: {},
      operation: 'create-bank-account',
    }),
    onSuccess: (account, client) => client.setQueryData(walletKeys.bankAccount, account),
    onError: (failure, client) => {
      // Someone (another tab) already made it: show it.
      if (failure instanceof ApiError && failure.code === 'bank_account_exists') {
        void client.invalidateQueries({ queryKey: walletKeys.bankAccount });
      }
    },
  });
}

export function useSendBankPayment() {
  return useMoneyMutation<BankPaymentBody, Transfer>({
    request: (body) => ({ path: '/api/unit/payments/send', body }),
    onError: (failure, client) => {
      if (failure instanceof ApiError && failure.code === 'bank_account_required') {
        void client.invalidateQueries({ queryKey: walletKeys.bankAccount });
      }
    },
  });
}
