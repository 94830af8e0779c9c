import { z } from 'zod';
import { isCorridorCountry } from '../fees';
import { isPhoneOfCountry } from '../phone-countries';
import {
  isValidBankAccount,
  normalizeAccountNumber,
  PAYOUT_METHODS,
  payoutMethodsFor,
} from '../remittances';
import { phoneSchema } from './accounts';
import { amountUsdSchema } from './amounts';
import { textLine } from './text';
import { corridorCountrySchema, speedSchema, transferReceiptSchema } from './transfers';

/** Sending home: saved recipients abroad (`/api/recipients`), and a send to one. */

export const payoutMethodSchema = z.enum(PAYOUT_METHODS);

/** How the recipient is paid; which fields apply depends on the method. */
export const payoutDetailsSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('bank_deposit'),
    /** CLABE in Mexico, CBU in Argentina, IBAN where used, else the account's digits. */
    accountNumber: z.string().max(40).transform(normalizeAccountNumber),
  }),
  z.strictObject({
    method: z.literal('cash_pickup'),
    /** A location of the payout partner's catalog for the country (GET /api/recipients/pickup-locations). */
    locationId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  }),
  z.strictObject({
    method: z.literal('mobile_wallet'),
    /** The mobile wallet's phone, in the recipient's country. */
    walletPhone: phoneSchema,
  }),
]);
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/**
 * A recipient as typed: the payout method must be one the country offers, and its account and
 * phones of the country. One schema for the form and the server; the issues carry stable messages.
 */
export const recipientBody = z
  .strictObject({
    fullName: textLine().min(2).max(100),
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
    if (
      payout.method === 'bank_deposit' &&
      !isValidBankAccount(value.country, payout.accountNumber)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['payout', 'accountNumber'],
        message: 'account_invalid',
      });
    }
    if (payout.method === 'mobile_wallet' && !isPhoneOfCountry(payout.walletPhone, value.country)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payout', 'walletPhone'],
        message: 'phone_not_of_country',
      });
    }
  })
  .meta({
    examples: [
      {
        fullName: 'María López',
        country: 'MX',
        phone: '+525512345678',
        payout: { method: 'bank_deposit', accountNumber: '032180000118359719' },
      },
    ],
  });
export type RecipientBody = z.input<typeof recipientBody>;

export const pickupLocationSchema = z
  .object({
    id: z.string(),
    country: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    hours: z.string(),
  })
  .meta({ id: 'PickupLocation' });
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
export const pickupLocationsQuery = z.strictObject({ country: corridorCountrySchema });
export const pickupLocationListSchema = z.object({ items: z.array(pickupLocationSchema) });

/** A saved recipient; the account number shows its last four digits only. */
export const recipientSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    country: z.string(),
    phone: z.string(),
    payout: z.object({
      method: payoutMethodSchema,
      /** "••••1234" for a bank deposit. */
      accountMask: z.string().nullable(),
      walletPhone: z.string().nullable(),
      location: pickupLocationSchema.nullable(),
    }),
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
  'available_for_pickup',
  'deposited',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

/** A remittance as its tracking page shows it. */
export const remittanceTrackingSchema = z
  .object({
    transfer: transferReceiptSchema,
    /** Null for a remittance sent to a phone alone (the spec's send). */
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
    /** Until the partner has paid out. */
    cancellable: z.boolean(),
  })
  .meta({ id: 'RemittanceTracking' });
export type RemittanceTracking = z.infer<typeof remittanceTrackingSchema>;
