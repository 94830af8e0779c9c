import type {
  CardFunding,
  CardFundingBody,
  CardFundingConfig,
  CardFundingQuote,
} from '@pago/shared/contracts/card-funding';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation } from '@/lib/wallet';

const keys = {
  config: ['wallet', 'card-funding', 'config'] as const,
  one: (id: string) => ['wallet', 'card-funding', id] as const,
};

/** Stripe.js's URL and publishable key, and the card limits left. */
export function useCardFundingConfig() {
  return useQuery({
    queryKey: keys.config,
    queryFn: ({ signal }) => apiFetch<CardFundingConfig>('/api/card-funding/config', { signal }),
  });
}

/**
 * Whether to offer card funding: not when the server says it has no card processor (live mode
 * without Stripe); offered while unknown.
 */
export function useCardFundingAvailable(): boolean {
  return useCardFundingConfig().data?.available !== false;
}

/** The exact fee and total for this card and amount (no money moves). */
export function quoteCardFunding(paymentMethodId: string, amountCents: number) {
  return apiFetch<CardFundingQuote>('/api/card-funding/quote', {
    method: 'POST',
    body: { paymentMethodId, amountCents },
  });
}

/** The top-up itself: 201 charged and in the wallet, 202 waiting for 3-D Secure. */
export function useCardTopUp() {
  return useMoneyMutation<CardFundingBody, CardFunding>({
    request: (body) => ({ path: '/api/card-funding', body }),
  });
}

/** A top-up after 3-D Secure: asked again while Stripe has not decided it. */
export function useCardFunding(id: string | null) {
  return useQuery({
    queryKey: keys.one(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiFetch<CardFunding>(`/api/card-funding/${encodeURIComponent(id ?? '')}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'requires_action' ? 2000 : false;
    },
  });
}
