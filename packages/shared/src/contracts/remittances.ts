import { z } from 'zod';
import { isCorridorCountry } from '../fees';
import { checkPayerField, normalizePayerField, PAYER_FIELDS, type PayerFieldName } from '../payers';
import { isPhoneOfCountry } from '../phone-countries';
import { PAYOUT_METHODS, payoutMethodsFor } from '../remittances';
import { phoneSchema } from './accounts';
import { amountUsdSchema } from './amounts';
import { remittanceDisclosureSchema } from './disclosures';
import { recipientNoticeSchema } from './recipient-tracking';
import { textLine } from './text';
import { corridorCountrySchema, speedSchema, transferReceiptSchema } from './transfers';

/** Sending home: saved recipients abroad (`/api/recipients`), and a send to one. */

export const payoutMethodSchema = z.enum(PAYOUT_METHODS);

/**
 * A payer: who pays the recipient for the payout partner (a bank, a cash pickup network, a mobile
 * wallet), with what it needs to know (`fields`, beyond the recipient's name and phone), its limits
 * in its own currency and how fast it pays. `GET /api/remittances/payers?country=GT`.
 */
export const payerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    country: z.string(),
    method: payoutMethodSchema,
    currency: z.string(),
    /** The smallest and largest payout, in `currency`, exact decimals (max null: no maximum). */
    minAmount: z.string(),
    maxAmount: z.string().nullable(),
    /** How long the payer takes to pay out once sent, in minutes, as the partner estimates it. */
    deliveryMinutes: z.number().int(),
    /** Pays within EXPRESS_MAX_MINUTES: express is offered on it (the fee table's express price). */
    express: z.boolean(),
    /** The fields it requires, in the order the form asks them. */
    fields: z.array(z.enum(PAYER_FIELDS)),
  })
  .meta({ id: 'Payer' });
export type Payer = z.infer<typeof payerSchema>;
export const payersQuery = z.strictObject({
  country: corridorCountrySchema,
  method: payoutMethodSchema.optional(),
});
export const payerListSchema = z.object({ items: z.array(payerSchema) });

/**
 * How the recipient is paid: a payer of their country and the fields that payer requires, keyed by
 * the partner's names (each checked by the shared rules of payers.ts; which ones a payer requires
 * the server checks against the payer itself, as the form does).
 */
export const payoutDetailsSchema = z
  .strictObject({
    method: payoutMethodSchema,
    payerId: z.string().regex(/^\d{1,18}$/),
    fields: z.partialRecord(z.enum(PAYER_FIELDS), z.string().max(64)).default({}),
  })
  .transform((payout) => ({
    ...payout,
    fields: Object.fromEntries(
      Object.entries(payout.fields).map(([name, value]) => [
        name,
        normalizePayerField(name as PayerFieldName, value ?? ''),
      ]),
    ) as Partial<Record<PayerFieldName, string>>,
  }));
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;

/**
 * A recipient as typed: first and family names as on their ID, a phone of their country, and how
 * they are paid; the payout method must be one the country offers and each field valid for the
 * country. One schema for the form and the server; the issues carry stable messages.
 */
export const recipientBody = z
  .strictObject({
    firstName: textLine().min(1).max(50),
    lastName: textLine().min(1).max(50),
    country: corridorCountrySchema,
    phone: phoneSchema,
    payout: payoutDetailsSchema,
  })
  .superRefine((value, ctx) => {
    if (!isCorridorCountry(value.country)) return;
    if (!isPhoneOfCountry(value.phone, value.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone_not_of_country' });
    }
    const { payout } = value;
    if (!payoutMethodsFor(value.country).includes(payout.method)) {
      ctx.addIssue({ code: 'custom', path: ['payout', 'method'], message: 'method_unavailable' });
      return;
    }
    for (const [name, fieldValue] of Object.entries(payout.fields)) {
      const problem = checkPayerField(value.country, name as PayerFieldName, fieldValue ?? '');
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['payout', 'fields', name], message: problem });
      }
    }
  })
  .meta({
    examples: [
      {
        firstName: 'María',
        lastName: 'López',
        country: 'MX',
        phone: '+525512345678',
        payout: {
          method: 'bank_deposit',
          payerId: '1002',
          fields: { clabe: '032180000118359719' },
        },
      },
    ],
  });
export type RecipientBody = z.input<typeof recipientBody>;
export type RecipientInput = z.output<typeof recipientBody>;

/** A saved recipient; account numbers and ID numbers show their last four characters only. */
export const recipientSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    country: z.string(),
    phone: z.string(),
    payout: z.object({
      method: payoutMethodSchema,
      /** Null for a recipient saved before Pago paid through its partner's payers. */
      payerId: z.string().nullable(),
      payerName: z.string().nullable(),
      /** "••••1234" for a bank deposit. */
      accountMask: z.string().nullable(),
      walletPhone: z.string().nullable(),
      /** The payer's fields, masked as `maskPayerField` shows them. */
      fields: z.partialRecord(z.enum(PAYER_FIELDS), z.string()),
    }),
    /** Saved before the payers existed (no payer): choose how they are paid again before sending. */
    needsUpdate: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = z.object({ items: z.array(recipientSchema) });

