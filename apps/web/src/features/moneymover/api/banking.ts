import type { BankAccount, BankPaymentBody, Transfer } from '@pago/shared/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateMoney, walletKeys } from '@/lib/wallet';

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
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: () =>
      apiFetch<BankAccount>('/api/unit/accounts/create', {
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': keys.keyFor('create-bank-account') },
      }),
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: (account) => client.setQueryData(walletKeys.bankAccount, account),
    onError: (failure) => {
      // Someone (another tab) already made it: show it.
      if (failure instanceof ApiError && failure.code === 'bank_account_exists') {
        void client.invalidateQueries({ queryKey: walletKeys.bankAccount });
      }
    },
  });
}

export function useSendBankPayment() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: BankPaymentBody) =>
      apiFetch<Transfer>('/api/unit/payments/send', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      }),
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: () => invalidateMoney(client),
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'bank_account_required') {
        void client.invalidateQueries({ queryKey: walletKeys.bankAccount });
      }
    },
  });
}
