import { z } from 'zod';
import { type FundingMethod, fundingFee } from '../fees';
import { type Cents, cents } from '../money';
import { centsSchema, centsValueSchema } from './amounts';

/**
 * Adding money with a debit or credit card through Stripe (`/api/card-funding*`). The browser
 * makes a Stripe PaymentMethod with Stripe.js (the card number never reaches Pago); the server
 * reads the card's funding from Stripe and prices the top-up by it. Amounts in cents.
 */

/** Card top-ups, per US Eastern day and month (declined and failed ones do not count). */
export const CARD_FUNDING_LIMITS = {
  minimum: cents(100),
  perFunding: cents(50_000),
  daily: cents(50_000),
  monthly: cents(150_000),
} as const satisfies Record<string, Cents>;

export const cardFundingKindSchema = z.enum(['debit', 'credit', 'prepaid', 'unknown']);
export type CardFundingKind = z.infer<typeof cardFundingKindSchema>;

/**
 * The price list a card's funding falls under: prepaid cards are debit cards on the networks'
 * debit rails (Stripe reports them apart), so they are priced as debit; a card whose funding Stripe
 * cannot tell is priced as credit, the higher of the two, so no user is ever charged more than shown.
 */
export function pricedAs(funding: CardFundingKind): 'debit' | 'credit' {
  return funding === 'debit' || funding === 'prepaid' ? 'debit' : 'credit';
}

export function cardFundingFee(amount: Cents, funding: CardFundingKind): Cents {
  const method: FundingMethod = pricedAs(funding) === 'debit' ? 'debit_card' : 'credit_card';
  return fundingFee(amount, method);
}

/** A Stripe PaymentMethod id (or one of Stripe's test ones, pm_card_…). */
const paymentMethodIdSchema = z.string().regex(/^pm_[A-Za-z0-9_]{1,100}$/);
const amountSchema = centsSchema(CARD_FUNDING_LIMITS.perFunding).refine(
  (amount) => amount >= CARD_FUNDING_LIMITS.minimum,
  { message: `Must be at least ${CARD_FUNDING_LIMITS.minimum} cents` },
);

// POST /api/card-funding/quote
export const cardFundingQuoteBody = z
  .strictObject({ paymentMethodId: paymentMethodIdSchema, amountCents: amountSchema })
  .meta({ examples: [{ paymentMethodId: 'pm_card_visa_debit', amountCents: 5000 }] });
export type CardFundingQuoteBody = z.input<typeof cardFundingQuoteBody>;

export const cardFundingQuoteSchema = z.object({
  amountCents: centsValueSchema,
  feeCents: centsValueSchema,
  /** What the card is charged: amount and fee. The wallet gets `amountCents`. */
  totalCents: centsValueSchema,
  brand: z.string(),
  funding: cardFundingKindSchema,
  pricedAs: z.enum(['debit', 'credit']),
  last4: z.string(),
  /** Card top-ups are spendable as soon as the card is charged. */
  availableAt: z.literal('immediately'),
});
export type CardFundingQuote = z.infer<typeof cardFundingQuoteSchema>;

// POST /api/card-funding
export const cardFundingBody = z
  .strictObject({
    paymentMethodId: paymentMethodIdSchema,
    amountCents: amountSchema,
    /** The fee and total the user saw and confirmed: a different price is refused. */
    expectedFeeCents: z.number().int().nonnegative().max(100_000_000),
    expectedTotalCents: z.number().int().positive().max(100_000_000),
  })
  .meta({
    examples: [
      {
        paymentMethodId: 'pm_card_visa_debit',
        amountCents: 5000,
        expectedFeeCents: 175,
        expectedTotalCents: 5175,
      },
    ],
  });
export type CardFundingBody = z.input<typeof cardFundingBody>;

export const cardFundingStatusSchema = z.enum([
  'pending',
  'requires_action',
  'succeeded',
  'declined',
  'failed',
  'disputed',
  'dispute_won',
  'dispute_lost',
]);
export type CardFundingStatus = z.infer<typeof cardFundingStatusSchema>;

export const cardFundingSchema = z.object({
  id: z.string(),
  status: cardFundingStatusSchema,
  amountCents: centsValueSchema,
  feeCents: centsValueSchema,
  totalCents: centsValueSchema,
  brand: z.string(),
  funding: cardFundingKindSchema,
  last4: z.string(),
  /** The wallet's credit, once the card was charged. */
  transferId: z.string().nullable(),
  /** Where the browser finishes 3-D Secure (status requires_action). */
  authenticationUrl: z.string().nullable(),
  /** Why the card's bank declined it or authentication failed (status declined or failed). */
  declineCode: z.string().nullable(),
  createdAt: z.string(),
});
export type CardFunding = z.infer<typeof cardFundingSchema>;

export const cardFundingParams = z.strictObject({ id: z.uuid() });

// GET /api/card-funding/config — what the browser needs for Stripe.js
export const cardFundingConfigSchema = z.object({
  available: z.boolean(),
  publishableKey: z.string().nullable(),
  stripeJsUrl: z.string().nullable(),
  limits: z.object({
    minimumCents: centsValueSchema,
    perFundingCents: centsValueSchema,
    dayRemainingCents: centsValueSchema,
    monthRemainingCents: centsValueSchema,
  }),
});
export type CardFundingConfig = z.infer<typeof cardFundingConfigSchema>;