// POST /api/remittances: send home to a saved recipient, on a quote for their phone and country.
export const sendHomeBody = z
  .strictObject({
    recipientId: z.uuid(),
    amountUsd: amountUsdSchema,
    speed: speedSchema.optional(),
    quoteId: z.uuid(),
  })
  .meta({
    examples: [
      {
        recipientId: '5b1d3c9e-7a2f-4e8b-9c6d-1f0a2b3c4d5e',
        amountUsd: 100,
        speed: 'standard',
        quoteId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90',
      },
    ],
  });
export type SendHomeBody = z.infer<typeof sendHomeBody>;

export const TRACKING_STEPS = [
  'created',
  'sent_to_partner',
  /** The partner holds it for a compliance review. */
  'under_review',
  /** Handed to the payer. */
  'submitted',
  'available_for_pickup',
  'deposited',
  /** Cash picked up. */
  'picked_up',
  'failed',
  'cancelled',
  /** The payer took back a payout it had made. */
  'reversed',
  'refunded',
] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

/** Why a sender reports a problem with a remittance (the rule's kinds of errors, § 1005.33(a)). */
export const ERROR_CASE_REASONS = [
  'not_received',
  'wrong_amount',
  'wrong_recipient_details',
  'late',
] as const;
export type ErrorCaseReason = (typeof ERROR_CASE_REASONS)[number];
/** What the sender asks for if it was an error: their money back, or the transfer sent again free. */
export const ERROR_CASE_REMEDIES = ['refund', 'resend'] as const;
export const ERROR_CASE_STATUSES = [
  /** Opened: Pago asks the partner and decides by `decideBy`. */
  'open',
  /** An error: the remedy was applied. */
  'resolved',
  /** No error found: the answer says why. */
  'no_error',
] as const;

// POST /api/remittances/:id/cases
export const errorCaseBody = z
  .strictObject({
    reason: z.enum(ERROR_CASE_REASONS),
    description: textLine().max(1000).optional(),
    remedy: z.enum(ERROR_CASE_REMEDIES),
  })
  .meta({
    examples: [
      { reason: 'not_received', description: 'Mi mamá no lo ha recibido', remedy: 'refund' },
    ],
  });
export type ErrorCaseBody = z.infer<typeof errorCaseBody>;

/** A reported problem with a remittance and where it stands. */
export const errorCaseSchema = z
  .object({
    id: z.string(),
    transferId: z.string(),
    reason: z.enum(ERROR_CASE_REASONS),
    description: z.string().nullable(),
    remedy: z.enum(ERROR_CASE_REMEDIES),
    status: z.enum(ERROR_CASE_STATUSES),
    openedAt: z.string(),
    /** The rule's 90 days from the report to decide. */
    decideBy: z.string(),
    decidedAt: z.string().nullable(),
    /** What was found, in the sender's language once decided. */
    resolution: z.string().nullable(),
    /** The refund, or the free resend, that remedied it. */
    remedyTransferId: z.string().nullable(),
  })
  .meta({ id: 'RemittanceErrorCase' });
export type ErrorCase = z.infer<typeof errorCaseSchema>;
export const errorCaseListSchema = z.object({ items: z.array(errorCaseSchema) });

/** A remittance as its tracking page shows it. */
export const remittanceTrackingSchema = z
  .object({
    transfer: transferReceiptSchema,
    /** Null for a remittance sent before recipients were saved. */
    recipient: z
      .object({
        fullName: z.string(),
        country: z.string(),
        phone: z.string(),
        payout: recipientSchema.shape.payout,
      })
      .nullable(),
    timeline: z.array(z.object({ step: z.enum(TRACKING_STEPS), at: z.string() })),
    expectedBy: z.string(),
    /** For cash pickup, once the money is available. */
    pickupCode: z.string().nullable(),
    /** The partner can still stop it: cancelling refunds the amount and every fee. */
    cancellable: z.boolean(),
    /** The end of the sender's 30 minutes to cancel for a full refund (§ 1005.34). */
    cancelBy: z.string(),
    /** What was disclosed before paying, as the receipt repeats it. Null before the partner era. */
    disclosure: remittanceDisclosureSchema.nullable(),
    /** The 180 days after the availability date to report a problem (§ 1005.33(b)). */
    reportBy: z.string(),
    canReport: z.boolean(),
    cases: z.array(errorCaseSchema),
    /** The recipient's tracking link and SMS (docs/recipient-notice.md). */
    recipientNotice: recipientNoticeSchema,
  })
  .meta({ id: 'RemittanceTracking' });
export type RemittanceTracking = z.infer<typeof remittanceTrackingSchema>;
