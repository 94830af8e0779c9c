import { randomUUID } from 'node:crypto';
import { RATE_CURRENCIES } from '@pago/shared/contracts/rates';
import { CORRIDORS, type CorridorCountry, fxSpreadBps } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { ThunesClient } from '../../providers/thunes/thunes-client';
import type { Payers } from '../remittances/payers.service';
import { customerRate } from '../transfers/fx-math';

/** Where Pago reads the market rate of a payout currency (units per dollar, a decimal string). */
export type RateSource = {
  available: boolean;
  marketRate(currency: string): Promise<string>;
};

/** A rate with at most 8 decimals, cut (the exchange arithmetic's scale, as remittance pricing). */
export function rateText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const cut = fraction.slice(0, 8).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** The sender's rate for a market rate: Pago's spread taken off, as every send prices it. */
export function senderRate(currency: string, marketRate: string): string {
  return customerRate(marketRate, fxSpreadBps(currency as never));
}

const SCALE = 8;
/** A decimal rate as an integer at 8 decimals, for exact comparison. */
function scaled(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
}
/** -1, 0 or 1 as `a` is below, at or above `b`. */
export function compareRates(a: string, b: string): number {
  const [x, y] = [scaled(a), scaled(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
/** "18.50000000" → "18.5": how a stored numeric is shown. */
export function plainDecimal(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** The probe's amount: 100 dollars, well inside every payer's limits. */
const PROBE_CENTS = cents(10_000);

/**
 * The partner's rate as a send would get it: a quotation of 100 dollars from the first payer of a
 * corridor paying in `currency` (the same call remittance pricing makes; its wholesale_fx_rate).
 * Thunes also documents `GET /payers/{id}/rates`, whose answer the references at hand do not
 * describe (docs/thunes.md); a quotation is the rate the send itself is priced at.
 */
export function partnerRateSource(thunes: ThunesClient | null, payers: Payers): RateSource {
  return {
    available: thunes !== null,
    async marketRate(currency) {
      if (!thunes) throw new Error('no payout partner');
      if (!(RATE_CURRENCIES as string[]).includes(currency))
        throw new Error(`not a corridor currency: ${currency}`);
      const corridor = CORRIDORS.find((c) => c.currency === currency);
      const offered = await payers.list(corridor?.country as CorridorCountry);
      const payer = offered.find((p) => p.currency === currency);
      if (!payer) throw new Error(`no payer pays ${currency}`);
      const probe = await thunes.createQuotation({
        externalId: `rate-sample-${randomUUID()}`,
        payerId: payer.id,
        sourceAmount: PROBE_CENTS,
        destinationCurrency: currency,
      });
      return rateText(probe.wholesale_fx_rate);
    },
  };
}
