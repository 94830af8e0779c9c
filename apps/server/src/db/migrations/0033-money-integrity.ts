import { type Kysely, sql } from 'kysely';

/**
 * Referential integrity back on every money table, with the indexes a per-account read needs.
 *
 * Migrations 0010 and 0012 dropped the keys of the send's rows ("no user is ever deleted", and
 * each check cost a `FOR KEY SHARE` lock) and both indexes of `ledger_entries` ("nothing reads
 * them"). Neither holds now: accounts are closed, staff audit an account's entries, statements
 * read history. A closed user is a state of the `users` row, never a deleted row, so every key to
 * `users` from a money table is `ON DELETE RESTRICT`: deleting a user who has ever held money is
 * refused by the database, whatever the caller. Keys between money rows (an entry's transfer and
 * account, a transfer's refund of another) are RESTRICT too: no money row is ever deleted.
 *
 * Added where missing:
 * - `ledger_transfers.user_id`, `.counterparty_user_id`, `idempotency_keys.user_id`,
 *   `ledger_limit_usage.user_id`, `ledger_limit_usage_pending.user_id` → `users`;
 * - `ledger_entries.transfer_id` → `ledger_transfers`, `.account_id` → `ledger_accounts`;
 * - `unit_reconciliation_differences.user_id` → `users`, `.transfer_id` → `ledger_transfers`.
 * Keys that already existed on money tables (NO ACTION, the default) are made RESTRICT.
 *
 * Indexes: `ledger_entries (account_id, created_at, id)` for an account's entries by time (its
 * statement, an audit), `ledger_entries (transfer_id)` for a transfer's legs (and for the key
 * check when a transfer would be deleted). What they cost a send is in docs/benchmarks.md.
 *
 * `ledger_invariant_checks`: each run of the invariant check (the daily job `ledger-invariants`
 * and `npm run reconcile`), with what it found, so the health detail can say when it last ran and
 * whether the ledger held. The ids found are kept (the first 100 of each kind) for whoever looks.
 */

/** Every table that holds money or a row about money. */
const MONEY_TABLES = [
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  'transfer_status_history',
  'idempotency_keys',
  'ledger_limit_usage',
  'ledger_limit_usage_pending',
  'quotes',
  'money_requests',
  'bank_accounts',
  'unit_payments',
  'partner_omnibus_movements',
  'funding_transfers',
  'funding_counterparties',
  'unit_reconciliation_differences',
  'cards',
  'card_authorizations',
  'card_network_messages',
  'remittance_payouts',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The keys that exist with no delete action, made RESTRICT (their definition kept). A key that
  // chose its own action (a payout's recipient, SET NULL: an address book entry may go) keeps it.
  const { rows } = await sql<{ table: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table, c.conname as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.confdeltype = 'a'
      and c.conrelid::regclass::text = any(${MONEY_TABLES})
    order by 1, 2`.execute(db);
  for (const key of rows) {
    await sql`
      alter table ${sql.table(key.table)} drop constraint ${sql.id(key.name)},
        add constraint ${sql.id(key.name)} ${sql.raw(key.definition)} on delete restrict`.execute(
      db,
    );
  }

  await sql`
    alter table ledger_transfers
      add constraint ledger_transfers_user_id_fkey foreign key (user_id)
        references users (id) on delete restrict,
      add constraint ledger_transfers_counterparty_user_id_fkey foreign key (counterparty_user_id)
        references users (id) on delete restrict`.execute(db);
  await sql`
    alter table idempotency_keys add constraint idempotency_keys_user_id_fkey
      foreign key (user_id) references users (id) on delete restrict`.execute(db);
  await sql`
    alter table ledger_limit_usage add constraint ledger_limit_usage_user_id_fkey
      foreign key (user_id) references users (id) on delete restrict`.execute(db);
  await sql`
    alter table ledger_limit_usage_pending add constraint ledger_limit_usage_pending_user_id_fkey
      foreign key (user_id) references users (id) on delete restrict`.execute(db);
  await sql`
    alter table ledger_entries
      add constraint ledger_entries_transfer_id_fkey foreign key (transfer_id)
        references ledger_transfers (id) on delete restrict,
      add constraint ledger_entries_account_id_fkey foreign key (account_id)
        references ledger_accounts (id) on delete restrict`.execute(db);
  await sql`
    alter table unit_reconciliation_differences
      add constraint unit_reconciliation_differences_user_id_fkey foreign key (user_id)
        references users (id) on delete restrict,
      add constraint unit_reconciliation_differences_transfer_id_fkey foreign key (transfer_id)
        references ledger_transfers (id) on delete restrict`.execute(db);

  await sql`
    create index ledger_entries_account on ledger_entries (account_id, created_at, id)`.execute(db);
  await sql`create index ledger_entries_transfer on ledger_entries (transfer_id)`.execute(db);

  await sql`
    create table ledger_invariant_checks (
      id bigserial primary key,
      source text not null check (source in ('job', 'cli')),
      checked_at timestamptz not null default now(),
      unbalanced_transfers integer not null,
      drifted_accounts integer not null,
      negative_user_accounts integer not null,
      found jsonb not null
    )`.execute(db);
}
