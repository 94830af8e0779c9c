/**
 * Mid-market exchange rates, units of currency per US dollar, as exact decimal strings. The
 * quote service adds Pago's spread on top (packages/shared/src/fees.ts).
 */
export type RatesProvider = { marketRate(currency: string): Promise<string> };

/**
 * Sandbox mode: a fixed reference table covering every corridor currency (USD for Ecuador,
 * El Salvador and Panama), so quotes are deterministic. Served at /sandbox/fx/latest too, in the
 * format of the live client below.
 */
export const SANDBOX_REFERENCE_RATES: Readonly<Record<string, string>> = {
  USD: '1',
  MXN: '18.25',
  GTQ: '7.70',
  BZD: '2.00',
  HNL: '25.10',
  NIO: '36.60',
  CRC: '508.40',
  COP: '4010.00',
  VES: '36.50',
  GYD: '209.20',
  SRD: '35.90',
  BRL: '5.42',
  PEN: '3.74',
  BOB: '6.91',
  PYG: '7425',
  UYU: '40.15',
  ARS: '975.50',
  CLP: '942',
};

export function createSandboxRates(): RatesProvider {
  return {
    async marketRate(currency) {
      const rate = SANDBOX_REFERENCE_RATES[currency];
      if (!rate) throw new Error(`No sandbox rate for ${currency}`);
      return rate;
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
