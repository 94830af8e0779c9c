import type { JsonWebKey } from 'node:crypto';
import type { CardStatus, CardType, ShippingSpeed } from '@pago/shared/contracts/cards';
import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import type { NotificationData, NotificationType } from '@pago/shared/contracts/notifications';
import type {
  ERROR_CASE_STATUSES,
  ErrorCaseReason,
  PayoutDetails,
} from '@pago/shared/contracts/remittances';
import type { Speed, TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type UsersTable = {
  id: Generated<string>;
  /** Staff froze the account (migration 0055): no money leaves it; both set or both null. */
  frozen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  frozen_reason: ColumnType<string | null, string | null | undefined, string | null>;
  name: string;
  username: string;
  email: string;
  phone: string | null;
  phone_verified: Generated<boolean>;
  /** The one-line address the spec's clients read: written from the parts below when known. */
  address: string | null;
  /** The home address in parts (migration 0018): all of street, city, state and ZIP, or none. */
  address_street: string | null;
  address_street2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  zip_code: string | null;
  verification_service: 'plaid' | 'persona' | null;
  kyc_status: string | null;
  persona_status: string | null;
  persona_inquiry_id: string | null;
  plaid_identity_status: string | null;
  /** The name and birth date (YYYY-MM-DD) a vendor verified; set only by a verification. */
  legal_name: string | null;
  legal_birth_date: string | null;
  unit_account_id: string | null;
  language: 'es' | 'en';
  password_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The TOTP secret, sealed (AES-256-GCM); see features/accounts/two-step.ts. */
  two_step_secret: string | null;
  two_step_enabled_at: Date | null;
  two_step_last_step: number | null;
  /** The IANA zone the user reads times in (migration 0049); null: derived from the ZIP. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The terms version accepted at sign-up and when (migration 0048); null for older accounts. */
  terms_version: string | null;
  terms_accepted_at: Date | null;
  /** A closed account (migration 0053): when, by whom ('customer' or 'staff:<id>'), why. */
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  closed_by: ColumnType<string | null, string | null | undefined, string | null>;
  close_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its cards, partner account and linked banks were closed at the vendors. */
  partner_closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The retention job's steps (docs/account-rights.md). */
  access_erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by a trigger when the name or legal name is written; the screening job clears it. */
  sanctions_name_changed_at: ColumnType<Date | null, never, Date | null>;
};

export type SessionsTable = {
  token_hash: Buffer;
  user_id: string;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  external_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  external_id_token: ColumnType<string | null, string | null | undefined, string | null>;
  id: Generated<string>;
  user_agent: string | null;
  /** How the session was opened and from about where (migration 0049). */
  sign_in_method: ColumnType<string | null, string | null | undefined, string | null>;
  place: ColumnType<string | null, string | null | undefined, string | null>;
};

export type TwoStepRecoveryCodesTable = {
  user_id: string;
  code_hash: Buffer;
  used_at: Date | null;
};

export type SignInChallengesTable = {
  token_hash: Buffer;
  user_id: string;
  user_agent: string | null;
  external_issuer: string | null;
  external_id_token: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  /** How the sign-in the code finishes began (migration 0049): its session's method. */
  sign_in_method: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A one-time sign-in link sent to an account's e-mail; only its token's hash. */
export type SignInLinksTable = {
  token_hash: Buffer;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
};

export type VerificationCodesTable = {
  id: Generated<number>;
  email: string;
  purpose: 'email' | 'password_reset';
  code_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  consumed_at: Date | null;
};

/** One row per limited key: the times of the events counted in its window, oldest first. */
export type RateLimitsTable = {
  key: string;
  hits: Date[];
  /** Whether the last attempt on this key was let through. */
  allowed: boolean;
  updated_at: Timestamp;
};

/** One notification per event and user (migration 0020); the row is also the e-mail's outbox. */
export type NotificationsTable = {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  actor_id: string | null;
  data: ColumnType<NotificationData, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  read_at: Date | null;
  email_status: Generated<'pending' | 'sent' | 'skipped'>;
};

export type NotificationStreamTicketsTable = {
  ticket_hash: Buffer;
  user_id: string;
  session_hash: Buffer;
  expires_at: Date;
};

export type NotificationSettingsTable = {
  user_id: string;
  email_off: string[];
  /** The types not pushed to the user's devices (migration 0063). */
  push_off: Generated<string[]>;
};

export type SandboxMailTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  code: string | null;
  /** The headers Pago set on the message (names in lower case), as sent. */
  headers: ColumnType<Record<string, string>, Record<string, string> | undefined, never>;
  sent_at: CreatedAt;
};

export type LedgerAccountsTable = {
  id: Generated<number>;
  user_id: string | null;
  system_role: string | null;
  currency: Generated<string>;
  balance_cents: Generated<Cents>;
  /** Deposits not settled yet: in the balance, not spendable (migration 0015). */
  held_cents: Generated<Cents>;
  /** Returned deposits the wallet could not cover: nothing leaves until it is paid. */
  owed_cents: Generated<Cents>;
  /** users.frozen_at is not null, copied for the ledger's freeze check (migration 0057). */
  frozen: Generated<boolean>;
  created_at: CreatedAt;
};

export type LedgerTransfersTable = {
  id: Generated<string>;
  kind: TransferKind;
  status: TransferStatus;
  user_id: string;
  counterparty_user_id: string | null;
  amount_cents: Cents;
  fee_cents: Generated<Cents>;
  counts_toward_limits: boolean;
  related_transfer_id: string | null;
  /** Written only by `ledger_post`, as JSON text; read back parsed. */
  metadata: ColumnType<TransferMetadata, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type LedgerEntriesTable = {
  id: Generated<number>;
  transfer_id: string;
  account_id: number;
  amount_cents: Cents;
  balance_after_cents: Cents;
  created_at: CreatedAt;
};

/** One run of the ledger's invariant check (migration 0033). */
export type LedgerInvariantChecksTable = {
  id: Generated<number>;
  source: 'job' | 'cli';
  checked_at: CreatedAt;
  unbalanced_transfers: number;
  drifted_accounts: number;
  negative_user_accounts: number;
  /** The ids found, the first 100 of each kind. */
  found: ColumnType<InvariantFindings, string, never>;
};

export type InvariantFindings = {
  unbalancedTransfers: string[];
  driftedAccounts: number[];
  negativeUserAccounts: number[];
};

/**
 * Money sent per user and US Eastern day, counted toward the sending limits (migration 0010);
 * written only by the ledger's SQL functions. Since migration 0012 only 'day' rows are written.
 */
export type LedgerLimitUsageTable = {
  user_id: string;
  period: 'day' | 'month';
  starts_on: Date;
  used_cents: Cents;
};

/**
 * Changes to those totals written by the status trigger (a failed or refunded transfer gives its
 * room back: negative cents); the sender's next counted transfer moves them into the totals.
 */
export type LedgerLimitUsagePendingTable = {
  id: Generated<number>;
  user_id: string;
  period: 'day' | 'month';
  starts_on: Date;
  used_cents: Cents;
};

export type TransferStatusHistoryTable = {
  id: Generated<number>;
  transfer_id: string;
  status: TransferStatus;
  note: string | null;
  at: CreatedAt;
};

export type IdempotencyKeysTable = {
  user_id: string;
  key: string;
  request_hash: Buffer;
  status_code: number;
  response: string;
  created_at: CreatedAt;
};

export type QuotesTable = {
  id: Generated<string>;
  user_id: string;
  recipient_country: string;
  speed: Speed;
  amount_cents: Cents;
  fee_cents: Cents;
  payout_currency: string;
  market_rate: string;
  fx_rate: string;
  spread_bps: number;
  payout_amount: string;
  /** The recipient the quote was priced for (migration 0005; null on older quotes). */
  recipient_phone: string | null;
  transfer_kind: 'p2p' | 'remittance' | null;
  // A remittance's partner side (migration 0036): whom it was priced for, the payer and the
  // partner's quotation it is bound to, what was disclosed.
  recipient_id: string | null;
  payer_id: string | null;
  payer_name: string | null;
  partner_quotation_id: string | null;
  partner_source_amount: string | null;
  delivery_minutes: number | null;
  disclosure: ColumnType<RemittanceDisclosure | null, string | null, string | null>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
};

export type MoneyRequestsTable = {
  id: Generated<string>;
  requester_id: string;
  payer_id: string;
  amount_cents: Cents;
  note: Generated<string>;
  status: Generated<string>;
  transfer_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type BankAccountsTable = {
  id: Generated<string>;
  user_id: string;
  account_number: string;
  routing_number: string;
  unit_application_id: string;
  unit_customer_id: string;
  unit_account_id: string;
  created_at: CreatedAt;
};

/** A ledger transfer mirrored as a payment at the banking partner (migration 0014). */
export type UnitPaymentsTable = {
  transfer_id: string;
  user_id: string;
  counterparty_user_id: string | null;
  unit_payment_id: string | null;
  payment_type: 'bookPayment' | 'achPayment';
  /** ACH only: Credit (money leaves the partner account) or Debit (pulled in). */
  direction: 'Credit' | 'Debit' | null;
  status: string;
  reason: string | null;
  amount_cents: Cents;
  idempotency_key: string;
  reversal_transfer_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  /** The request's Idempotency-Key, whose answer the retry job stores if the request could not (0017). */
  request_key: string | null;
  /** ACH: the partner's counterparty and Unit's sameDay (0017). */
  counterparty_id: string | null;
  same_day: Generated<boolean>;
  /** A book payment's receiver has its amount held until the partner sent it (0017). */
  receiver_held: Generated<boolean>;
  /** A book payment's description for the partner (0017). */
  description: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** Pago's omnibus (FBO) account at the partner, made in sandbox mode (migration 0016). */
export type PartnerOmnibusTable = {
  id: Generated<boolean>;
  unit_customer_id: string;
  unit_account_id: string;
  created_at: CreatedAt;
};

/** A partner movement of the omnibus: its funding, or a cover for one withdrawal (0016). */
export type PartnerOmnibusMovementsTable = {
  id: Generated<string>;
  kind: 'funding' | 'cover';
  transfer_id: string | null;
  user_id: string | null;
  amount_cents: Cents;
  idempotency_key: string;
  unit_payment_id: string | null;
  status: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type FundingTransfersTable = {
  transfer_id: string;
  user_id: string;
  plaid_account_id: string;
  direction: 'deposit' | 'withdrawal';
  speed: 'standard' | 'instant' | null;
  amount_cents: Cents;
  fee_cents: Generated<Cents>;
  status: Generated<'pending' | 'settled' | 'returned'>;
  return_transfer_id: string | null;
  /** Held after settlement until `available_at` (migration 0031; 0 once released). */
  on_hold_cents: Generated<Cents>;
  hold_business_days: Generated<number>;
  available_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** An incoming ACH (direct deposit) applied to a wallet, once per partner id (migration 0039). */
export type DirectDepositsTable = {
  unit_received_payment_id: string;
  user_id: string;
  transfer_id: string;
  amount_cents: Cents;
  company_name: string;
  description: string;
  status: Generated<'pending' | 'advanced' | 'completed' | 'returned'>;
  advanceable: Generated<boolean>;
  advance_tried_at: Date | null;
  advance_refused: string | null;
  return_reason: string | null;
  return_transfer_id: string | null;
  owed_cents: Generated<Cents>;
  completion_date: ColumnType<Date, string, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A mobile check deposit mirrored from the banking partner (migration 0040). */
export type CheckDepositsTable = {
  id: Generated<string>;
  user_id: string;
  unit_deposit_id: string | null;
  unit_account_id: string;
  amount_cents: Cents;
  description: string;
  status: Generated<string>;
  reason: string | null;
  funds: Generated<'none' | 'held' | 'available' | 'failed' | 'returned'>;
  front_uploaded: Generated<boolean>;
  back_uploaded: Generated<boolean>;
  confirmed_at: Date | null;
  available_by: Date | null;
  transfer_id: string | null;
  return_transfer_id: string | null;
  owed_cents: Generated<Cents>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type FundingCounterpartiesTable = {
  plaid_account_id: string;
  user_id: string;
  unit_counterparty_id: string;
  created_at: CreatedAt;
};

/** Card funding through Stripe (migration 0042, features/card-funding). */
export type CardFundingStatus =
  | 'pending'
  | 'requires_action'
  | 'succeeded'
  | 'declined'
  | 'failed'
  | 'disputed'
  | 'dispute_won'
  | 'dispute_lost';

export type CardFundingsTable = {
  id: Generated<string>;
  user_id: string;
  request_key: string;
  payment_method_id: string;
  brand: string;
  funding: 'debit' | 'credit' | 'prepaid' | 'unknown';
  last4: string;
  amount_cents: Cents;
  fee_cents: Cents;
  payment_intent_id: string | null;
  status: Generated<CardFundingStatus>;
  decline_code: string | null;
  authentication_url: string | null;
  dispute_id: string | null;
  transfer_id: string | null;
  reversal_transfer_id: string | null;
  reinstatement_transfer_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type CardPaymentMethodsTable = {
  payment_method_id: string;
  user_id: string;
  created_at: CreatedAt;
};

export type StripeWebhookEventsTable = {
  event_id: string;
  type: string;
  received_at: CreatedAt;
};

export type UnitWebhookEventsTable = {
  event_id: string;
  event_type: string;
  received_at: CreatedAt;
};

export type UnitReconciliationRunsTable = {
  id: Generated<string>;
  started_at: CreatedAt;
  finished_at: Date | null;
  accounts_checked: Generated<number>;
  differences: Generated<number>;
};

export type UnitReconciliationDifferencesTable = {
  id: Generated<number>;
  run_id: string;
  kind: string;
  user_id: string | null;
  transfer_id: string | null;
  unit_id: string | null;
  expected: string | null;
  actual: string | null;
  created_at: CreatedAt;
};

/** The Unit fake's tables (sandbox set 0003). */
export type SandboxUnitApplicationsTable = {
  id: string;
  customer_id: string | null;
  status: string;
  decision_reason: string | null;
  attributes: unknown;
  idempotency_key: string | null;
  /** individualApplication or businessApplication (sandbox set 0004). */
  type: Generated<string>;
  created_at: CreatedAt;
};
export type SandboxUnitAccountsTable = {
  id: string;
  customer_id: string;
  account_number: string;
  routing_number: string;
  balance: number;
  hold: Generated<number>;
  status: Generated<string>;
  idempotency_key: string | null;
  created_at: CreatedAt;
};
export type SandboxUnitCounterpartiesTable = {
  id: string;
  customer_id: string;
  name: string;
  routing_number: string;
  account_number: string;
  account_type: string;
  created_at: CreatedAt;
};
export type SandboxUnitPaymentsTable = {
  id: string;
  type: string;
  account_id: string;
  counterparty_account_id: string | null;
  counterparty_id: string | null;
  amount: number;
  direction: string;
  description: string;
  status: string;
  reason: string | null;
  idempotency_key: string | null;
  due_at: Date | null;
  /** Unit's `sameDay` (sandbox set 0004): same-day ACH moves on the faster clock. */
  same_day: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};
export type SandboxUnitTransactionsTable = {
  id: string;
  type: string;
  account_id: string;
  payment_id: string | null;
  amount: number;
  direction: string;
  balance: number;
  summary: string;
  /** A card transaction's authorization (sandbox set 0009). */
  authorization_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
};
/** A received ACH payment at the Unit fake (sandbox set 0012). */
export type SandboxUnitReceivedPaymentsTable = {
  id: string;
  account_id: string;
  customer_id: string;
  amount: number;
  direction: string;
  status: string;
  description: string;
  company_name: string;
  sec_code: string;
  trace_number: string;
  /** A date (YYYY-MM-DD); pg gives a Date, Unit's answer shows the day. */
  completion_date: ColumnType<Date, string, string>;
  was_advanced: Generated<boolean>;
  return_reason: string | null;
  transaction_id: string | null;
  advance_transaction_id: string | null;
  repay_advance_transaction_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};
/** A cash deposit barcode at the Unit fake (sandbox set 0016). */
export type SandboxUnitCashBarcodesTable = {
  barcode_number: string;
  account_id: string;
  customer_id: string;
  store_id: string;
  expires_at: Date;
  created_at: CreatedAt;
};
/** The barcode a user shows at a store's register (migration 0041). */
export type CashDepositBarcodesTable = {
  user_id: string;
  store_id: string;
  barcode_number: string;
  expires_at: Date;
  created_at: CreatedAt;
};
/** A cash deposit the partner reported, applied once (migration 0041). */
export type CashDepositsTable = {
  id: Generated<string>;
  user_id: string;
  unit_transaction_id: string;
  unit_account_id: string;
  transfer_id: string;
  amount_cents: Cents;
  fee_cents: Cents;
  store_name: string;
  eastern_month: string;
  created_at: CreatedAt;
};
/** A check deposit at the Unit fake, with its images (sandbox set 0012). */
export type SandboxUnitCheckDepositsTable = {
  id: string;
  account_id: string;
  customer_id: string;
  amount: number;
  description: string;
  status: string;
  reason: string | null;
  status_history: ColumnType<unknown, string | undefined, string>;
  tags: ColumnType<unknown, string | undefined, string>;
  idempotency_key: string | null;
  front_image: Buffer | null;
  front_image_type: string | null;
  front_sha256: string | null;
  back_image: Buffer | null;
  back_image_type: string | null;
  transaction_id: string | null;
  due_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};
export type BillersTable = {
  id: string;
  name: string;
  bill_type: string;
  category: string;
  method: 'ach' | 'check';
  routing_number: string | null;
  account_number: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
};
export type BillCounterpartiesTable = {
  user_id: string;
  biller_id: string;
  unit_counterparty_id: string;
  created_at: CreatedAt;
};
export type BillPaymentsTable = {
  id: Generated<string>;
  user_id: string;
  biller_id: string;
  schedule_id: string | null;
  pay_date: string;
  transfer_id: string | null;
  method: 'ach' | 'check';
  account_at_biller: string;
  status: Generated<'processing' | 'completed' | 'failed'>;
  unit_check_payment_id: string | null;
  partner_status: string | null;
  reason: string | null;
  return_transfer_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};
export type SandboxUnitCheckPaymentsTable = {
  id: string;
  account_id: string;
  customer_id: string;
  amount: number;
  description: string;
  memo: string | null;
  counterparty: ColumnType<unknown, string, string>;
  send_date: string | null;
  status: string;
  delivery_status: string | null;
  reject_reason: string | null;
  return_reason: string | null;
  check_number: string;
  status_history: ColumnType<unknown, string | undefined, string>;
  tags: ColumnType<unknown, string | undefined, string>;
  idempotency_key: string | null;
  transaction_id: string | null;
  due_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};
export type SandboxUnitTokensTable = {
  token_hash: string;
  customer_id: string;
  scope: string;
  expires_at: Date;
};

export type SandboxUnitTokenVerificationsTable = {
  token_hash: string;
  customer_id: string;
  code: string;
  attempts: Generated<number>;
  used_at: Date | null;
  expires_at: Date;
  created_at: CreatedAt;
};

/** The tables Kysely knows about, one entry per table; each feature's migration adds its own. */
export type IdentityAttemptsTable = {
  id: string;
  user_id: string;
  provider: 'plaid' | 'persona';
  vendor_status: string;
  status_rank: number;
  legal_name: string | null;
  birth_date: string | null;
  /** Why we refused an attempt the vendor approved (e.g. name_mismatch). */
  failure_reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type WebhookEventsTable = {
  provider: string;
  event_id: string;
  received_at: CreatedAt;
};

export type SandboxPlaidLinkTokensTable = {
  token: string;
  client_user_id: string;
  template_id: string | null;
  language: string;
  products: ColumnType<string[], string[] | undefined, string[]>;
  webhook: string | null;
  /** Link's update mode: the item whose login it repairs. */
  item_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
};

export type SandboxPlaidIdvsTable = {
  id: string;
  link_token: string;
  client_user_id: string;
  template_id: string;
  status: string;
  user_data: ColumnType<Record<string, unknown>, string, string>;
  document_type: string;
  photo_sha256: string;
  created_at: CreatedAt;
  completed_at: Date | null;
};

export type SandboxPlaidKeysTable = {
  kid: string;
  private_jwk: ColumnType<JsonWebKey, string, string>;
  public_jwk: ColumnType<JsonWebKey, string, string>;
  created_at: CreatedAt;
};

export type SandboxPersonaInquiriesTable = {
  id: string;
  template_id: string;
  reference_id: string;
  status: string;
  fields: ColumnType<Record<string, string | null>, string, string>;
  decision: 'approved' | 'declined' | null;
  decide_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  completed_at: Date | null;
  decided_at: Date | null;
};

export type SandboxWebhookOutboxTable = {
  id: Generated<number>;
  vendor: 'plaid' | 'persona' | 'unit' | 'thunes' | 'stripe';
  /** A path on this server, or an absolute URL (Thunes' callback_url). */
  path: string;
  body: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  delivered_at: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
};

/** The Thunes fake's quotations; numeric columns come back from pg as decimal strings. */
export type SandboxThunesQuotationsTable = {
  id: Generated<number>;
  external_id: string;
  payer_id: number;
  mode: string;
  transaction_type: string;
  source_amount: string;
  source_currency: string;
  source_country: string;
  destination_amount: string;
  destination_currency: string;
  fee: string;
  wholesale_fx_rate: string;
  created_at: CreatedAt;
  expires_at: Date;
};

export type SandboxThunesTransactionsTable = {
  id: Generated<number>;
  external_id: string;
  quotation_id: number;
  status: string;
  scenario: string;
  credit_party: Record<string, string>;
  sender: Record<string, unknown>;
  beneficiary: Record<string, unknown>;
  purpose_of_remittance: string;
  callback_url: string | null;
  payer_transaction_code: string | null;
  next_status_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** The Stripe fake's API objects, each stored whole as the JSON the fake answers. */
export type SandboxStripeObjectsTable = {
  id: string;
  object: 'payment_method' | 'payment_intent' | 'refund' | 'dispute';
  /** The payment intent a refund or dispute belongs to. */
  payment_intent: string | null;
  data: Record<string, unknown>;
  created_at: CreatedAt;
};

/** An idempotency key the Stripe fake has seen, with the request and the answer it first got. */
export type SandboxStripeIdempotencyKeysTable = {
  key: string;
  request: string;
  status: number;
  body: string;
  created_at: CreatedAt;
};

export type PhoneVerificationsTable = {
  id: Generated<number>;
  user_id: string;
  phone: string;
  created_at: CreatedAt;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  closed_at: Date | null;
};

export type SandboxTwilioVerificationsTable = {
  sid: string;
  service_sid: string;
  account_sid: string;
  to_number: string;
  channel: string;
  locale: string | null;
  code: string;
  status: 'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'expired';
  check_attempts: Generated<number>;
  send_attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  expires_at: Date;
};

export type SandboxSmsTable = {
  id: Generated<number>;
  to_number: string;
  body: string;
  code: string | null;
  sent_at: CreatedAt;
};

type PayoutMethodColumn = 'bank_deposit' | 'cash_pickup' | 'mobile_wallet';

/** Saved recipients abroad (migration 0021); `payout_details` is the contract's PayoutDetails. */
export type RemittanceRecipientsTable = {
  id: Generated<string>;
  user_id: string;
  full_name: string;
  /** As on their ID (migration 0036); full_name is the two joined. */
  first_name: string;
  last_name: string;
  /** The partner's payer that pays them; null for recipients saved before payers (need an update). */
  payer_id: string | null;
  payer_name: string | null;
  country: string;
  phone: string;
  payout_method: PayoutMethodColumn;
  payout_details: ColumnType<PayoutDetails, string, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A Pago debit card the partner issued (migration 0022); never its full number, CVV or PIN. */
export type CardsTable = {
  id: Generated<string>;
  user_id: string;
  partner_card_id: string;
  partner_account_id: string;
  type: CardType;
  status: CardStatus;
  last4: string;
  exp_month: number;
  exp_year: number;
  daily_purchase_limit_cents: ColumnType<Cents, number, number>;
  daily_withdrawal_limit_cents: ColumnType<Cents, number, number>;
  shipping_speed: ShippingSpeed | null;
  shipping_address: string | null;
  replaces_card_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  activated_at: Date | null;
  closed_at: Date | null;
};

/** The Unit fake's cards (sandbox set 0005): the full number, CVV and PIN live only here. */
export type SandboxUnitCardsTable = {
  id: string;
  customer_id: string;
  account_id: string;
  type: string;
  status: string;
  pan: string;
  cvv: string;
  expiration_date: string;
  pin_hash: string | null;
  limits: ColumnType<Record<string, number> | null, string | null, string | null>;
  shipping_address: ColumnType<Record<string, string> | null, string | null, string | null>;
  shipping_method: string | null;
  replaced_card_id: string | null;
  idempotency_key: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** An authorization request the partner sent for a card, and Pago's decision (migration 0023). */
export type CardAuthorizationsTable = {
  id: Generated<string>;
  partner_authorization_id: string;
  card_id: string;
  user_id: string;
  kind: 'purchase' | 'atm';
  amount_cents: ColumnType<Cents, number, number>;
  fee_cents: ColumnType<Cents, number | undefined, number>;
  atm_network: 'in' | 'out' | 'international' | null;
  status: 'declined' | 'pending' | 'cleared' | 'reversed' | 'expired';
  decline_reason: string | null;
  transfer_id: string | null;
  cleared_cents: ColumnType<Cents | null, number | null, number | null>;
  /** The merchant category code approved for (migration 0030); null for ATM withdrawals. */
  merchant_type: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0056: the merchant or ATM name (null on rows before it). */
  merchant_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A partner card transaction Pago applied, once per partner id (migration 0023). */
export type CardNetworkMessagesTable = {
  partner_transaction_id: string;
  kind: 'clearing' | 'reversal' | 'refund';
  card_id: string;
  authorization_id: string | null;
  transfer_id: string | null;
  amount_cents: ColumnType<Cents, number, number>;
  /** What the partner's transaction carried when Pago applied less (migration 0030). */
  partner_amount_cents: ColumnType<Cents | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
};

/** The Unit fake's card authorizations (sandbox set 0006). */
export type SandboxUnitAuthorizationsTable = {
  id: string;
  card_id: string;
  account_id: string;
  customer_id: string;
  kind: 'purchase' | 'atm';
  amount: ColumnType<number, number, number>;
  status: 'Authorized' | 'Declined' | 'Canceled' | 'Cleared';
  decline_reason: string | null;
  merchant: ColumnType<Record<string, string>, string, string>;
  atm_network: string | null;
  cleared_amount: ColumnType<number | null, number | null, number | null>;
  refunded_amount: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** Each sandbox card network message once, with its answer (sandbox set 0006). */
export type SandboxCardNetworkMessagesTable = {
  key: string;
  answer: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
};

/** What the payout partner was asked to pay per remittance, and how far it got (migration 0021). */
export type RemittancePayoutsTable = {
  transfer_id: string;
  user_id: string;
  recipient_id: string | null;
  full_name: string;
  country: string;
  phone: string;
  payout_method: PayoutMethodColumn;
  payout_details: ColumnType<PayoutDetails, string, string>;
  expected_by: Date;
  /** When the partner confirmed the transaction (null: not yet, or a payout from before 0036). */
  sent_to_partner_at: Date | null;
  paid_out_at: Date | null;
  pickup_code: string | null;
  cancelled_at: Date | null;
  // The payout partner's side (migration 0036); null on payouts made before it.
  first_name: string | null;
  last_name: string | null;
  payer_id: string | null;
  payer_name: string | null;
  partner_quotation_id: string | null;
  /** What the partner takes from the prefunded balance, in dollars (numeric text). */
  partner_source_amount: string | null;
  partner_transaction_id: string | null;
  /** The partner's five-digit status (docs/thunes.md, "Status values"). */
  partner_status: string | null;
  partner_status_message: string | null;
  partner_history: ColumnType<PartnerStatusEntry[], string | undefined, string>;
  /** The Idempotency-Key of the request that sent it, so the job can store its answer. */
  request_key: string | null;
  /** Due to be handed to the partner (create, confirm) from then on; null when nothing is due. */
  submit_after: Date | null;
  /** Held for a sanctions review (migration 0051): never handed to the partner while true. */
  compliance_hold: Generated<boolean>;
  /** Confirming at the partner started: from then on a cancel goes through the partner. */
  confirming_at: Date | null;
  checked_at: Date | null;
  /** The money was made available to the recipient (cash ready, or deposited). */
  available_at: Date | null;
  /** The partner completed it; the remittance is delivered. */
  settled_at: Date | null;
  /** Amount and fee went back to the sender (declined, cancelled, reversed, or an error's remedy). */
  refunded_at: Date | null;
  reversed_at: Date | null;
  /** The end of the sender's 30 minutes to cancel. */
  cancel_by: Date | null;
  language: 'es' | 'en' | null;
  disclosure: ColumnType<RemittanceDisclosure | null, string | null, string | null>;
  /** The receipt e-mail went out (once the partner confirmed the transfer). */
  receipt_sent_at: Date | null;
};

/** A reconciliation with the payout partner (migration 0036). */
export type PayoutReconciliationRunsTable = {
  id: Generated<string>;
  started_at: CreatedAt;
  finished_at: Date | null;
  transfers_checked: Generated<number>;
  differences: Generated<number>;
  /** The prefunded balance's available dollars, and the day's volume it should cover (numeric). */
  balance_available: string | null;
  expected_volume: string | null;
  balance_low: Generated<boolean>;
};

/** One difference a reconciliation with the payout partner found. */
export type PayoutReconciliationDifferencesTable = {
  id: Generated<string>;
  run_id: string;
  transfer_id: string | null;
  kind: string;
  expected: string | null;
  actual: string | null;
};

/** One status the partner reported for a payout, as the tracking page shows its steps. */
export type PartnerStatusEntry = { status: string; message: string; at: string };

/**
 * An error a sender reported on a remittance and what was decided (migration 0037, § 1005.33).
 * `finding` is what the investigation found, for staff; `resolution` the answer to the sender in
 * `language`.
 */
type ErrorCaseStatus = (typeof ERROR_CASE_STATUSES)[number];

export type RemittanceErrorCasesTable = {
  id: Generated<string>;
  transfer_id: string;
  user_id: string;
  reason: ErrorCaseReason;
  description: string | null;
  remedy: 'refund' | 'resend';
  status: ColumnType<ErrorCaseStatus, ErrorCaseStatus | undefined, ErrorCaseStatus>;
  language: 'es' | 'en';
  opened_at: Date;
  decide_by: Date;
  decided_at: Date | null;
  report_result_by: Date | null;
  finding: string | null;
  resolution: string | null;
  remedy_transfer_id: string | null;
  partner_answer: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  checked_at: Date | null;
};

export type PlaidItemsTable = {
  id: Generated<string>;
  user_id: string;
  item_id: string;
  /** AES-256-GCM under PLAID_TOKEN_KEY (features/plaid/token-crypto.ts), never the token itself. */
  access_token_encrypted: string;
  institution_id: string | null;
  institution_name: string;
  status: ColumnType<'good' | 'login_required', 'good' | 'login_required' | undefined>;
  error_code: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type PlaidAccountsTable = {
  id: Generated<string>;
  item_id: string;
  user_id: string;
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
  created_at: CreatedAt;
};

export type SandboxPlaidItemsTable = {
  item_id: string;
  access_token: string;
  client_user_id: string | null;
  institution_id: string;
  username: string;
  products: string[];
  webhook: string | null;
  error_code: string | null;
  removed_at: Date | null;
  created_at: CreatedAt;
};

export type SandboxPlaidAccountsTable = {
  account_id: string;
  item_id: string;
  position: number;
  name: string;
  official_name: string | null;
  mask: string;
  type: string;
  subtype: string;
  account_number: string;
  routing_number: string;
  wire_routing: string;
  available_cents: ColumnType<number, number, number>;
  current_cents: ColumnType<number, number, number>;
};

export type SandboxPlaidPublicTokensTable = {
  token: string;
  item_id: string;
  expires_at: Date;
  exchanged_at: Date | null;
};

export type SandboxPlaidProcessorTokensTable = {
  token: string;
  item_id: string;
  account_id: string;
  processor: string;
  created_at: CreatedAt;
};

export type ExternalSigninStatesTable = {
  state: string;
  nonce: string;
  code_verifier: string;
  language: string;
  /** SHA-256 of the binding cookie of the browser that started the sign-in. */
  browser_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
};

export type ExternalIdentitiesTable = {
  issuer: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: CreatedAt;
};

export type ExternalSigninTicketsTable = {
  ticket_hash: Buffer;
  kind: 'signup' | 'link';
  issuer: string;
  subject: string;
  email: string;
  name: string;
  id_token: string;
  language: string;
  user_id: string | null;
  failed_attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
};

export type SandboxOidcKeysTable = {
  kid: string;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
};

export type SandboxOidcModelsTable = {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
};

/** A one-time ticket to download one's data (migration 0053): its token's SHA-256 only. */
export type AccountDataExportsTable = {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  downloaded_at: Date | null;
};

export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  sign_in_links: SignInLinksTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  sandbox_mail: SandboxMailTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_stream_tickets: NotificationStreamTicketsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_invariant_checks: LedgerInvariantChecksTable;
  ledger_limit_usage: LedgerLimitUsageTable;
  ledger_limit_usage_pending: LedgerLimitUsagePendingTable;
  transfer_status_history: TransferStatusHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  quotes: QuotesTable;
  money_requests: MoneyRequestsTable;
  bank_accounts: BankAccountsTable;
  direct_deposits: DirectDepositsTable;
  identity_attempts: IdentityAttemptsTable;
  webhook_events: WebhookEventsTable;
  sandbox_plaid_link_tokens: SandboxPlaidLinkTokensTable;
  sandbox_plaid_idvs: SandboxPlaidIdvsTable;
  sandbox_plaid_keys: SandboxPlaidKeysTable;
  sandbox_persona_inquiries: SandboxPersonaInquiriesTable;
  sandbox_webhook_outbox: SandboxWebhookOutboxTable;
  sandbox_thunes_quotations: SandboxThunesQuotationsTable;
  sandbox_thunes_transactions: SandboxThunesTransactionsTable;
  sandbox_stripe_objects: SandboxStripeObjectsTable;
  sandbox_stripe_idempotency_keys: SandboxStripeIdempotencyKeysTable;
  phone_verifications: PhoneVerificationsTable;
  sandbox_twilio_verifications: SandboxTwilioVerificationsTable;
  sandbox_sms: SandboxSmsTable;
  plaid_items: PlaidItemsTable;
  plaid_accounts: PlaidAccountsTable;
  sandbox_plaid_items: SandboxPlaidItemsTable;
  sandbox_plaid_accounts: SandboxPlaidAccountsTable;
  sandbox_plaid_public_tokens: SandboxPlaidPublicTokensTable;
  sandbox_plaid_processor_tokens: SandboxPlaidProcessorTokensTable;
  unit_payments: UnitPaymentsTable;
  funding_transfers: FundingTransfersTable;
  partner_omnibus: PartnerOmnibusTable;
  partner_omnibus_movements: PartnerOmnibusMovementsTable;
  funding_counterparties: FundingCounterpartiesTable;
  unit_webhook_events: UnitWebhookEventsTable;
  unit_reconciliation_runs: UnitReconciliationRunsTable;
  unit_reconciliation_differences: UnitReconciliationDifferencesTable;
  sandbox_unit_applications: SandboxUnitApplicationsTable;
  sandbox_unit_accounts: SandboxUnitAccountsTable;
  sandbox_unit_counterparties: SandboxUnitCounterpartiesTable;
  sandbox_unit_payments: SandboxUnitPaymentsTable;
  sandbox_unit_transactions: SandboxUnitTransactionsTable;
  sandbox_unit_tokens: SandboxUnitTokensTable;
  sandbox_unit_token_verifications: SandboxUnitTokenVerificationsTable;
  sandbox_unit_received_payments: SandboxUnitReceivedPaymentsTable;
  sandbox_unit_check_deposits: SandboxUnitCheckDepositsTable;
  remittance_recipients: RemittanceRecipientsTable;
  remittance_payouts: RemittancePayoutsTable;
  payout_reconciliation_runs: PayoutReconciliationRunsTable;
  payout_reconciliation_differences: PayoutReconciliationDifferencesTable;
  remittance_error_cases: RemittanceErrorCasesTable;
  cards: CardsTable;
  sandbox_unit_cards: SandboxUnitCardsTable;
  external_signin_states: ExternalSigninStatesTable;
  external_identities: ExternalIdentitiesTable;
  external_signin_tickets: ExternalSigninTicketsTable;
  sandbox_oidc_keys: SandboxOidcKeysTable;
  sandbox_oidc_models: SandboxOidcModelsTable;
  card_authorizations: CardAuthorizationsTable;
  card_network_messages: CardNetworkMessagesTable;
  sandbox_unit_authorizations: SandboxUnitAuthorizationsTable;
  sandbox_card_network_messages: SandboxCardNetworkMessagesTable;
  card_fundings: CardFundingsTable;
  card_payment_methods: CardPaymentMethodsTable;
  stripe_webhook_events: StripeWebhookEventsTable;
  check_deposits: CheckDepositsTable;
  sandbox_unit_cash_barcodes: SandboxUnitCashBarcodesTable;
  cash_deposit_barcodes: CashDepositBarcodesTable;
  cash_deposits: CashDepositsTable;
  card_disputes: CardDisputesTable;
  sandbox_unit_disputes: SandboxUnitDisputesTable;
  billers: BillersTable;
  bill_counterparties: BillCounterpartiesTable;
  bill_payments: BillPaymentsTable;
  sandbox_unit_check_payments: SandboxUnitCheckPaymentsTable;
  remittance_recipient_links: RemittanceRecipientLinksTable;
  remittance_recipient_sms: RemittanceRecipientSmsTable;
  account_data_exports: AccountDataExportsTable;
  monitoring_rules: MonitoringRulesTable;
  monitoring_hits: MonitoringHitsTable;
  monitoring_account_changes: MonitoringAccountChangesTable;
  monitoring_scan: MonitoringScanTable;
  monitoring_evaluated: MonitoringEvaluatedTable;
  ops_queue_actions: OpsQueueActionsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_challenges: StaffSignInChallengesTable;
  staff_audit_log: StaffAuditLogTable;
  staff_approvals: StaffApprovalsTable;
  staff_notes: StaffNotesTable;
  staff_refunds: StaffRefundsTable;
  sanctions_list_loads: SanctionsListLoadsTable;
  sanctions_entries: SanctionsEntriesTable;
  sanctions_screenings: SanctionsScreeningsTable;
  sanctions_hits: SanctionsHitsTable;
  sanctions_clearances: SanctionsClearancesTable;
  sanctions_blocks: SanctionsBlocksTable;
  sanctions_holds: SanctionsHoldsTable;
  sanctions_reports: SanctionsReportsTable;
  schedules: SchedulesTable;
  schedule_runs: ScheduleRunsTable;
  schedule_reminders: ScheduleRemindersTable;
  sandbox_fx_rates: SandboxFxRatesTable;
  fx_rate_samples: FxRateSamplesTable;
  rate_alerts: RateAlertsTable;
  rate_alert_fires: RateAlertFiresTable;
  rate_orders: RateOrdersTable;
  pideme_links: PidemeLinksTable;
  pideme_requests: PidemeRequestsTable;
  pideme_request_photos: PidemeRequestPhotosTable;
  payday_rules: PaydayRulesTable;
  payday_runs: PaydayRunsTable;
  colectas: ColectasTable;
  colecta_members: ColectaMembersTable;
  colecta_contributions: ColectaContributionsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  sandbox_push_messages: SandboxPushMessagesTable;
  sandbox_push_gone: { token: string; gone_at: CreatedAt };
};

/** Sanctions screening (migration 0051, docs/sanctions.md). */
export type SanctionsSubjectKind = 'user' | 'recipient' | 'bill_payee';
export type SanctionsListLoadsTable = {
  id: Generated<number>;
  loaded_at: CreatedAt;
  origin: 'sandbox' | 'file';
  files: ColumnType<Record<string, string>, string, string>;
  entry_count: number;
  name_count: number;
  forced: Generated<boolean>;
  /** When every customer and recipient was screened against this load's new entries. */
  rescreened_at: Date | null;
};
export type SanctionsEntriesTable = {
  source: 'sdn' | 'cons';
  entry_id: string;
  name: string;
  entry_type: string;
  programs: string[];
  aliases: ColumnType<{ type: string; name: string }[], string, string>;
  countries: string[];
  birth_dates: ColumnType<SanctionsBirthDate[], string, string>;
  places_of_birth: string[];
  remarks: string | null;
  content_hash: string;
  listed_since: Date;
  load_id: number;
};
export type SanctionsBirthDate = {
  year: number;
  month: number | null;
  day: number | null;
  circa: boolean;
  toYear: number | null;
};
/** One listed name a screened name came close to. */
export type SanctionsMatch = {
  source: 'sdn' | 'cons';
  entryId: string;
  listedName: string;
  matchedName: string;
  score: number;
  contentHash: string;
};
export type SanctionsScreeningsTable = {
  id: Generated<string>;
  subject_kind: SanctionsSubjectKind;
  subject_id: string;
  user_id: string;
  name: string;
  reason: string;
  load_id: number | null;
  result: 'clear' | 'possible_match';
  matches: ColumnType<SanctionsMatch[], string, string>;
  hit_id: string | null;
  created_at: CreatedAt;
};
export type SanctionsHitsTable = {
  id: Generated<string>;
  subject_kind: SanctionsSubjectKind;
  subject_id: string;
  user_id: string;
  name: string;
  name_key: string;
  matches: ColumnType<SanctionsMatch[], string, string>;
  status: ColumnType<'open' | 'cleared' | 'blocked', 'open' | undefined, 'cleared' | 'blocked'>;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  created_at: CreatedAt;
};
export type SanctionsClearancesTable = {
  subject_kind: SanctionsSubjectKind;
  subject_id: string;
  name_key: string;
  source: string;
  entry_id: string;
  content_hash: string;
  hit_id: string;
  created_at: CreatedAt;
};
export type SanctionsBlocksTable = {
  subject_kind: SanctionsSubjectKind;
  subject_id: string;
  hit_id: string;
  created_at: CreatedAt;
};
export type SanctionsHoldsTable = {
  transfer_id: string;
  movement: 'remittance' | 'p2p' | 'bill_payment';
  user_id: string;
  hit_ids: string[];
  status: ColumnType<'held' | 'released' | 'refunded', 'held' | undefined, 'released' | 'refunded'>;
  created_at: CreatedAt;
  decided_at: Date | null;
};
export type SanctionsReportsTable = {
  id: Generated<string>;
  hit_id: string;
  user_id: string;
  details: ColumnType<Record<string, unknown>, string, string>;
  blocked_at: Date;
  due_on: ColumnType<Date, string, string>;
  filed_at: Date | null;
};

/** A dispute of a card transaction under Regulation E (migration 0044). */
export type CardDisputesTable = {
  id: Generated<string>;
  user_id: string;
  transfer_id: string;
  partner_transaction_id: string | null;
  partner_dispute_id: string | null;
  reason: 'unauthorized' | 'wrong_amount';
  description: string;
  disputed_cents: ColumnType<Cents, number, number>;
  correct_amount_cents: ColumnType<Cents | null, number | null, number | null>;
  status: 'open' | 'provisionally_credited' | 'won' | 'lost';
  credit_due_at: Date;
  credit_transfer_id: string | null;
  credited_at: Date | null;
  resolved_at: Date | null;
  reversal_due_at: Date | null;
  reversal_transfer_id: string | null;
  reversed_at: Date | null;
  owed_cents: ColumnType<Cents | null, number | null, number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A card dispute at the Unit fake (sandbox set 0019). */
export type SandboxUnitDisputesTable = {
  id: string;
  account_id: string;
  customer_id: string;
  transaction_id: string;
  amount: number;
  description: string;
  status: string;
  status_history: ColumnType<{ type: string; updatedAt: string }[], string | undefined, string>;
  decision_reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A remittance's tracking link for its recipient: the SHA-256 of the token (migration 0047). */
export type RemittanceRecipientLinksTable = {
  transfer_id: string;
  token_hash: Buffer;
  created_at: CreatedAt;
};

/** One SMS to a remittance's recipient, at most one per transfer and kind (migration 0047). */
export type RemittanceRecipientSmsTable = {
  id: Generated<string>;
  transfer_id: string;
  kind: 'sent' | 'ready';
  to_number: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unavailable';
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  provider_id: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
};

/** A monitoring rule as data (migration 0052; defaults in features/monitoring/monitoring-rules.ts). */
export type MonitoringRulesTable = {
  code: string;
  enabled: Generated<boolean>;
  action: Generated<'alert' | 'hold'>;
  thresholds: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
};

/** A rule that fired: one per rule, subject and window (migration 0052). */
export type MonitoringHitsTable = {
  id: Generated<string>;
  rule_code: string;
  user_id: string | null;
  subject: string;
  window_start: Date;
  transfer_ids: ColumnType<string[], string[] | undefined, string[]>;
  reason: string;
  figures: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<'open' | 'dismissed' | 'escalated'>;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  created_at: CreatedAt;
};

/** A change of a user's phone, e-mail or password (the `monitoring_account_change` trigger). */
export type MonitoringAccountChangesTable = {
  id: Generated<number>;
  user_id: string;
  field: 'phone' | 'email' | 'password';
  changed_at: CreatedAt;
};

/** How far the monitoring job has read the ledger's transfers (one row). */
export type MonitoringScanTable = {
  id: Generated<number>;
  scanned_to: Date;
};

/** Recent transfers the monitoring job has evaluated (pruned after the job's overlap). */
export type MonitoringEvaluatedTable = {
  transfer_id: string;
  evaluated_at: CreatedAt;
};

/** A member of Pago's staff (migration 0050); never a customer. The TOTP secret is sealed. */
export type StaffTable = {
  id: Generated<string>;
  email: string;
  name: string;
  role: 'support' | 'compliance' | 'admin';
  password_hash: string;
  totp_secret: string;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  disabled_at: Date | null;
};

/** A staff member's session: only the token's SHA-256 (migration 0050). */
export type StaffSessionsTable = {
  id: Generated<string>;
  token_hash: Buffer;
  staff_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
};

/** Between a staff member's right password and their code (migration 0050). */
export type StaffSignInChallengesTable = {
  token_hash: Buffer;
  staff_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
};

/** One staff action or view of a customer's data; append-only (migration 0050). */
export type StaffAuditLogTable = {
  id: ColumnType<number, never, never>;
  at: CreatedAt;
  staff_id: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  user_id: string | null;
  reason: string;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
};

/** A money action waiting for a second staff member (four eyes; migration 0050). */
export type StaffApprovalsTable = {
  id: Generated<string>;
  action: string;
  amount_cents: ColumnType<number, number, never>;
  input: ColumnType<Record<string, unknown>, string, never>;
  reason: string;
  user_id: string | null;
  requested_by: string;
  requested_at: CreatedAt;
  status: ColumnType<
    'pending' | 'approved' | 'rejected' | 'failed',
    'pending' | undefined,
    'approved' | 'rejected' | 'failed'
  >;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  result: ColumnType<Record<string, unknown> | null, never, string | null>;
  error: string | null;
};

/** A staff member's note on a customer (migration 0055). */
export type StaffNotesTable = {
  id: Generated<string>;
  user_id: string;
  staff_id: string;
  text: string;
  created_at: CreatedAt;
};

/** A staff refund of a transfer, one per transfer (migration 0055). */
export type StaffRefundsTable = {
  transfer_id: string;
  refund_transfer_id: string;
  user_id: string;
  staff_id: string;
  approval_id: string | null;
  created_at: CreatedAt;
};

/** What staff did with an operations-queue item that has no status of its own (migration 0054). */
export type OpsQueueActionsTable = {
  id: Generated<string>;
  queue: string;
  item_id: string;
  action: string;
  reason: string;
  staff_id: string;
  amount_cents: number | null;
  created_at: CreatedAt;
};

/** A scheduled or recurring transfer (migration 0058; docs/schedules.md). */
export type SchedulesTable = {
  id: Generated<string>;
  user_id: string;
  kind: 'remittance' | 'p2p' | 'bill';
  recipient_id: string | null;
  payee_user_id: string | null;
  recipient_name: string;
  recipient_country: string;
  amount_cents: number;
  speed: 'standard' | 'express';
  frequency: 'once' | 'weekly' | 'biweekly' | 'monthly' | 'twice_monthly';
  start_date: string;
  day_of_month: number | null;
  second_day: number | null;
  status: 'active' | 'paused' | 'canceled' | 'done';
  next_date: string | null;
  next_due_at: Date | null;
  /** A bill's (migration 0064): the biller, its bill type, the user's account there, the memo. */
  biller_id: string | null;
  bill_type: string | null;
  account_at_biller: string | null;
  memo: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** One run of a schedule, unique per (schedule_id, due_at): the claim (migration 0058). */
export type ScheduleRunsTable = {
  id: Generated<string>;
  schedule_id: string;
  user_id: string;
  due_date: string;
  due_at: Date;
  status: 'processing' | 'sent' | 'under_review' | 'failed' | 'skipped';
  failure_reason: string | null;
  failure_code: string | null;
  transfer_id: string | null;
  amount_cents: number;
  fee_cents: number | null;
  payout_amount: string | null;
  payout_currency: string | null;
  created_at: CreatedAt;
};

/** A schedule's day-before notice, once per run day (migration 0058). */
export type ScheduleRemindersTable = {
  schedule_id: string;
  due_date: string;
  created_at: CreatedAt;
};

/** The sandbox FX move (sandbox migration 0021, docs/rates.md). */
export type SandboxFxRatesTable = {
  currency: string;
  rate: ColumnType<string, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** Rate history, alerts and rate orders (migration 0059, docs/rates.md). */
export type FxRateSamplesTable = {
  id: Generated<number>;
  currency: string;
  market_rate: string;
  customer_rate: string;
  sampled_at: ColumnType<Date, Date | undefined, never>;
};
export type RateAlertsTable = {
  id: Generated<string>;
  user_id: string;
  currency: string;
  target_rate: string;
  created_at: CreatedAt;
  deleted_at: Date | null;
};
export type RateAlertFiresTable = {
  alert_id: string;
  day: ColumnType<Date, string, never>;
  rate: string;
  fired_at: CreatedAt;
};
export type RateOrderStatus = 'waiting' | 'sent' | 'cancelled' | 'expired' | 'failed';
export type RateOrdersTable = {
  id: Generated<string>;
  user_id: string;
  recipient_id: string;
  recipient_name: string;
  currency: string;
  amount_cents: ColumnType<number, number, never>;
  speed: 'standard' | 'express';
  held_cents: ColumnType<number, number, never>;
  target_rate: string;
  last_date: ColumnType<Date, string, never>;
  at_last_date: 'send' | 'cancel';
  status: Generated<RateOrderStatus>;
  hold_transfer_id: string;
  release_transfer_id: string | null;
  sent_transfer_id: string | null;
  sent_rate: string | null;
  failure_reason: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
};

/** A sender's "Pídeme" link for one saved recipient (migration 0061). */
export type PidemeLinksTable = {
  id: Generated<string>;
  user_id: string;
  recipient_id: string;
  token_hash: Buffer;
  created_at: CreatedAt;
  last_used_at: Date | null;
  expires_at: Timestamp;
  revoked_at: Date | null;
};

/** A relative's request through a "Pídeme" link (migration 0061). */
export type PidemeRequestsTable = {
  id: Generated<string>;
  link_id: string;
  user_id: string;
  recipient_id: string;
  /** numeric(12,2), read as text. */
  amount: string;
  currency: string;
  reason: string;
  status: ColumnType<'pending' | 'paid' | 'declined', 'pending' | undefined, 'paid' | 'declined'>;
  transfer_id: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
};

/** A request's photo of the bill, shown to the sender only (migration 0061). */
export type PidemeRequestPhotosTable = {
  request_id: string;
  content_type: string;
  bytes: Buffer;
  created_at: CreatedAt;
};

/** A payday rule: a share of each direct deposit sent home (migration 0060). */
export type PaydayRulesTable = {
  id: Generated<string>;
  user_id: string;
  recipient_id: string | null;
  kind: 'percent' | 'fixed';
  percent_bps: number | null;
  fixed_cents: Cents | null;
  max_cents: Cents | null;
  min_deposit_cents: Generated<Cents>;
  speed: Generated<'standard' | 'express'>;
  enabled: Generated<boolean>;
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** One payday rule applied to one direct deposit, once (migration 0060). */
export type PaydayRunsTable = {
  id: Generated<string>;
  rule_id: string;
  user_id: string;
  deposit_id: string;
  deposit_cents: Cents;
  amount_cents: Cents;
  recipient_name: string;
  status: Generated<'due' | 'sent' | 'failed' | 'skipped'>;
  reason: string | null;
  transfer_id: string | null;
  attempts: Generated<number>;
  claimed_until: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A "colecta": siblings chip in toward one transfer home (migration 0062, docs/colectas.md). */
export type ColectasTable = {
  id: Generated<string>;
  organiser_id: string;
  recipient_id: string;
  recipient_name: string;
  recipient_country: string;
  title: string;
  target_cents: Cents;
  collected_cents: Generated<Cents>;
  send_by: string;
  speed: 'standard' | 'express';
  status: Generated<'open' | 'sent' | 'cancelled'>;
  cancelled_reason: 'organiser' | 'expired' | null;
  transfer_id: string | null;
  last_send_error: string | null;
  auto_send_failed: Generated<boolean>;
  delivery_notified: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** The organiser and each person invited to a colecta (migration 0062). */
export type ColectaMembersTable = {
  colecta_id: string;
  user_id: string;
  role: 'organiser' | 'invited';
  created_at: CreatedAt;
};

/** One contribution to a colecta: held, then sent or released once (migration 0062). */
export type ColectaContributionsTable = {
  id: Generated<string>;
  colecta_id: string;
  user_id: string;
  amount_cents: Cents;
  hold_transfer_id: string;
  status: Generated<'held' | 'sent' | 'released'>;
  settled_transfer_id: string | null;
  created_at: CreatedAt;
  settled_at: Date | null;
};

/** One browser's Web Push subscription, per device and session (migration 0063). */
export type PushSubscriptionsTable = {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: CreatedAt;
  last_pushed_at: Date | null;
};

/** A notification still to push (migration 0063; written by notifications_push_outbox.sql). */
export type PushOutboxTable = {
  notification_id: string;
  created_at: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
};

/** What the sandbox push service received (sandbox migration 0022): the encrypted body as sent. */
export type SandboxPushMessagesTable = {
  id: Generated<number>;
  token: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key (`k=`) the JWT was verified with, and the JWT's subject. */
  vapid_key: string;
  vapid_subject: string;
  body: Buffer;
  received_at: CreatedAt;
};
