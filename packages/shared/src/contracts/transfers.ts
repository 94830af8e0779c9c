import { z } from 'zod';
import { CORRIDOR_COUNTRIES } from '../fees';
import { phoneSchema, usernameSchema } from './accounts';
import { amountUsdSchema, centsValueSchema } from './amounts';
import { remittanceDisclosureSchema } from './disclosures';
import { textLines } from './text';

/** Transfers: quotes, sending money, activity and receipts (`/api/transactions/*`). */

export const corridorCountrySchema = z.enum(CORRIDOR_COUNTRIES);
export const speedSchema = z.enum(['standard', 'express']);
export type Speed = z.infer<typeof speedSchema>;

// POST /api/transactions/quote
export const quoteBody = z
  .strictObject({
    recipientCountry: corridorCountrySchema,
    amountUsd: amountUsdSchema,
    speed: speedSchema.default('standard'),
    /** With the recipient's phone, a phone of a Pago user is quoted as what it is: instant and free. */
    recipientPhone: phoneSchema.optional(),
    /**
     * A saved recipient abroad: the quote is their payer's (its rate, speed and limits). A phone
     * abroad without it is quoted for the user's saved recipient with that phone.
     */
    recipientId: z.uuid().optional(),
  })
  .meta({ examples: [{ recipientCountry: 'MX', amountUsd: 100, speed: 'standard' }] });
