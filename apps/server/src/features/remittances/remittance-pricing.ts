import { randomUUID } from 'node:crypto';
import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { Speed } from '@pago/shared/contracts/transfers';
import {
  type CorridorCountry,
  fxSpreadBps,
  getCorridor,
  internationalFee,
} from '@pago/shared/fees';
import { addCents, type Cents, cents } from '@pago/shared/money';
import { expectedDeliveryBy } from '@pago/shared/remittances';
import { AppError } from '../../lib/app-error';
import {
  THUNES_ERRORS,
  type ThunesClient,
  ThunesError,
} from '../../providers/thunes/thunes-client';
import { customerRate, payoutAmount } from '../transfers/fx-math';
import type { OfferedPayer } from './payers.service';

/** How long Pago holds a price: the partner's quotation may expire sooner, and then that wins. */
export const REMITTANCE_QUOTE_MINUTES = 10;

/** A remittance priced with the partner: what the quote shows and the send is bound to. */
export type RemittancePrice = {
  feeCents: Cents;
  /** The partner's rate (units of the payout currency per dollar). */
  marketRate: string;
  /** The partner's rate after Pago's spread: what the sender gets. */
  fxRate: string;
  spreadBps: number;
  payoutCurrency: string;
  payoutAmount: string;
  /** The partner's quotation for exactly `payoutAmount`, which the transaction is created from. */
  partnerQuotationId: string;
  /** What the partner takes from Pago's prefunded balance for it, in dollars. */
  partnerSourceAmount: string;
  deliveryMinutes: number;
  expiresAt: Date;
  disclosure: RemittanceDisclosure;
};

/** A rate with at most 8 decimals (the exchange arithmetic's scale), cut, never rounded up. */
function rateText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const cut = fraction.slice(0, 8).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** "0.00" in a currency's minor units (none for CLP and PYG). */
function zeroIn(precision: number): string {
  return precision === 0 ? '0' : `0.${'0'.repeat(precision)}`;
}

/**
 * When the money will be available at the latest: express, the payer's own minutes; standard,
 * the corridor's standard days (the payer may be faster; the promise is the later of the two).
 */
export function availableBy(
  country: CorridorCountry,
  speed: Speed,
  deliveryMinutes: number,
  from: Date,
): Date {
  const payer = new Date(from.getTime() + deliveryMinutes * 60_000);
  if (speed === 'express') return payer;
  const standard = expectedDeliveryBy(country, 'standard', from);
  return standard > payer ? standard : payer;
}

/** A partner refusal of a quotation, as the sender should read it. */
export function quotationRefusal(error: unknown): AppError | null {
  if (!(error instanceof ThunesError)) return null;
  if (error.kind === 'unavailable') {
    return new AppError(
      'payout_partner_unavailable',
      503,
      'Our payout partner cannot be reached right now. Try again in a few minutes.',
    );
  }
  if (
    error.code === THUNES_ERRORS.belowPayerMinimum ||
    error.code === THUNES_ERRORS.overPayerMaximum
  ) {
    return new AppError(
      'amount_outside_payer_limits',
      422,
      'This amount is outside what this payer pays out. Send a different amount or choose another way to pay the recipient.',
      { partnerCode: error.code },
    );
  }
  if (error.code === THUNES_ERRORS.payerUnavailable) {
    return new AppError(
      'payer_unavailable',
      422,
      'This payer is not paying out right now. Choose another way to pay the recipient.',
    );
  }
  return new AppError('payout_refused', 422, 'Our payout partner refused this transfer.', {
    partnerCode: error.code,
  });
}

/**
 * Prices a remittance with the partner: a quotation for the amount gives the partner's rate;
 * Pago's spread (spec: MXN 2.0%, others 2.5%) gives the sender's rate and what the recipient
 * receives; a second quotation, for exactly that payout, is what the transaction will be created
 * from (so the recipient receives to the unit what the sender was shown). Pago's fee is the fee
 * table's (express included).
 */
export function createRemittancePricing(thunes: ThunesClient | null) {
  return {
    available: thunes !== null,
    async price(input: {
      payer: OfferedPayer;
      amountCents: Cents;
      speed: Speed;
      now: Date;
    }): Promise<RemittancePrice> {
      if (!thunes) throw new Error('no payout partner');
      const { payer, amountCents, speed, now } = input;
      const country = payer.country as CorridorCountry;
      const corridor = getCorridor(country);
      try {
        const probe = await thunes.createQuotation({
          externalId: `rate-${randomUUID()}`,
          payerId: payer.id,
          sourceAmount: amountCents,
          destinationCurrency: payer.currency,
        });
        const marketRate = rateText(probe.wholesale_fx_rate);
        const spreadBps = fxSpreadBps(corridor.currency);
        const fxRate = customerRate(marketRate, spreadBps);
        const payout = payoutAmount(amountCents, fxRate, payer.currency);
        const bound = await thunes.createQuotation({
          externalId: `quote-${randomUUID()}`,
          payerId: payer.id,
          destinationAmount: payout,
          destinationCurrency: payer.currency,
        });
        const feeCents = internationalFee(country, amountCents, speed);
        const partnerExpiry = new Date(bound.expiration_date);
        const ours = new Date(now.getTime() + REMITTANCE_QUOTE_MINUTES * 60_000);
        const expiresAt =
          Number.isNaN(partnerExpiry.getTime()) || partnerExpiry > ours ? ours : partnerExpiry;
        return {
          feeCents,
          marketRate,
          fxRate,
          spreadBps,
          payoutCurrency: payer.currency,
          payoutAmount: payout,
          partnerQuotationId: bound.id,
          partnerSourceAmount: bound.source.amount,
          deliveryMinutes: payer.deliveryMinutes,
          expiresAt,
          disclosure: {
            transferAmountCents: amountCents,
            transferFeeCents: feeCents,
            transferTaxesCents: cents(0),
            totalCents: addCents(amountCents, feeCents),
            exchangeRate: fxRate,
            payoutCurrency: payer.currency,
            transferAmountForeign: payout,
            otherFeesForeign: zeroIn(payer.precision),
            totalToRecipient: payout,
            recipientMayReceiveLess: payer.method === 'bank_deposit',
            availableBy: availableBy(country, speed, payer.deliveryMinutes, now).toISOString(),
          },
        };
      } catch (error) {
        throw quotationRefusal(error) ?? error;
      }
    },
  };
}

export type RemittancePricing = ReturnType<typeof createRemittancePricing>;
