import type { Quote, QuoteBody, SendMoneyBody, Transfer } from '@pago/shared/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateMoney } from '@/lib/wallet';

export function getQuote(body: QuoteBody): Promise<Quote> {
  return apiFetch<Quote>('/api/transactions/quote', { method: 'POST', body });
}

export function sendMoney(body: SendMoneyBody, idempotencyKey: string): Promise<Transfer> {
  return apiFetch<Transfer>('/api/transactions/send', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useQuote() {
  return useMutation({ mutationFn: getQuote });
}

export function useSendMoney() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: SendMoneyBody) => sendMoney(body, keys.keyFor(body)),
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: () => invalidateMoney(client),
  });
}
