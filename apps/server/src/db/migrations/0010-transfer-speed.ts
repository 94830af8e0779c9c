import { type Kysely, sql } from 'kysely';

/**
 * A transfer costs what a read costs. `ledger_post` keeps its signature, its guards
 * (P2003), its refusals (P2001 funds, P2002 limits, in the same order) and its writes, but:
 * - the legs are read once, leg by leg, and every account is found through its unique index (the
 *   old set-based statements joined `jsonb_array_elements`, which the planner guesses at 100 rows,
 *   to a sequential scan of every wallet);
 * - the balances are read by the statement that locks them, so funds need no second query;
 * - the limits come from running totals (`ledger_limit_usage`, cents used per sender per US
 *   Eastern day and month), upserted with the transfer, instead of summing the sender's month.
 *
 * A transfer that stops counting (status to failed or refunded) gives its room back through
 * `ledger_limit_usage_pending`: the trigger only inserts there, never updating a total, so a
 * refund never waits on a sender's locked totals (a refund runs inside the settlement transaction,
 * which locks clearing accounts before wallets; waiting there could deadlock with a send). The
 * sender's next transfer folds the pending rows into the totals under its own locks; readers add
 * both. Totals are backfilled from every existing transfer.
 *
 * The entries lose their two foreign keys: only `ledger_post` writes entries, for the transfer it
 * has just inserted and the accounts it holds locked, so each key check (two per leg) earned
 * nothing; the invariant check still finds any entry whose sums do not hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey,
      drop constraint ledger_entries_account_id_fkey`.execute(db);

  await sql`
    create table ledger_limit_usage (
      user_id uuid not null references users (id),
      period text not null check (period in ('day', 'month')),
      starts_on date not null,
      used_cents bigint not null,
      primary key (user_id, period, starts_on)
    )`.execute(db);
  await sql`
    create table ledger_limit_usage_pending (
      id bigserial primary key,
      user_id uuid not null,
      period text not null check (period in ('day', 'month')),
      starts_on date not null,
      used_cents bigint not null
    )`.execute(db);
  await sql`create index ledger_limit_usage_pending_user on ledger_limit_usage_pending (user_id)`.execute(
    db,
  );

  // The US Eastern day and month a moment falls in: the windows of spec §9's limits (as
  // db/functions/ledger_limit_periods.sql computes them, written out here because the function
  // files are applied after the migrations).
  await sql`
    insert into ledger_limit_usage (user_id, period, starts_on, used_cents)
    select t.user_id, p.period, p.starts_on, sum(t.amount_cents)
    from ledger_transfers t cross join lateral (
      select 'day' as period, (t.created_at at time zone 'America/New_York')::date as starts_on
      union all
      select 'month', date_trunc('month', t.created_at at time zone 'America/New_York')::date
    ) p
    where t.counts_toward_limits and t.status not in ('failed', 'refunded')
    group by 1, 2, 3`.execute(db);

  // ledger_transfers_limit_usage (and its trigger) and ledger_post: db/functions/.
}
