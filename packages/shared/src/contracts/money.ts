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
export const quoteBody = z.strictObject({
  recipientCountry: corridorCountrySchema,
  amountUsd: amountUsdSchema,
  speed: speedSchema.default('standard'),
  /** With the recipient's phone, a phone of a Pago user is quoted as what it is: instant and free. */
  recipientPhone: phoneSchema.optional(),
});
export type QuoteBody = z.input<typeof quoteBody>;
export type Quote = {
  quoteId: string;
  /** p2p: the phone belongs to a Pago user — paid instantly in USD, no fee, no exchange. */
  transferKind: 'p2p' | 'remittance';
  recipientCountry: string;
  speed: Speed;
  amountCents: Cents;
  feeCents: Cents;
  /** amount + fee: what leaves the wallet. */
  totalCents: Cents;
  payoutCurrency: string;
  /** Units of payoutCurrency per US dollar, after our spread, as an exact decimal string. */
  fxRate: string;
  marketRate: string;
  spreadBps: number;
  /** What the recipient gets, in payoutCurrency, as an exact decimal string ("1829.15"). */
  payoutAmount: string;
  deliveryEstimate: 'instant' | 'under_30_minutes' | 'one_to_three_days';
  expiresAt: string;
};

// POST /api/transactions/send — recipientName is the recipient's phone (spec's naming).
export const sendMoneyBody = z.strictObject({
  recipientName: phoneSchema,
  recipientCountry: corridorCountrySchema,
  amountUsd: amountUsdSchema,
  speed: speedSchema.optional(),
  /** Required for an international send; a phone of a Pago user is paid instantly and free. */
  quoteId: z.uuid().optional(),
});
export type SendMoneyBody = z.infer<typeof sendMoneyBody>;

// POST /api/requests/create — requestedFrom is a username or a phone of a Pago user.
export const createRequestBody = z.strictObject({
  requestedFrom: z.union([phoneSchema, usernameSchema]),
  requestNote: textLines().max(140).default(''),
  amountUsd: amountUsdSchema,
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
export const bankPaymentBody = z.strictObject({
  receiver: textLine().min(3).max(254),
  amount: amountCentsSchema,
  description: textLine().max(140).default(''),
});
export type BankPaymentBody = z.input<typeof bankPaymentBody>;

export const BILL_PAYMENT_TYPES = BILL_CATEGORIES.flatMap((c) => c.billTypes);
// POST /api/unit/bill-payment — amount in cents; accountId is the user's account number at the biller.
export const billPaymentBody = z.strictObject({
  paymentType: z.enum(BILL_PAYMENT_TYPES as [string, ...string[]]),
  payeeId: textLine().min(1).max(64),
  amount: amountCentsSchema,
  accountId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,34}$/, { error: 'Account number at the biller is not valid' }),
  memo: textLine().max(140).default(''),
});
export type BillPaymentBody = z.input<typeof billPaymentBody>;

// POST /api/wallet/test-deposit (sandbox mode only)
export const TEST_DEPOSIT_MAX_CENTS = cents(100_000);
export const testDepositBody = z.strictObject({
  amount: centsSchema(TEST_DEPOSIT_MAX_CENTS),
});

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

export type TransferParty = {
  userId: string | null;
  name: string;
  username: string | null;
  phone: string | null;
};

/** One transfer as its owner sees it; `direction` is from the viewer's side. */
export type Transfer = {
  id: string;
  kind: TransferKind;
  status: TransferStatus;
  direction: 'in' | 'out';
  amountCents: Cents;
  feeCents: Cents;
  totalCents: Cents;
  counterparty: TransferParty | null;
  createdAt: string;
  details: Record<string, unknown>;
};
export type TransferReceipt = Transfer & {
  statusHistory: { status: TransferStatus; at: string; note: string | null }[];
};
export type TransferList = { items: Transfer[]; nextCursor: string | null };

export type MoneyRequestStatus = 'pending' | 'paid' | 'declined' | 'cancelled';
export type MoneyRequest = {
  id: string;
  amountCents: Cents;
  note: string;
  status: MoneyRequestStatus;
  requester: TransferParty;
  payer: TransferParty;
  transferId: string | null;
  createdAt: string;
};
export type MoneyRequestList = { items: MoneyRequest[]; nextCursor: string | null };

export type LimitWindow = { limitCents: Cents; usedCents: Cents; remainingCents: Cents };
export type Limits = { perTransactionCents: Cents; day: LimitWindow; month: LimitWindow };

export type Balance = { balanceCents: Cents; availableBalanceCents: Cents; currency: 'USD' };

export type BankAccount = {
  id: string;
  accountNumber: string;
  routingNumber: string;
  createdAt: string;
};

export type Biller = { id: string; name: string; paymentType: string; category: string };
