import { z } from 'zod';
import { BILL_CATEGORIES } from '../bill-categories';
import { CORRIDOR_COUNTRIES } from '../fees';
import { type Cents, cents, dollarsToCents } from '../money';
import { phoneSchema, usernameSchema } from './accounts';
import { textLine, textLines } from './text';

/**
 * Shapes of the money API (spec §3, §7 plus what a real product needs). Amounts the spec gives
 * as dollars (`amountUsd`) are numbers with at most two decimals, turned into cents on arrival;
 * everything the API answers is in integer cents.
 */

/**
 * A positive dollar amount with at most two decimals, e.g. 12.5; the server works in cents. The
 * decimals are counted on the number's text, not by float arithmetic (see `dollarsToCents`).
 */
export const amountUsdSchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => dollarsToCents(value) !== null, {
    error: 'Amount must be dollars with at most two decimals, e.g. 19.99',
  });

/**
 * Cents in an answer: a whole number on the wire, the `Cents` brand in TypeScript (the server
 * builds answers from `Cents` already; no transform, so answers serialize as they are).
 */
export const centsValueSchema = z.number().int() as unknown as z.ZodType<Cents, number>;

/** A positive whole number of cents up to `max`, branded `Cents` once validated. */
export function centsSchema(max: number) {
  return z.number().int().positive().max(max).transform(cents);
}

export const amountCentsSchema = centsSchema(100_000_000);

/** A validated `amountUsd` as cents, exactly (its decimal text, never `amountUsd * 100`). */
export function usdToCents(amountUsd: number): Cents {
  const amount = dollarsToCents(amountUsd);
  if (amount === null) throw new RangeError(`Not an amount in dollars and cents: ${amountUsd}`);
  return amount;
}

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
    expiresAt: z.string(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

// POST /api/transactions/send — recipientName is the recipient's phone (spec's naming).
export const sendMoneyBody = z
  .strictObject({
    recipientName: phoneSchema,
    recipientCountry: corridorCountrySchema,
    amountUsd: amountUsdSchema,
    speed: speedSchema.optional(),
    /** Required for an international send; a phone of a Pago user is paid instantly and free. */
    quoteId: z.uuid().optional(),
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

// POST /api/requests/create — requestedFrom is a username or a phone of a Pago user.
export const createRequestBody = z
  .strictObject({
    requestedFrom: z.union([phoneSchema, usernameSchema]),
    requestNote: textLines().max(140).default(''),
    amountUsd: amountUsdSchema,
  })
  .meta({
    examples: [{ requestedFrom: 'beto_r', requestNote: 'Cena del viernes', amountUsd: 25.5 }],
  });
export type CreateRequestBody = z.input<typeof createRequestBody>;

/**
 * Requests from one user to one payer: at most this many pending at a time, and this many in
 * any 24 hours, so nobody can flood another's inbox.
 */
export const REQUEST_LIMITS = { pendingPerPayer: 3, perPayerPerDay: 10 } as const;

// GET /api/requests/incoming and /outgoing — newest first, a page at a time.
export const listRequestsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// POST /api/unit/payments/send — receiver is a phone or an e-mail of a Pago user.
export const bankPaymentBody = z
  .strictObject({
    receiver: textLine().min(3).max(254),
    amount: amountCentsSchema,
    description: textLine().max(140).default(''),
  })
  .meta({ examples: [{ receiver: '+13055550199', amount: 5000, description: 'Rent share' }] });
export type BankPaymentBody = z.input<typeof bankPaymentBody>;

export const BILL_PAYMENT_TYPES = BILL_CATEGORIES.flatMap((c) => c.billTypes);
// POST /api/unit/bill-payment — amount in cents; accountId is the user's account number at the biller.
export const billPaymentBody = z
  .strictObject({
    paymentType: z.enum(BILL_PAYMENT_TYPES as [string, ...string[]]),
    payeeId: textLine().min(1).max(64),
    amount: amountCentsSchema,
    accountId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,34}$/, { error: 'Account number at the biller is not valid' }),
    memo: textLine().max(140).default(''),
  })
  .meta({
    examples: [
      {
        paymentType: 'electricity',
        payeeId: 'electricity-1',
        amount: 8450,
        accountId: '1234-5678',
        memo: '',
      },
    ],
  });
export type BillPaymentBody = z.input<typeof billPaymentBody>;

// POST /api/wallet/test-deposit (sandbox mode only)
export const TEST_DEPOSIT_MAX_CENTS = cents(100_000);
export const testDepositBody = z
  .strictObject({
    amount: centsSchema(TEST_DEPOSIT_MAX_CENTS),
  })
  .meta({ examples: [{ amount: 50000 }] });

export const TRANSFER_KINDS = [
  'deposit',
  'p2p',
  'remittance',
  'remittance_refund',
  'bill_payment',
  'bank_transfer',
  'request_payment',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
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

export const moneyRequestStatusSchema = z.enum(['pending', 'paid', 'declined', 'cancelled']);
export type MoneyRequestStatus = z.infer<typeof moneyRequestStatusSchema>;
export const moneyRequestSchema = z
  .object({
    id: z.string(),
    amountCents: centsValueSchema,
    note: z.string(),
    status: moneyRequestStatusSchema,
    requester: transferPartySchema,
    payer: transferPartySchema,
    transferId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MoneyRequest' });
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;
export const moneyRequestListSchema = z.object({
  items: z.array(moneyRequestSchema),
  nextCursor: z.string().nullable(),
});
export type MoneyRequestList = z.infer<typeof moneyRequestListSchema>;

const limitWindowSchema = z.object({
  limitCents: centsValueSchema,
  usedCents: centsValueSchema,
  remainingCents: centsValueSchema,
});
export type LimitWindow = z.infer<typeof limitWindowSchema>;
export const limitsSchema = z.object({
  perTransactionCents: centsValueSchema,
  day: limitWindowSchema,
  month: limitWindowSchema,
});
export type Limits = z.infer<typeof limitsSchema>;

export const balanceSchema = z.object({
  balanceCents: centsValueSchema,
  availableBalanceCents: centsValueSchema,
  currency: z.literal('USD'),
});
export type Balance = z.infer<typeof balanceSchema>;

export const bankAccountSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const billerSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentType: z.string(),
  category: z.string(),
});
export type Biller = z.infer<typeof billerSchema>;
