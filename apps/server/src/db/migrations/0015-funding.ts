import { type Kysely, sql } from 'kysely';

/**
 * Moving money between a linked bank and the wallet by ACH at the banking partner.
 *
 * - Transfer kinds: `bank_deposit`, `bank_deposit_return`, `bank_withdrawal`,
 *   `bank_withdrawal_return`.
 * - A wallet's money not yet spendable: `held_cents` (deposits the partner has not settled) and
 *   `owed_cents` (a returned deposit the wallet could not cover). A trigger refuses any update
 *   that takes a wallet below them (SQLSTATE P2001, like `ledger_post`'s own funds check), so
 *   every path that spends — `ledger_post`, `transfer_send` — keeps them without a change.
 * - `funding_receivable`: what users owe Pago for deposits returned after they spent them.
 * - `funding_transfers`: each deposit or withdrawal with its bank and state;
 *   `funding_counterparties`: the partner's counterparty made from a linked Plaid account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return'))`.execute(db);

  await sql`insert into ledger_accounts (system_role) values ('funding_receivable')`.execute(db);
  await sql`
    alter table ledger_accounts
      add column held_cents bigint not null default 0 check (held_cents >= 0),
      add column owed_cents bigint not null default 0 check (owed_cents >= 0)`.execute(db);

  // Money leaving a wallet must leave its held and owed amounts in it. Money coming in, and the
  // collection of a debt (the transaction-local flag pago.collecting_debt), pass.
  // funding_guard_wallet: db/functions/funding_guard_wallet.sql.

  await sql`
    create table funding_transfers (
      transfer_id uuid primary key references ledger_transfers (id),
      user_id uuid not null references users (id),
      -- Our linked account's id (plaid_accounts.id); no foreign key: unlinking keeps history.
      plaid_account_id uuid not null,
      direction text not null check (direction in ('deposit', 'withdrawal')),
      speed text check (speed in ('standard', 'instant')),
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null default 0 check (fee_cents >= 0),
      status text not null default 'pending' check (status in ('pending', 'settled', 'returned')),
      return_transfer_id uuid references ledger_transfers (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index funding_transfers_user on funding_transfers (user_id, direction, created_at)`.execute(
    db,
  );
  await sql`
    create table funding_counterparties (
      plaid_account_id uuid primary key,
      user_id uuid not null references users (id),
      unit_counterparty_id text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // ACH at the partner: Credit (money leaves the partner account) or Debit (pulled in).
  await sql`alter table unit_payments add column direction text check (direction in ('Credit', 'Debit'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unit_payments drop column direction`.execute(db);
  await sql`drop table funding_counterparties`.execute(db);
  await sql`drop table funding_transfers`.execute(db);
  await sql`alter table ledger_accounts drop column held_cents, drop column owed_cents`.execute(db);
  await sql`delete from ledger_accounts where system_role = 'funding_receivable'`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal'))`.execute(db);
}
