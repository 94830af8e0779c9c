import { loadScript } from '@/lib/load-script';

// The parts of Stripe.js v3 Pago uses (its documented shapes): a card element and
// createPaymentMethod. The card number goes from the browser to Stripe, never to Pago's server.

export type StripeError = { type: string; code?: string; message?: string };
export type StripeCardElement = {
  mount(target: HTMLElement | string): void;
  on(event: 'change' | 'ready', handler: (event: { complete?: boolean }) => void): void;
  destroy(): void;
};
export type StripeInstance = {
  elements(): { create(type: 'card'): StripeCardElement };
  createPaymentMethod(params: {
    type: 'card';
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
};
type StripeConstructor = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

/** Stripe.js from `url` (the sandbox's fake, or js.stripe.com/v3 in live mode), loaded once. */
export async function loadStripe(
  url: string,
  publishableKey: string,
  locale: string,
): Promise<StripeInstance> {
  if (!window.Stripe) await loadScript(url);
  if (!window.Stripe) throw new Error('Stripe.js did not load');
  return window.Stripe(publishableKey, { locale });
}
