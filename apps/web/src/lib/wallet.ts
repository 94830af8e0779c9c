import type { TransferReceipt } from '@pago/shared/contracts/transfers';
import type { Balance, Limits } from '@pago/shared/contracts/wallet';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { useIdempotencyKeys } from './idempotency';

/**
 * The query keys of the money every feature shows: one set, so a money move anywhere
 * (send, request, bank, bill, test deposit) refreshes the balance, limits, activity and
 * requests wherever they are on screen.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  limits: ['wallet', 'limits'] as const,
  activity: ['wallet', 'activity'] as const,
  transfer: (id: string) => ['wallet', 'transfer', id] as const,
  requests: ['requests'] as const,
  incoming: ['requests', 'incoming'] as const,
  outgoing: ['requests', 'outgoing'] as const,
  bankAccount: ['bank', 'account'] as const,
};

/** The ledger's available balance: the one source every screen shows it from. */
export function useBalance(enabled = true) {
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: ({ signal }) => apiFetch<Balance>('/api/wallet/balance', { signal }),
    enabled,
    // A bank deposit becomes spendable when the bank settles it: asked again until then. Money
    // on hold is asked for again when its hold ends (and every 15 s after, until released).
    refetchInterval: (query) => {
      const data = query.state.data;
      if ((data?.pendingCents ?? 0) > 0) return 3000;
      const hold = data?.holds?.[0];
      if (!hold) return false;
      const untilDue = Date.parse(hold.availableAt) - Date.now();
      return Math.min(Math.max(untilDue + 5000, 15_000), 60 * 60 * 1000);
    },
  });
}

/** The room left under the limits (per transfer, today, this month); refreshed after money moves. */
export function useLimits() {
  return useQuery({
    queryKey: walletKeys.limits,
    queryFn: ({ signal }) => apiFetch<Limits>('/api/limits', { signal }),
  });
}

/** A transfer's receipt, polled while its payout is under way. */
export function useReceipt(id: string | null) {
  return useQuery({
    queryKey: walletKeys.transfer(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<TransferReceipt>(`/api/transactions/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2000 : false),
  });
}

/** After money moved: balance, limits, activity and requests are stale everywhere. */
export function invalidateMoney(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: walletKeys.all });
  void client.invalidateQueries({ queryKey: walletKeys.requests });
}

/** A money POST: where it goes, its JSON body, and what makes two attempts the same operation. */
export type MoneyPost = { path: string; body: unknown; operation?: unknown };

/**
 * The one way the web app moves money: a POST under an Idempotency-Key (the same operation sent
 * again after a network failure keeps its key, so the server acts once), then a refresh of what
 * it changed: by default every money view (`invalidateMoney`).
 */
export function useMoneyMutation<TVariables, TResult>(options: {
  request: (variables: TVariables) => MoneyPost;
  onSuccess?: (result: TResult, client: QueryClient) => void;
  onError?: (failure: Error, client: QueryClient) => void;
}) {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  const { request, onSuccess = (_result, c) => invalidateMoney(c), onError } = options;
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const { path, body, operation = body } = request(variables);
      return apiFetch<TResult>(path, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(operation) },
      });
    },
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: (result) => onSuccess(result, client),
    onError: (failure) => onError?.(failure, client),
  });
}
