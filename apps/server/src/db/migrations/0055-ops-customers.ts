import { type Kysely, sql } from 'kysely';

/**
 * The operations console's customer actions (docs/ops-console.md):
 * - `users.frozen_at` / `frozen_reason`: a frozen account moves no money out (the trigger of
 *   db/functions/ledger_transfers_frozen_guard.sql refuses a customer's outgoing kinds, the card
 *   authorization declines); money in still lands;
 * - `staff_notes`: staff's notes on a customer;
 * - `staff_refunds`: a staff refund of a transfer, at most one per transfer (the primary key);
 *   its money moves as the ledger kind `staff_refund`, from Pago's `ops_refunds` account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The kind joins whatever list the constraint holds when this runs (other migrations of the
  // same release may add kinds too): read it, add ours, write it back.
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'ledger_transfers_kind_check'`.execute(db);
  const kinds = [...(rows[0]?.def ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] as string);
  if (kinds.length === 0) throw new Error('ledger_transfers_kind_check not found');
  const list = [...new Set([...kinds, 'staff_refund'])].map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_kind_check
    check (kind in (${sql.raw(list)}))`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('ops_refunds')`.execute(db);
  await sql`
    alter table users
      add column frozen_at timestamptz,
      add column frozen_reason text check (frozen_reason is null or length(frozen_reason) <= 1000),
      add constraint users_frozen_together check ((frozen_at is null) = (frozen_reason is null))
  `.execute(db);
  await sql`
    create table staff_notes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      staff_id uuid not null references staff (id),
      text text not null check (length(btrim(text)) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_notes_user on staff_notes (user_id, created_at desc)`.execute(db);
  await sql`
    create table staff_refunds (
      transfer_id uuid primary key references ledger_transfers (id),
      refund_transfer_id uuid not null unique references ledger_transfers (id),
      user_id uuid not null references users (id),
      staff_id uuid not null references staff (id),
      approval_id uuid references staff_approvals (id),
      created_at timestamptz not null default now()
    )`.execute(db);
}
