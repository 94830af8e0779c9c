import { type Kysely, sql } from 'kysely';

/**
 * Mobile check deposits (docs/check-deposits.md): Pago's mirror of each deposit at the banking
 * partner (Unit's `checkDeposit`), with its partner status, what the wallet saw of it (`funds`:
 * none yet, held while the partner reviews and clears it, available once the partner sent it,
 * failed when rejected, returned) and its ledger transfers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table check_deposits (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      unit_deposit_id text unique,
      unit_account_id text not null,
      amount_cents bigint not null check (amount_cents > 0),
      description text not null,
      status text not null default 'Creating',
      reason text,
      funds text not null default 'none'
        check (funds in ('none', 'held', 'available', 'failed', 'returned')),
      front_uploaded boolean not null default false,
      back_uploaded boolean not null default false,
      confirmed_at timestamptz,
      available_by timestamptz,
      transfer_id uuid references ledger_transfers (id),
      return_transfer_id uuid references ledger_transfers (id),
      owed_cents bigint not null default 0 check (owed_cents >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The user's list (newest first) and the limits' sums over confirmed deposits.
  await sql`create index check_deposits_user on check_deposits (user_id, created_at desc, id desc)`.execute(
    db,
  );
  // Reconciliation: what the partner credited to an account.
  await sql`create index check_deposits_account on check_deposits (unit_account_id) where status = 'Sent'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table check_deposits`.execute(db);
}
