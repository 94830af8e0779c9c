import type { Quote, QuoteBody, SendMoneyBody, Transfer } from '@pago/shared/contracts/transfers';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation } from '@/lib/wallet';

export function getQuote(body: QuoteBody): Promise<Quote> {
  return apiFetch<Quote>('/api/transactions/quote', { method: 'POST', body });
}

export function useQuote() {
  return useMutation({ mutationFn: getQuote });
}

export function useSendMoney() {
  return useMoneyMutation<SendMoneyBody, Transfer>({
    request: (body) => ({ path: '/api/transactions/send', body }),
  });
}
