import { z } from 'zod';
import { centsValueSchema } from './amounts';
import { twoStepCodeField } from './security';

/**
 * The Pago debit card (`/api/cards`), issued by the banking partner on the user's
 * partner account. Pago never stores a card's full number or CVV: only its last four digits and
 * expiry; the numbers are revealed on demand from the partner.
 */

export const CARD_TYPES = ['virtual', 'physical'] as const;
export const cardTypeSchema = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof cardTypeSchema>;

/**
 * inactive: a physical card on its way, until activated; frozen: by its holder, instantly
 * reversible; lost/stolen: reported, closed for good and replaced; closed: closed for good.
 */
export const CARD_STATUSES = ['inactive', 'active', 'frozen', 'lost', 'stolen', 'closed'] as const;
export const cardStatusSchema = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatusSchema>;

/** Spending limits per US Eastern calendar day; the holder may lower them, never above these. */
export const CARD_DAILY_LIMITS = {
  purchaseCents: 250_000,
  withdrawalCents: 50_000,
} as const;

export const cardLimitsSchema = z
  .object({ dailyPurchaseCents: centsValueSchema, dailyWithdrawalCents: centsValueSchema })
  .meta({ id: 'CardLimits' });
export type CardLimits = z.infer<typeof cardLimitsSchema>;

export const shippingSpeedSchema = z.enum(['standard', 'expedited']);
export type ShippingSpeed = z.infer<typeof shippingSpeedSchema>;

export const cardSchema = z
  .object({
    id: z.string(),
    type: cardTypeSchema,
    status: cardStatusSchema,
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    limits: cardLimitsSchema,
    /** Physical cards: how it ships and the one-line address it ships to. */
    shipping: z.object({ speed: shippingSpeedSchema, address: z.string() }).nullable(),
    /** The card this one replaces (reported lost or stolen), if any. */
    replacesCardId: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof cardSchema>;

// GET /api/cards — newest first, closed ones included (history).
export const cardsSchema = z.object({ cards: z.array(cardSchema) }).meta({ id: 'Cards' });

// POST /api/cards (money POST: Idempotency-Key; expedited delivery is a fee)
export const createCardBody = z
  .strictObject({
    type: cardTypeSchema,
    /** Physical cards only; standard is free. */
    shipping: shippingSpeedSchema.optional(),
  })
  .meta({ examples: [{ type: 'virtual' }, { type: 'physical', shipping: 'expedited' }] });
export type CreateCardBody = z.input<typeof createCardBody>;

export const cardParams = z.strictObject({ id: z.uuid() });

// POST /api/cards/:id/secure-token — after re-entering the password (and, with two-step codes
// on, a current code), a customer token the browser's secure display (VGS Show: the number, CVV)
// or secure form (VGS Collect: the PIN) calls the partner's vault with. Pago's server never sees
// the numbers or the PIN (docs/unit-card-secure-data.md).
export const CARD_SECURE_PURPOSES = ['show', 'pin'] as const;
// POST /api/cards/:id/secure-token/verification — the first step: the password (and a current
// two-step code when they are on); the partner then texts a code to the holder's phone (Unit's
// customer token verification) and the answer carries the verification to send it back with.
export const cardSecureVerificationBody = z.strictObject({
  password: z.string().min(1).max(200),
  purpose: z.enum(CARD_SECURE_PURPOSES),
  /** The language of the text message; Spanish unless told. */
  locale: z.enum(['es', 'en']).optional(),
  ...twoStepCodeField,
});
export const cardSecureVerificationSchema = z
  .object({
    /** The partner's verification token: good only with the code texted to the holder. */
    verificationToken: z.string(),
    channel: z.literal('sms'),
  })
  .meta({ id: 'CardSecureVerification' });
export type CardSecureVerification = z.infer<typeof cardSecureVerificationSchema>;
// The second step: the verification and the code the holder received.
export const cardSecureTokenBody = z.strictObject({
  purpose: z.enum(CARD_SECURE_PURPOSES),
  verificationToken: z.string().min(1).max(500),
  verificationCode: z.string().regex(/^[0-9]{4,10}$/),
});
export const cardSecureTokenSchema = z
  .object({
    /** The partner's customer token, scoped to this purpose, short-lived. */
    token: z.string(),
    expiresIn: z.number().int(),
    /** `cards-sensitive` (show) or `cards-sensitive-write` (PIN). */
    scope: z.string(),
    /** The card's id at the partner: the vault's paths name it. */
    partnerCardId: z.string(),
    vault: z.object({
      vaultId: z.string(),
      environment: z.enum(['sandbox', 'live']),
      showScriptUrl: z.string(),
      collectScriptUrl: z.string(),
    }),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    /** When the web app hides the numbers again (60 s). */
    hideAt: z.iso.datetime(),
  })
  .meta({ id: 'CardSecureToken' });
export type CardSecureToken = z.infer<typeof cardSecureTokenSchema>;

// POST /api/cards/:id/report-lost (money POST: the replacement's $5.00, expedited $15.00 more)
export const reportLostBody = z.strictObject({
  reason: z.enum(['lost', 'stolen']).default('lost'),
  shipping: shippingSpeedSchema.default('standard'),
});
export type ReportLostBody = z.input<typeof reportLostBody>;
export const reportLostSchema = z
  .object({ closed: cardSchema, replacement: cardSchema, feeCents: centsValueSchema })
  .meta({ id: 'ReportLostResult' });

// POST /api/cards/:id/activate — a physical card, with its last four digits and expiry.
export const activateCardBody = z.strictObject({
  last4: z.string().regex(/^[0-9]{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
});

// PATCH /api/cards/:id/limits — lower (or raise back up to CARD_DAILY_LIMITS) the daily limits.
export const cardLimitsBody = z
  .strictObject({
    dailyPurchaseCents: z.number().int().min(100).max(CARD_DAILY_LIMITS.purchaseCents).optional(),
    dailyWithdrawalCents: z
      .number()
      .int()
      .min(100)
      .max(CARD_DAILY_LIMITS.withdrawalCents)
      .optional(),
  })
  .refine(
    (body) => body.dailyPurchaseCents !== undefined || body.dailyWithdrawalCents !== undefined,
    {
      message: 'nothing_to_change',
    },
  );

/** Why the card network was refused (shown on the card's activity and in notifications). */
export const CARD_DECLINE_REASONS = [
  'card_frozen',
  'card_closed',
  'card_inactive',
  'insufficient_funds',
  'card_limit_exceeded',
  'invalid_card',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export const ATM_NETWORKS = ['in', 'out', 'international'] as const;
export type AtmNetwork = (typeof ATM_NETWORKS)[number];
