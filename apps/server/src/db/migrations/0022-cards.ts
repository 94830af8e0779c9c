import { type Kysely, sql } from 'kysely';

/**
 * The Pago debit card.
 *
 * - `cards`: each card the banking partner issued on a user's partner account, with what Pago
 *   may keep — never the full number, the CVV or the PIN: its last four digits, expiry, status,
 *   the daily limits its holder set, and for a physical card how it ships and where.
 * - Transfer kinds `card_purchase`, `card_atm_withdrawal`, `card_refund`, `card_fee`.
 * - `card_clearing`: Pago's account for card spending until the partner settles it with the
 *   network.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return', 'card_purchase',
        'card_atm_withdrawal', 'card_refund', 'card_fee'))`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('card_clearing')`.execute(db);

  await sql`
    create table cards (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      partner_card_id text not null unique,
      partner_account_id text not null,
      type text not null check (type in ('virtual', 'physical')),
      status text not null
        check (status in ('inactive', 'active', 'frozen', 'lost', 'stolen', 'closed')),
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month smallint not null check (exp_month between 1 and 12),
      exp_year smallint not null check (exp_year between 2000 and 2100),
      daily_purchase_limit_cents bigint not null check (daily_purchase_limit_cents > 0),
      daily_withdrawal_limit_cents bigint not null check (daily_withdrawal_limit_cents > 0),
      shipping_speed text check (shipping_speed in ('standard', 'expedited')),
      shipping_address text,
      replaces_card_id uuid references cards (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      activated_at timestamptz,
      closed_at timestamptz,
      check ((type = 'physical') = (shipping_speed is not null and shipping_address is not null)),
      check ((status in ('lost', 'stolen', 'closed')) = (closed_at is not null))
    )`.execute(db);
  await sql`create index cards_user on cards (user_id, created_at desc)`.execute(db);
  // One card of each type in use per person; closed ones stay as history.
  await sql`
    create unique index cards_one_open_per_type on cards (user_id, type)
      where status in ('inactive', 'active', 'frozen')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cards`.execute(db);
  await sql`delete from ledger_accounts where system_role = 'card_clearing'`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return'))`.execute(db);
}
