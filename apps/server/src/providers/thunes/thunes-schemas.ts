import { z } from 'zod';

/**
 * The Thunes Money Transfer API v2's answers as its reference describes them (docs/thunes.md names
 * the sections: Discovery, Quotations, Transactions, Callback, Account, Errors). Only what Pago reads
 * is required; other fields pass through (`looseObject`), because Thunes adds fields without notice
 * ("Non-breaking changes"). Amounts are JSON decimals: they are read into exact decimal strings here,
 * never kept as floats. Ids may pass 32 bits ("IDs" note): they are read into digit strings.
 */

/** A JSON number written as a plain decimal (String(n) is the shortest exact form of a double). */
const decimalText = /^-?\d+(\.\d+)?$/;
export const thunesDecimal = z
  .union([z.number().finite(), z.string()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(z.string().regex(decimalText, 'a plain decimal amount'));

/** Ids and status codes: JSON integers (or digit strings) read as digit strings. */
const digits = z
  .union([z.number().int().nonnegative(), z.string()])
  .transform((value) => String(value))
  .pipe(z.string().regex(/^\d+$/, 'digits'));

/** ISO 3166-1 alpha-3 (Thunes' country codes: "USA", "GTM"). */
const countryIso3 = z.string().regex(/^[A-Z]{3}$/);
/** ISO 4217. */
const currency = z.string().regex(/^[A-Z]{3}$/);
/** Thunes writes dates as ISO 8601 date-times, with or without a zone ("2016-11-02T09:19:15"). */
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

export const THUNES_TRANSACTION_TYPES = ['C2C', 'C2B', 'B2C', 'B2B'] as const;
export type ThunesTransactionType = (typeof THUNES_TRANSACTION_TYPES)[number];

/** Services (Discovery → Services): the payout methods, e.g. 1 MobileWallet, 2 BankAccount, 3 CashPickup. */
export const thunesService = z.looseObject({ id: digits, name: z.string() });

/** Discovery → Countries. */
export const thunesCountry = z.looseObject({ iso_code: countryIso3, name: z.string() });

/** Every "required…fields" list is a list of alternatives; each alternative a list of field names. */
const alternatives = z.array(z.array(z.string()));

/** A payer's terms for one transaction type (Payer → transaction_types.{C2C,…}). */
export const thunesTransactionTypeTerms = z.looseObject({
  minimum_transaction_amount: thunesDecimal.nullable(),
  maximum_transaction_amount: thunesDecimal.nullable(),
  credit_party_identifiers_accepted: alternatives,
  required_sending_entity_fields: alternatives,
  required_receiving_entity_fields: alternatives,
  required_documents: alternatives.optional(),
  purpose_of_remittance_values_accepted: z.array(z.string()).optional(),
});

/** Discovery → Payers: who pays the money out, in which currency, with what it requires. */
export const thunesPayer = z.looseObject({
  id: digits,
  name: z.string(),
  precision: z.number().int().min(0),
  increment: thunesDecimal,
  currency,
  country_iso_code: countryIso3,
  service: thunesService,
  transaction_types: z.partialRecord(z.enum(THUNES_TRANSACTION_TYPES), thunesTransactionTypeTerms),
});

/** The payer as a quotation or transaction repeats it (its discovery fields may be absent). */
const payerSummary = z.looseObject({
  id: digits,
  name: z.string(),
  currency,
  country_iso_code: countryIso3,
  service: thunesService.optional(),
});

const money = z.looseObject({ currency, amount: thunesDecimal });
const source = z.looseObject({ country_iso_code: countryIso3, currency, amount: thunesDecimal });

/** Quotations → Quotation: the partner's rate and fee for an amount, until expiration_date. */
export const thunesQuotation = z.looseObject({
  id: digits,
  external_id: z.string(),
  payer: payerSummary,
  mode: z.enum(['SOURCE_AMOUNT', 'DESTINATION_AMOUNT']),
  transaction_type: z.enum(THUNES_TRANSACTION_TYPES),
  source,
  destination: money,
  sent_amount: money,
  wholesale_fx_rate: thunesDecimal,
  fee: money,
  creation_date: dateTime,
  expiration_date: dateTime,
});

/**
 * Transaction states → status classes. Two descriptions of the reference disagree on classes 6, 8
 * and 9 (docs/thunes.md, "Status values"); this is the one that names AVAILABLE (cash ready to pick
 * up), REVERSED and DECLINED, which Pago's tracking needs.
 */
export const THUNES_STATUS_CLASSES = {
  '1': 'CREATED',
  '2': 'CONFIRMED',
  '3': 'REJECTED',
  '4': 'CANCELLED',
  '5': 'SUBMITTED',
  '6': 'AVAILABLE',
  '7': 'COMPLETED',
  '8': 'REVERSED',
  '9': 'DECLINED',
} as const;
export type ThunesStatusClass = keyof typeof THUNES_STATUS_CLASSES;

const nullableText = z.string().nullable().optional();

/** Transactions → Transaction; a callback carries the same object. */
export const thunesTransaction = z.looseObject({
  id: digits,
  /** Five digits: the class's digit then the detail, e.g. 20150 CONFIRMED-WAITING-FOR-PICKUP. */
  status: digits.pipe(z.string().length(5)),
  status_message: z.string(),
  status_class: digits.pipe(z.enum(Object.keys(THUNES_STATUS_CLASSES) as [ThunesStatusClass])),
  status_class_message: z.string(),
  external_id: z.string(),
  external_code: nullableText,
  transaction_type: z.enum(THUNES_TRANSACTION_TYPES).optional(),
  /** The payer's reference and, for cash pickup, the code the recipient shows. */
  payer_transaction_reference: nullableText,
  payer_transaction_code: nullableText,
  creation_date: dateTime,
  expiration_date: dateTime.nullable().optional(),
  credit_party_identifier: z.record(z.string(), z.string().nullable()).optional(),
  source,
  destination: money,
  payer: payerSummary,
  sent_amount: money.optional(),
  wholesale_fx_rate: thunesDecimal.optional(),
  fee: money.optional(),
  purpose_of_remittance: nullableText,
  callback_url: nullableText,
});

/**
 * Callback: Thunes POSTs the whole transaction object on each status change.
 * @alias thunesTransaction, named for the route that reads it
 */
export const thunesCallbackBody = thunesTransaction;

/** Account → Balances: Pago's prefunded balance per currency; available = balance − pending + credit_facility. */
export const thunesBalance = z.looseObject({
  id: digits,
  currency,
  balance: thunesDecimal,
  pending: thunesDecimal,
  available: thunesDecimal,
  credit_facility: thunesDecimal,
});

/** Errors: every 4xx/5xx body is `{ errors: [{ code, message }] }`, the code seven digits. */
export const thunesErrorBody = z.looseObject({
  errors: z.array(z.looseObject({ code: digits, message: z.string() })).min(1),
});

export type ThunesPayer = z.infer<typeof thunesPayer>;
export type ThunesTransaction = z.infer<typeof thunesTransaction>;

/** Each call: the status the reference documents for success and its answer's schema. */
export const THUNES_ANSWERS = {
  listCountries: { status: 200, schema: z.array(thunesCountry) },
  listPayers: { status: 200, schema: z.array(thunesPayer) },
  getPayer: { status: 200, schema: thunesPayer },
  createQuotation: { status: 201, schema: thunesQuotation },
  getQuotation: { status: 200, schema: thunesQuotation },
  createTransaction: { status: 201, schema: thunesTransaction },
  confirmTransaction: { status: 200, schema: thunesTransaction },
  cancelTransaction: { status: 200, schema: thunesTransaction },
  getTransaction: { status: 200, schema: thunesTransaction },
  listBalances: { status: 200, schema: z.array(thunesBalance) },
} as const;
export type ThunesCall = keyof typeof THUNES_ANSWERS;
