import { type Kysely, sql } from 'kysely';

/**
 * The operations queues' own records (docs/ops-queues.md): what staff did with a queue item that
 * has no status of its own to change (a reconciliation difference acknowledged, a failed job
 * dismissed, a note on a debt, a debt written off), with who, why and when. Rows are only ever
 * added: a trigger refuses updates and deletes, so an item's history cannot be rewritten.
 *
 * And the ledger kind `debt_write_off` with Pago's `debt_write_offs` account: what a wallet owed
 * that Pago writes off as its loss.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The kind joins whatever list the constraint holds when this runs (other migrations of the
  // same release may add kinds too): read it, add ours, write it back.
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'ledger_transfers_kind_check'`.execute(db);
  const kinds = [...(rows[0]?.def ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] as string);
  if (kinds.length === 0) throw new Error('ledger_transfers_kind_check not found');
  const list = [...new Set([...kinds, 'debt_write_off'])].map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_kind_check
    check (kind in (${sql.raw(list)}))`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('debt_write_offs')`.execute(db);
  await sql`
    create table ops_queue_actions (
      id uuid primary key default gen_random_uuid(),
      queue text not null check (length(queue) between 1 and 64),
      item_id text not null check (length(item_id) between 1 and 200),
      action text not null check (length(action) between 1 and 64),
      reason text not null check (length(reason) between 1 and 2000),
      staff_id text not null check (length(staff_id) between 1 and 200),
      amount_cents bigint check (amount_cents is null or amount_cents > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ops_queue_actions_item on ops_queue_actions (queue, item_id)`.execute(db);
  // The trigger refusing updates and deletes is db/functions/ops_queue_actions_append_only.sql.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ledger_accounts where system_role = 'debt_write_offs'`.execute(db);
  await sql`drop table ops_queue_actions`.execute(db);
}
