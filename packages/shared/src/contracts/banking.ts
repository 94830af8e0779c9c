import { z } from 'zod';
import { amountCentsSchema } from './amounts';
import { textLine } from './text';

/** The banking partner (Unit): accounts, book payments, tokens, transactions (`/api/unit/*`). */

// POST /api/unit/payments/send — receiver is a phone or an e-mail of a Pago user.
export const bankPaymentBody = z
  .strictObject({
    receiver: textLine().min(3).max(254),
    amount: amountCentsSchema,
    description: textLine().max(140).default(''),
  })
  .meta({ examples: [{ receiver: '+13055550199', amount: 5000, description: 'Rent share' }] });
export type BankPaymentBody = z.input<typeof bankPaymentBody>;

/** The account at the partner; its number shows only its last four digits ("••••6789"). */
export const bankAccountSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// GET /api/unit/accounts/me/numbers — the whole numbers, revealed on demand.
export const bankAccountNumbersSchema = z.object({
  accountNumber: z.string(),
  routingNumber: z.string(),
});
export type BankAccountNumbers = z.infer<typeof bankAccountNumbersSchema>;

// GET /api/unit/token — the partner's customer token for the banking panel (spec: JSON with token).
export const bankingTokenSchema = z.object({
  token: z.string(),
  /** Seconds the token lives. */
  expiresIn: z.number().int(),
  expiresAt: z.string(),
  /** Space-separated partner scopes (read-only ones). */
  scope: z.string(),
});
export type BankingToken = z.infer<typeof bankingTokenSchema>;

// GET /api/unit/transactions
export const bankTransactionsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const bankTransactionSchema = z.object({
  id: z.string(),
  /** pending: a partner payment not yet final; settled: a posted account transaction. */
  state: z.enum(['pending', 'settled']),
  kind: z.string(),
  direction: z.enum(['in', 'out']),
  amountCents: z.number().int(),
  /** The account's balance after it (settled only). */
  balanceCents: z.number().int().nullable(),
  summary: z.string(),
  createdAt: z.string(),
});
export const bankTransactionsSchema = z.object({
  pending: z.array(bankTransactionSchema),
  settled: z.array(bankTransactionSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type BankTransactions = z.infer<typeof bankTransactionsSchema>;

/** A statement's month, "2026-11". */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM')
  .meta({ examples: ['2026-11'] });
// GET /api/unit/statements — the months the partner has a statement for, newest first.
export const bankStatementsSchema = z.object({
  statements: z.array(z.object({ month: statementMonthSchema })),
});
export type BankStatements = z.infer<typeof bankStatementsSchema>;
// GET /api/unit/statements/:month/pdf?language=es|en (default: the account's language)
export const bankStatementParams = z.strictObject({ month: statementMonthSchema });
export const bankStatementPdfQuery = z.strictObject({ language: z.enum(['es', 'en']).optional() });

/**
 * One line of the wallet's monthly statement: a movement of the wallet, or its fee on a line of
 * its own (`part: 'fee'`). `amountCents` is signed (money in positive); `balanceCents` after it.
 */
export const walletStatementLineSchema = z.object({
  transferId: z.string(),
  /** The transfer's short reference, as receipts show it. */
  reference: z.string(),
  date: z.string().meta({ description: 'ISO 8601 instant' }),
  kind: z.string(),
  part: z.enum(['amount', 'fee']),
  description: z.string(),
  /** The other side: the person, recipient, biller, merchant, bank or payer; null when none. */
  counterparty: z.string().nullable(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type WalletStatementLine = z.infer<typeof walletStatementLineSchema>;

// GET /api/unit/statements/:month — the wallet's statement the PDF is drawn from.
export const walletStatementSchema = z.object({
  month: statementMonthSchema,
  language: z.enum(['es', 'en']),
  /** The month under way: a statement to date, closing at the balance the app shows. */
  toDate: z.boolean(),
  holder: z.object({ name: z.string(), addressLines: z.array(z.string()) }),
  /** The wallet's numbers for direct deposit, the account number masked; null before they exist. */
  accountNumberMasked: z.string().nullable(),
  routingNumber: z.string().nullable(),
  openingBalanceCents: z.number().int(),
  creditsCents: z.number().int(),
  debitsCents: z.number().int(),
  feesCents: z.number().int(),
  closingBalanceCents: z.number().int(),
  lines: z.array(walletStatementLineSchema),
});
export type WalletStatement = z.infer<typeof walletStatementSchema>;
/** @alias bankStatementPdfQuery: the wallet's statement takes the same month */
export const walletStatementQuery = bankStatementPdfQuery;
