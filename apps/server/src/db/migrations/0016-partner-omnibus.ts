import { type Kysely, sql } from 'kysely';

/**
 * Pago's omnibus (FBO) account at the banking partner: a Pago business customer's
 * deposit account that backs wallet money that never went through a user's own partner account
 * (P2P receipts, sandbox test money). `partner_omnibus` keeps the account made in sandbox mode
 * (live mode names it in UNIT_FBO_ACCOUNT_ID); `partner_omnibus_movements` maps every partner
 * movement of it to Pago's records: its funding, and each cover (a book payment omnibus → user
 * account) keyed by the withdrawal it makes possible. The ledger's wallets do not change with a
 * cover: it moves where at the partner money already in a wallet sits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table partner_omnibus (
      id boolean primary key default true check (id),
      unit_customer_id text not null,
      unit_account_id text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table partner_omnibus_movements (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('funding', 'cover')),
      -- A cover: the withdrawal it backs (one cover per withdrawal) and its user.
      transfer_id uuid unique references ledger_transfers (id),
      user_id uuid references users (id),
      amount_cents bigint not null check (amount_cents > 0),
      idempotency_key text not null unique,
      unit_payment_id text unique,
      -- Unit's payment status; 'Reserved' until the partner call was answered.
      status text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'cover') = (transfer_id is not null and user_id is not null))
    )`.execute(db);
  await sql`create index partner_omnibus_movements_user on partner_omnibus_movements (user_id) where user_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table partner_omnibus_movements, partner_omnibus`.execute(db);
}
