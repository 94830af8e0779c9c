import { CORRIDOR_COUNTRIES } from '@pago/shared/fees';
import { type Kysely, sql } from 'kysely';

/** The double-entry ledger, idempotency keys, quotes, money requests and bank accounts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigserial primary key,
      user_id uuid references users (id),
      system_role text,
      currency text not null default 'USD',
      balance_cents bigint not null default 0,
      created_at timestamptz not null default now(),
      constraint ledger_accounts_owner check ((user_id is null) <> (system_role is null)),
      -- The one rule no code path may break: a person's balance never goes below zero.
      constraint ledger_accounts_user_not_negative check (user_id is null or balance_cents >= 0)
    )`.execute(db);
  await sql`create unique index ledger_accounts_user on ledger_accounts (user_id) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index ledger_accounts_role on ledger_accounts (system_role) where system_role is not null`.execute(
    db,
  );
  // Pago's own accounts exist from the start, so no money transaction ever creates one.
  const roles = [
    'fee_revenue',
    'funding_clearing',
    'bill_pay_clearing',
    ...CORRIDOR_COUNTRIES.map((country) => `payout_clearing:${country}`),
  ];
  for (const role of roles) {
    await sql`insert into ledger_accounts (system_role) values (${role})`.execute(db);
  }

  await sql`
    create table ledger_transfers (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund',
        'bill_payment', 'bank_transfer', 'request_payment')),
      status text not null check (status in ('completed', 'processing', 'delivered', 'failed', 'refunded')),
      user_id uuid not null references users (id),
      counterparty_user_id uuid references users (id),
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null default 0 check (fee_cents >= 0),
      counts_toward_limits boolean not null,
      related_transfer_id uuid references ledger_transfers (id),
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_transfers_user on ledger_transfers (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index ledger_transfers_counterparty on ledger_transfers (counterparty_user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index ledger_transfers_processing on ledger_transfers (status) where status = 'processing'`.execute(
    db,
  );

  await sql`
    create table ledger_entries (
      id bigserial primary key,
      transfer_id uuid not null references ledger_transfers (id),
      account_id bigint not null references ledger_accounts (id),
      amount_cents bigint not null check (amount_cents <> 0),
      balance_after_cents bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_entries_transfer on ledger_entries (transfer_id)`.execute(db);
  await sql`create index ledger_entries_account on ledger_entries (account_id, id)`.execute(db);

  await sql`
    create table transfer_status_history (
      id bigserial primary key,
      transfer_id uuid not null references ledger_transfers (id),
      status text not null,
      note text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index transfer_status_history_transfer on transfer_status_history (transfer_id, id)`.execute(
    db,
  );

  await sql`
    create table idempotency_keys (
      user_id uuid not null references users (id),
      key text not null,
      request_hash bytea not null,
      status_code integer not null,
      response text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);

  await sql`
    create table quotes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      recipient_country text not null,
      speed text not null,
      amount_cents bigint not null,
      fee_cents bigint not null,
      payout_currency text not null,
      market_rate numeric(20, 8) not null,
      fx_rate numeric(20, 8) not null,
      spread_bps integer not null,
      payout_amount numeric(24, 2) not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table money_requests (
      id uuid primary key default gen_random_uuid(),
      requester_id uuid not null references users (id),
      payer_id uuid not null references users (id),
      amount_cents bigint not null check (amount_cents > 0),
      note text not null default '',
      status text not null default 'pending' check (status in ('pending', 'paid', 'declined', 'cancelled')),
      transfer_id uuid references ledger_transfers (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index money_requests_payer on money_requests (payer_id, created_at desc)`.execute(
    db,
  );
  await sql`create index money_requests_requester on money_requests (requester_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table bank_accounts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id),
      account_number text not null unique,
      routing_number text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
