import { type Kysely, sql } from 'kysely';
import { DEFAULT_RULES } from '../../features/monitoring/monitoring-rules';

/**
 * Transaction monitoring (docs/monitoring.md):
 * - `monitoring_rules`: each rule as data (on or off, what a hit does, its thresholds), seeded
 *   from `DEFAULT_RULES`, the one place the defaults are written;
 * - `monitoring_hits`: what fired, about whom, on which transfers, why (the figures), and staff's
 *   decision; one hit per rule, subject and window (the unique key), so evaluating twice is harmless;
 * - `monitoring_account_changes`: every change of a user's phone, e-mail or password, written by
 *   the `monitoring_account_change` trigger on `users` (whatever path made it);
 * - `monitoring_scan` and `monitoring_evaluated`: how far the evaluation job has read the ledger's
 *   transfers, and which recent ones it has evaluated (so each is evaluated once, however late its
 *   transaction committed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table monitoring_rules (
    code text primary key check (length(code) between 1 and 64),
    enabled boolean not null default true,
    action text not null default 'alert' check (action in ('alert', 'hold')),
    thresholds jsonb not null check (jsonb_typeof(thresholds) = 'object'),
    updated_at timestamptz not null default now()
  )`.execute(db);
  for (const [code, rule] of Object.entries(DEFAULT_RULES)) {
    await sql`insert into monitoring_rules (code, enabled, action, thresholds)
      values (${code}, ${rule.enabled}, ${rule.action}, ${JSON.stringify(rule.thresholds)}::jsonb)
      on conflict (code) do nothing`.execute(db);
  }
  await sql`create table monitoring_hits (
    id uuid primary key default uuidv7(),
    rule_code text not null references monitoring_rules (code),
    user_id uuid references users (id),
    subject text not null check (length(subject) between 1 and 300),
    window_start timestamptz not null,
    transfer_ids uuid[] not null default '{}',
    reason text not null check (length(reason) between 1 and 2000),
    figures jsonb not null default '{}'::jsonb,
    status text not null default 'open' check (status in ('open', 'dismissed', 'escalated')),
    decided_by text check (decided_by is null or length(decided_by) between 1 and 200),
    decided_at timestamptz,
    decision_reason text check (decision_reason is null or length(decision_reason) between 1 and 1000),
    created_at timestamptz not null default now(),
    unique (rule_code, subject, window_start),
    check ((status = 'open') = (decided_at is null))
  )`.execute(db);
  await sql`create index monitoring_hits_queue on monitoring_hits (status, created_at)`.execute(db);
  await sql`create index monitoring_hits_user on monitoring_hits (user_id) where user_id is not null`.execute(
    db,
  );
  await sql`create table monitoring_account_changes (
    id bigint generated always as identity primary key,
    user_id uuid not null references users (id),
    field text not null check (field in ('phone', 'email', 'password')),
    changed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index monitoring_account_changes_user
    on monitoring_account_changes (user_id, changed_at)`.execute(db);
  await sql`create table monitoring_scan (
    id smallint primary key default 1 check (id = 1),
    scanned_to timestamptz not null
  )`.execute(db);
  await sql`insert into monitoring_scan (id, scanned_to) values (1, now())`.execute(db);
  await sql`create table monitoring_evaluated (
    transfer_id uuid primary key,
    evaluated_at timestamptz not null default now()
  )`.execute(db);
  // The many-senders rule finds a recipient abroad's remittances from the saved recipients that
  // match (country, then phone or account) to the transfers that name them.
  await sql`create index remittance_recipients_country_phone
    on remittance_recipients (country, phone)`.execute(db);
  await sql`create index ledger_transfers_remittance_recipient
    on ledger_transfers ((metadata->>'recipientId')) where kind = 'remittance'`.execute(db);
}