export type QuoteBody = z.input<typeof quoteBody>;
export const quoteSchema = z
  .object({
    quoteId: z.string(),
    /** p2p: the phone belongs to a Pago user — paid instantly in USD, no fee, no exchange. */
    transferKind: z.enum(['p2p', 'remittance']),
    recipientCountry: z.string(),
    speed: speedSchema,
    amountCents: centsValueSchema,
    feeCents: centsValueSchema,
    /** amount + fee: what leaves the wallet. */
    totalCents: centsValueSchema,
    payoutCurrency: z.string(),
    /** Units of payoutCurrency per US dollar, after our spread, as an exact decimal string. */
    fxRate: z.string(),
    marketRate: z.string(),
    spreadBps: z.number(),
    /** What the recipient gets, in payoutCurrency, as an exact decimal string ("1829.15"). */
    payoutAmount: z.string(),
    deliveryEstimate: z.enum(['instant', 'under_30_minutes', 'one_to_three_days']),
    /** The payer's own estimate, in minutes (null: P2P, instant). */
    deliveryMinutes: z.number().int().nullable(),
    /** Who pays the recipient (null: P2P, or an estimate for no recipient yet). */
    payerName: z.string().nullable(),
    /** What the sender must see before paying a remittance (null for P2P). */
    disclosure: remittanceDisclosureSchema.nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

// POST /api/transactions/send — recipientName is the recipient's phone (spec's naming); a Pago
// user may instead be paid by @username (`recipientUsername`), whose verified phone the server
// looks up. A send to a Pago user needs no destination country.
/** A P2P note: up to 140 characters, lines allowed, trimmed (empty means no note). */
export const P2P_NOTE_MAX = 140;
export const p2pNoteSchema = textLines().max(P2P_NOTE_MAX);

export const sendMoneyBody = z
  .strictObject({
    recipientName: phoneSchema.optional(),
    recipientUsername: usernameSchema.optional(),
    recipientCountry: corridorCountrySchema.optional(),
    amountUsd: amountUsdSchema,
    speed: speedSchema.optional(),
    /** Required for an international send; a phone of a Pago user is paid instantly and free. */
    quoteId: z.uuid().optional(),
    /** A P2P send's note ("Cena del viernes"): both people see it; a remittance takes none. */
    note: p2pNoteSchema.optional(),
  })
  .refine((body) => (body.recipientName === undefined) !== (body.recipientUsername === undefined), {
    message: 'Give the recipient’s phone (recipientName) or their username (recipientUsername).',
    path: ['recipientName'],
  })
  .meta({
    examples: [
      {
        recipientName: '+525512345678',
        recipientCountry: 'MX',
        amountUsd: 100,
        speed: 'standard',
        quoteId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90',
      },
    ],
  });
export type SendMoneyBody = z.infer<typeof sendMoneyBody>;
/** A send with its recipient found: the phone, and the destination country (the phone's, for a Pago user). */
export type SendTo = Omit<
  SendMoneyBody,
  'recipientName' | 'recipientUsername' | 'recipientCountry'
> & {
  recipientName: string;
  recipientCountry: string;
};

export const TRANSFER_KINDS = [
  'deposit',
  'p2p',
  'remittance',
  'remittance_refund',
  'bill_payment',
  'bank_transfer',
  'request_payment',
  'bank_transfer_reversal',
  'bank_deposit',
  'bank_deposit_return',
  'bank_withdrawal',
  'bank_withdrawal_return',
  'card_purchase',
  'card_atm_withdrawal',
  'card_refund',
  'card_fee',
  'card_release',
  // Money in through the banking partner and the card acquirer (migration 0038).
  'ach_received',
  'ach_received_return',
  'check_deposit',
  'check_deposit_return',
  'cash_deposit',
  'card_funding',
  'card_funding_reversal',
  'bill_payment_return',
  'card_dispute_credit',
  'card_dispute_reversal',
  // A debt Pago writes off as its loss (staff, the ops queues; migration 0054).
  'debt_write_off',
  // Pago's staff refunded a transfer (docs/ops-console.md).
  'staff_refund',
  // A P2P payment held for a sanctions review, released to the payee or back to the sender
  // (migration 0051); never a row of activity.
  'sanctions_release',
  // Send at my rate: the money reserved while the order waits, and given back (migration 0059).
  'rate_order_hold',
  'rate_order_release',
  // A colecta (docs/colectas.md): a contribution held by Pago, given back, or collected by the
  // organiser right before the one remittance (migration 0062).
  'colecta_contribution',
  'colecta_release',
  'colecta_collected',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
/** Kinds made with the Pago card: a purchase, cash from an ATM, a refund or a card fee. */
export const CARD_TRANSFER_KINDS: readonly TransferKind[] = [
  'card_purchase',
  'card_atm_withdrawal',
  'card_refund',
  'card_fee',
];
/** A transfer made with the Pago card (its history is the card's and the activity's alike). */
export function isCardTransfer(transfer: { kind: TransferKind }): boolean {
  return CARD_TRANSFER_KINDS.includes(transfer.kind);
}
export const TRANSFER_STATUSES = [
  'completed',
  'processing',
  'delivered',
  'failed',
  'refunded',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

// GET /api/transactions
export const listTransactionsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(TRANSFER_KINDS).optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const transferPartySchema = z.object({
  userId: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TransferParty = z.infer<typeof transferPartySchema>;

/** One transfer as its owner sees it; `direction` is from the viewer's side. */
export const transferSchema = z
  .object({
    id: z.string(),
    /** A short code for receipts and support (10 characters of Crockford base32), stable per id. */
    reference: z.string().length(10),
    kind: z.enum(TRANSFER_KINDS),
    status: z.enum(TRANSFER_STATUSES),
    direction: z.enum(['in', 'out']),
    amountCents: centsValueSchema,
    feeCents: centsValueSchema,
    totalCents: centsValueSchema,
    counterparty: transferPartySchema.nullable(),
    createdAt: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof transferSchema>;
export const transferReceiptSchema = transferSchema
  .extend({
    statusHistory: z.array(
      z.object({
        status: z.enum(TRANSFER_STATUSES),
        at: z.string(),
        note: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TransferReceipt' });
export type TransferReceipt = z.infer<typeof transferReceiptSchema>;
export const transferListSchema = z.object({
  items: z.array(transferSchema),
  nextCursor: z.string().nullable(),
});
export type TransferList = z.infer<typeof transferListSchema>;
