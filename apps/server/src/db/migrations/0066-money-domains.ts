import { type Kysely, sql } from 'kysely';

/**
 * The money tables' lists of allowed values become domains: a transfer's kind and status, a
 * notification's e-mail status, a limit total's period. PostgreSQL reads a table's CHECK
 * constraints from their stored text at every statement that writes the table (and a trigger's
 * WHEN condition likewise), and `ledger_transfers_kind_check`, 35 kinds stored as a node tree of
 * 7,501 characters with each text constant written byte by byte, was parsed and planned again at
 * every transfer (a profile of `ledger_post` put that parsing at 5.5% of its CPU; see
 * docs/benchmarks.md, "ledger_post's CPU, profiled"). A domain's check is read once per
 * connection (PostgreSQL's type cache) and holds the same rule.
 *
 * The lists are the constraints' own when this runs (later migrations added kinds by rewriting
 * the constraint, see 0062). A kind added from now on is added to the domain:
 * `alter domain transfer_kind drop constraint transfer_kind_check, add constraint … check (value
 * in (…))`.
 *
 * The triggers whose conditions or column lists name `kind` or `status` must go for the columns'
 * types to change; their recorded hashes are forgotten, so the functions step (db/functions.ts)
 * writes them again from their files right after the migrations.
 */
const DOMAINS = [
  {
    table: 'ledger_transfers',
    column: 'kind',
    check: 'ledger_transfers_kind_check',
    domain: 'transfer_kind',
  },
  {
    table: 'ledger_transfers',
    column: 'status',
    check: 'ledger_transfers_status_check',
    domain: 'transfer_status',
  },
  {
    table: 'notifications',
    column: 'email_status',
    check: 'notifications_email_status_check',
    domain: 'notification_email_status',
  },
  {
    table: 'ledger_limit_usage',
    column: 'period',
    check: 'ledger_limit_usage_period_check',
    domain: 'limit_period',
  },
] as const;

/** The triggers on `ledger_transfers` that depend on `kind` or `status`, with their files. */
const DEPENDENT_TRIGGERS = [
  { trigger: 'notifications_from_transfer', file: 'notifications_from_transfer' },
  { trigger: 'notifications_from_transfer_status', file: 'notifications_from_transfer' },
  { trigger: 'ledger_transfers_limit_usage', file: 'ledger_transfers_limit_usage' },
] as const;

async function valuesOf(db: Kysely<unknown>, constraint: string, owner: 'table' | 'domain') {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conname = ${constraint}
      and ${sql.raw(owner === 'table' ? 'c.conrelid <> 0' : 'c.contypid <> 0')}`.execute(db);
  const values = [...(rows[0]?.def ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] as string);
  if (values.length === 0) throw new Error(`${constraint} not found`);
  return values.map((v) => `'${v}'`).join(', ');
}

async function dropDependentTriggers(db: Kysely<unknown>) {
  for (const { trigger } of DEPENDENT_TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ledger_transfers`.execute(db);
  }
  // Their files are applied again after the migrations (the table exists once functions were).
  const files = DEPENDENT_TRIGGERS.map(({ file }) => `'${file}'`).join(', ');
  await sql`
    do $$ begin
      if to_regclass('db_function') is not null then
        delete from db_function where name in (${sql.raw(files)});
      end if;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropDependentTriggers(db);
  for (const { table, column, check, domain } of DOMAINS) {
    const values = await valuesOf(db, check, 'table');
    await sql`create domain ${sql.id(domain)} as text
      constraint ${sql.id(`${domain}_check`)} check (value in (${sql.raw(values)}))`.execute(db);
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(check)},
      alter column ${sql.id(column)} type ${sql.id(domain)}`.execute(db);
  }
  // A column's new type drops its statistics; the planner gets them back now, not at autovacuum.
  await sql`analyze ledger_transfers, notifications, ledger_limit_usage`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropDependentTriggers(db);
  for (const { table, column, check, domain } of DOMAINS) {
    const values = await valuesOf(db, `${domain}_check`, 'domain');
    await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} type text,
      add constraint ${sql.id(check)} check (${sql.id(column)} in (${sql.raw(values)}))`.execute(
      db,
    );
    await sql`drop domain ${sql.id(domain)}`.execute(db);
  }
}
