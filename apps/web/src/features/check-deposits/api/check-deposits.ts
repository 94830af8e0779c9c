import type {
  CheckDeposit,
  CheckDepositLimits,
  CheckDepositList,
} from '@pago/shared/contracts/check-deposits';
import type { Cents } from '@pago/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { getStoredToken } from '@/lib/session-storage';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

export const checkKeys = {
  all: ['check-deposits'] as const,
  limits: ['check-deposits', 'limits'] as const,
  list: ['check-deposits', 'list'] as const,
  one: (id: string) => ['check-deposits', 'one', id] as const,
};

/** Statuses after which nothing changes any more. */
export const FINAL_STATUSES = new Set(['Sent', 'Rejected', 'Canceled', 'Returned']);

/** What is left of the check deposit limits, and when a check confirmed now is available. */
export function useCheckDepositLimits() {
  return useQuery({
    queryKey: checkKeys.limits,
    queryFn: ({ signal }) => apiFetch<CheckDepositLimits>('/api/check-deposits/limits', { signal }),
  });
}

/** The user's past check deposits, newest first. */
export function useCheckDeposits() {
  return useQuery({
    queryKey: checkKeys.list,
    queryFn: ({ signal }) => apiFetch<CheckDepositList>('/api/check-deposits?limit=20', { signal }),
  });
}

/** One deposit, asked again every few seconds while the bank still reviews or clears it. */
export function useCheckDeposit(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: checkKeys.one(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const deposit = await apiFetch<CheckDeposit>(`/api/check-deposits/${id}`, { signal });
      // The balance and the list of deposits move with the deposit's status.
      invalidateMoney(client);
      void client.invalidateQueries({ queryKey: checkKeys.list });
      return deposit;
    },
    refetchInterval: (query) =>
      query.state.data && FINAL_STATUSES.has(query.state.data.status) ? false : 3000,
  });
}

/** Starts a deposit of an amount (a money POST: its Idempotency-Key). */
export function useCreateCheckDeposit() {
  return useMoneyMutation<{ amountCents: Cents }, CheckDeposit>({
    request: (body) => ({ path: '/api/check-deposits', body }),
    onSuccess: (_result, client) => void client.invalidateQueries({ queryKey: checkKeys.all }),
  });
}

/** Confirms a deposit with both photos: the bank reviews it. */
export function useConfirmCheckDeposit() {
  return useMoneyMutation<{ id: string }, CheckDeposit>({
    request: ({ id }) => ({ path: `/api/check-deposits/${id}/confirm`, body: {} }),
    onSuccess: (result, client) => {
      client.setQueryData(checkKeys.one(result.id), result);
      void client.invalidateQueries({ queryKey: checkKeys.all });
      invalidateMoney(client);
    },
  });
}

/** Sends one side's photo as it is (its bytes, image/jpeg or image/png). */
export async function uploadCheckPhoto(
  id: string,
  side: 'front' | 'back',
  photo: Blob,
): Promise<CheckDeposit> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`${BASE_URL}/api/check-deposits/${id}/${side}`, {
      method: 'PUT',
      headers: {
        accept: 'application/json',
        'content-type': photo.type,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: photo,
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  const data = (await response.json().catch(() => null)) as
    | CheckDeposit
    | { error?: { code: string; message: string; details?: Record<string, unknown> } }
    | null;
  if (!response.ok) {
    const error = data && 'error' in data ? data.error : undefined;
    throw new ApiError(
      response.status,
      (error?.code ?? 'internal_error') as ApiError['code'],
      error?.message ?? `${response.status}`,
      error?.details,
    );
  }
  return data as CheckDeposit;
}

export function useUploadCheckPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; side: 'front' | 'back'; photo: Blob }) =>
      uploadCheckPhoto(input.id, input.side, input.photo),
    onSuccess: (result) => {
      client.setQueryData(checkKeys.one(result.id), result);
      void client.invalidateQueries({ queryKey: checkKeys.list });
    },
  });
}
