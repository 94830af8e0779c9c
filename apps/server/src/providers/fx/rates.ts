import { AppError } from '../../lib/app-error';

/**
 * Mid-market exchange rates, units of currency per US dollar, as exact decimal strings. The
 * quote service adds Pago's spread on top (packages/shared/src/fees.ts). Sandbox mode's fixed table
 * is under sandbox/fx.
 */
export type RatesProvider = { marketRate(currency: string): Promise<string> };

/** Live mode without a rates source (loadConfig prevents it): every quote is refused, 503. */
export function createNoRates(): RatesProvider {
  return {
    async marketRate() {
      throw new AppError('service_unavailable', 503, 'No exchange rate source is configured.');
    },
  };
}

/** Live mode: an Open Exchange Rates-style endpoint, `GET <url>` → `{ base: "USD", rates: { MXN: 18.25 } }`. */
export function createHttpRates(url: string, ttlMs = 60_000): RatesProvider {
  let cache: { at: number; rates: Record<string, number | string> } | undefined;
  return {
    async marketRate(currency) {
      if (!cache || Date.now() - cache.at > ttlMs) {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) throw new Error(`Rates provider answered ${response.status}`);
        const body = (await response.json()) as {
          base?: string;
          rates?: Record<string, number | string>;
        };
        if (body.base !== 'USD' || !body.rates)
          throw new Error('Rates provider answered without USD rates');
        cache = { at: Date.now(), rates: body.rates };
      }
      const rate = cache.rates[currency];
      if (rate === undefined) throw new Error(`Rates provider has no ${currency}`);
      return String(rate);
    },
  };
}
