import type { Quote } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';

/**
 * A remittance's quote as the server answers it: $100 to a Mexican bank deposit at 17.1234 with
 * the spec's fee ($4.49), and the Remittance Transfer Rule's disclosure of the same figures
 * (a deposit: the recipient may receive less). Held ten minutes from now.
 */
export function makeRemittanceQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    quoteId: '6f1c2a8e-2f3b-4f7e-9a51-0c8d3b1e2a44',
    transferKind: 'remittance',
    recipientCountry: 'MX',
    speed: 'standard',
    amountCents: cents(10000),
    feeCents: cents(449),
    totalCents: cents(10449),
    payoutCurrency: 'MXN',
    fxRate: '17.1234',
    marketRate: '17.4728',
    spreadBps: 200,
    payoutAmount: '1712.34',
    deliveryEstimate: 'one_to_three_days',
    deliveryMinutes: 1440,
    payerName: 'Banco Ejemplo México',
    disclosure: {
      transferAmountCents: cents(10000),
      transferFeeCents: cents(449),
      transferTaxesCents: cents(0),
      totalCents: cents(10449),
      exchangeRate: '17.1234',
      payoutCurrency: 'MXN',
      transferAmountForeign: '1712.34',
      otherFeesForeign: '0.00',
      totalToRecipient: '1712.34',
      recipientMayReceiveLess: true,
      availableBy: '2026-11-21T15:00:00.000Z',
    },
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
}
