import { type Kysely, sql } from 'kysely';

const KINDS_BEFORE = `'deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return', 'card_purchase',
        'card_atm_withdrawal', 'card_refund', 'card_fee', 'card_release', 'ach_received',
        'ach_received_return', 'check_deposit', 'check_deposit_return', 'cash_deposit',
        'card_funding', 'card_funding_reversal', 'bill_payment_return', 'card_dispute_credit',
        'card_dispute_reversal'`;

/**
 * Sanctions screening (docs/sanctions.md):
 * - `sanctions_list_loads` and `sanctions_entries`: the Treasury's lists as last loaded (each load
 *   replaces the whole list in one transaction), with the files' hashes;
 * - `sanctions_screenings`: every screening (who or what, the name, the best matches, the result);
 * - `sanctions_hits`: a possible match waiting for, or given, a compliance decision;
 * - `sanctions_clearances` (a cleared false positive, per subject, name and listed entry) and
 *   `sanctions_blocks` (a true match: no further sends);
 * - `sanctions_holds`: each money movement held for a hit, and what became of it;
 * - `sanctions_reports`: the blocked-property report owed to OFAC (due in 10 business days);
 * - `users.sanctions_name_changed_at`: set by a trigger whenever a user's name or legal name is
 *   written (sign-up by any path, a verification), so the screening job finds who to screen;
 * - `remittance_payouts.compliance_hold`: a payout held for review is never handed to the partner;
 * - the `sanctions_hold` clearing account and the `sanctions_release` transfer kind, for a P2P
 *   payment held until it is cleared (released to the payee) or blocked (back to the sender).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sanctions_list_loads (
      id bigserial primary key,
      loaded_at timestamptz not null default now(),
      origin text not null check (origin in ('sandbox', 'file')),
      files jsonb not null,
      entry_count integer not null check (entry_count >= 0),
      name_count integer not null check (name_count >= 0),
      forced boolean not null default false,
      rescreened_at timestamptz
    )`.execute(db);
  await sql`
    create table sanctions_entries (
      source text not null check (source in ('sdn', 'cons')),
      entry_id text not null check (length(entry_id) between 1 and 32),
      name text not null,
      entry_type text not null,
      programs text[] not null,
      aliases jsonb not null,
      countries text[] not null,
      birth_dates jsonb not null,
      places_of_birth text[] not null,
      remarks text,
      content_hash text not null,
      listed_since timestamptz not null,
      load_id bigint not null references sanctions_list_loads (id),
      primary key (source, entry_id)
    )`.execute(db);
  await sql`
    create table sanctions_screenings (
      id uuid primary key default gen_random_uuid(),
      subject_kind text not null check (subject_kind in ('user', 'recipient', 'bill_payee')),
      subject_id text not null,
      user_id uuid not null references users (id),
      name text not null,
      reason text not null,
      load_id bigint references sanctions_list_loads (id),
      result text not null check (result in ('clear', 'possible_match')),
      matches jsonb not null,
      hit_id uuid,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sanctions_screenings_subject
    on sanctions_screenings (subject_kind, subject_id, created_at desc)`.execute(db);
  await sql`
    create table sanctions_hits (
      id uuid primary key default gen_random_uuid(),
      subject_kind text not null check (subject_kind in ('user', 'recipient', 'bill_payee')),
      subject_id text not null,
      user_id uuid not null references users (id),
      name text not null,
      name_key text not null,
      matches jsonb not null,
      status text not null default 'open' check (status in ('open', 'cleared', 'blocked')),
      decided_by text,
      decided_at timestamptz,
      reason text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index sanctions_hits_open
    on sanctions_hits (subject_kind, subject_id, name_key) where status = 'open'`.execute(db);
  await sql`create index sanctions_hits_status on sanctions_hits (status, created_at)`.execute(db);
  await sql`
    create table sanctions_clearances (
      subject_kind text not null,
      subject_id text not null,
      name_key text not null,
      source text not null,
      entry_id text not null,
      content_hash text not null,
      hit_id uuid not null references sanctions_hits (id),
      created_at timestamptz not null default now(),
      primary key (subject_kind, subject_id, name_key, source, entry_id, content_hash)
    )`.execute(db);
  await sql`
    create table sanctions_blocks (
      subject_kind text not null,
      subject_id text not null,
      hit_id uuid not null references sanctions_hits (id),
      created_at timestamptz not null default now(),
      primary key (subject_kind, subject_id)
    )`.execute(db);
  await sql`
    create table sanctions_holds (
      transfer_id uuid primary key references ledger_transfers (id),
      movement text not null check (movement in ('remittance', 'p2p', 'bill_payment')),
      user_id uuid not null references users (id),
      hit_ids uuid[] not null,
      status text not null default 'held' check (status in ('held', 'released', 'refunded')),
      created_at timestamptz not null default now(),
      decided_at timestamptz
    )`.execute(db);
  await sql`create index sanctions_holds_held on sanctions_holds using gin (hit_ids)
    where status = 'held'`.execute(db);
  await sql`
    create table sanctions_reports (
      id uuid primary key default gen_random_uuid(),
      hit_id uuid not null unique references sanctions_hits (id),
      user_id uuid not null references users (id),
      details jsonb not null,
      blocked_at timestamptz not null,
      due_on date not null,
      filed_at timestamptz
    )`.execute(db);
  await sql`alter table users add column sanctions_name_changed_at timestamptz default now()`.execute(
    db,
  );
  // The trigger that marks a user to screen: db/functions/sanctions_name_changed.sql.
  await sql`alter table remittance_payouts
    add column compliance_hold boolean not null default false`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('sanctions_hold')`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}, 'sanctions_release'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}))`.execute(db);
  await sql`delete from ledger_accounts where system_role = 'sanctions_hold'`.execute(db);
  await sql`alter table remittance_payouts drop column compliance_hold`.execute(db);
  await sql`drop trigger if exists users_sanctions_name_changed on users`.execute(db);
  await sql`alter table users drop column sanctions_name_changed_at`.execute(db);
  for (const table of [
    'sanctions_reports',
    'sanctions_holds',
    'sanctions_blocks',
    'sanctions_clearances',
    'sanctions_hits',
    'sanctions_screenings',
    'sanctions_entries',
    'sanctions_list_loads',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
