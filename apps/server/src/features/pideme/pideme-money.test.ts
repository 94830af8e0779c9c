import type { Quote } from '@pago/shared/contracts/transfers';
import { describe, expect, it } from 'vitest';
import { notificationEmail } from '../../providers/email/notification-templates';
import { payoutAmount } from '../transfers/fx-math';
import { normalAmount, quoteAtLeast, usdCentsFor } from './pideme-money';

/** A quote as the partner prices it at `rate`: fx-math's payout for the cents. */
function priced(rate: string, currency = 'MXN') {
  const calls: number[] = [];
  const quoteFor = async (amountCents: number) => {
    calls.push(amountCents);
    return {
      amountCents,
      fxRate: rate,
      payoutAmount: payoutAmount(amountCents, rate, currency),
    } as Quote;
  };
  return { calls, quoteFor };
}

describe('the dollars for an amount abroad', () => {
  it('rounds up to the cent, so the relative gets at least what they asked, by under a cent’s worth', () => {
    expect(usdCentsFor('3000', '17.885')).toBe(16774);
    expect(payoutAmount(16774, '17.885', 'MXN')).toBe('3000.02');
    expect(payoutAmount(16773, '17.885', 'MXN')).toBe('2999.85');
    // An exact amount needs no rounding.
    expect(usdCentsFor('1788.50', '17.885')).toBe(10000);
    for (const [amount, rate, currency] of [
      ['0.01', '17.885', 'MXN'],
      ['999999.99', '7.5012', 'GTQ'],
      ['150000', '4012.55', 'COP'],
      ['2500', '930.4', 'CLP'],
    ] as const) {
      const cents = usdCentsFor(amount, rate);
      const paid = Number(payoutAmount(cents, rate, currency));
      expect(paid).toBeGreaterThanOrEqual(Number(amount));
      expect(Number(payoutAmount(cents - 1, rate, currency))).toBeLessThan(Number(amount));
    }
  });

  it('writes amounts with the currency’s decimals and refuses cents of a whole-unit currency', () => {
    expect(normalAmount('3000', 'MXN')).toBe('3000.00');
    expect(normalAmount('3000.5', 'MXN')).toBe('3000.50');
    expect(normalAmount('2500', 'CLP')).toBe('2500');
    expect(normalAmount('2500.50', 'CLP')).toBeNull();
  });

  it('prices a probe, then the dollars for the amount, once the rate is known', async () => {
    const partner = priced('17.885');
    const quote = await quoteAtLeast('3000', partner.quoteFor);
    expect(partner.calls).toEqual([10_000, 16774]);
    expect(quote.payoutAmount).toBe('3000.02');
  });

  it('prices again when the rate moved between the probe and the quote', async () => {
    const rates = ['18.000', '17.500', '17.500'];
    const calls: number[] = [];
    const quote = await quoteAtLeast('3000', async (amountCents) => {
      calls.push(amountCents);
      const rate = rates[calls.length - 1] ?? '17.500';
      return {
        amountCents,
        fxRate: rate,
        payoutAmount: payoutAmount(amountCents, rate, 'MXN'),
      } as Quote;
    });
    // 3000 / 18 → 16667 cents buys 2916.72 at 17.5: again, 3000 / 17.5 → 17143 cents.
    expect(calls).toEqual([10_000, 16667, 17143]);
    expect(Number(quote.payoutAmount)).toBeGreaterThanOrEqual(3000);
  });
});

describe('the sender’s e-mail of a request', () => {
  it('names the relative, the amount in their currency and the reason, in either language', () => {
    const data = {
      requestId: 'a5c1f1a2-6a1e-4c2b-9d55-1f0c1e4b6a77',
      recipientName: 'María',
      note: 'para la farmacia',
      foreignAmount: '3000.00',
      currency: 'MXN',
    };
    const input = {
      type: 'pideme_request' as const,
      data,
      createdAt: new Date(),
      name: 'Rosa',
      actorName: null,
    };
    const es = notificationEmail('es', input);
    expect(es.subject.replace(/\s/g, ' ')).toBe('María te pide MXN 3,000.00');
    expect(es.text).toContain('para la farmacia');
    expect(es.text).toContain('pagar con un toque');
    const en = notificationEmail('en', input);
    expect(en.subject.replace(/\s/g, ' ')).toBe('María is asking you for MXN 3,000.00');
  });
});
