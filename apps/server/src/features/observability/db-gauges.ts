import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '../../db/database';

// The figures read from PostgreSQL when /metrics is scraped, by the one process that serves it,
// on a pool of its own of one connection (never the API's), each statement under a 2 s timeout:
// a slow or absent database makes a scrape report pago_metrics_db_up 0, never the API wait.
// Every query reads a handful of rows through an index (metrics-db.test.ts checks the plans).

/** The scrape-time statements, exported for the plan test. */
export const QUERIES = {
  /** pg-boss's live jobs (the predicate of its partial index job_i14, verbatim). */
  jobs: sql<{ name: string; due: number; oldest: number | null; active: number; failed: number }>`
    select name,
      count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
      extract(epoch from now() - min(start_after)
        filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'failed')::int as failed
    from pgboss.job
    where state in ('created', 'retry', 'active', 'failed')
    group by name`,
  queues: sql<{ name: string }>`select name from pgboss.queue`,
  /** Open remittance payouts (the partial index ledger_transfers_processing). */
  payouts: sql<{
    processing: number;
    to_submit: number;
    at_partner: number;
    overdue: number;
    oldest: number | null;
  }>`
    select count(*)::int as processing,
      count(*) filter (where p.submit_after is not null)::int as to_submit,
      count(*) filter (where p.partner_transaction_id is not null)::int as at_partner,
      count(*) filter (where p.expected_by < now())::int as overdue,
      extract(epoch from now() - min(t.created_at))::float8 as oldest
    from ledger_transfers t join remittance_payouts p on p.transfer_id = t.id
    where t.status = 'processing'`,
  invariants: sql<{
    checked_at: Date;
    unbalanced_transfers: number;
    drifted_accounts: number;
    negative_user_accounts: number;
  }>`
    select checked_at, unbalanced_transfers, drifted_accounts, negative_user_accounts
    from ledger_invariant_checks order by id desc limit 1`,
  server: sql<{
    in_recovery: boolean;
    replay_delay: number | null;
    connections: number;
    max_connections: number;
    oldest_xact: number | null;
  }>`
    select pg_is_in_recovery() as in_recovery,
      case when pg_is_in_recovery()
        then extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as replay_delay,
      (select count(*)::int from pg_stat_activity where backend_type = 'client backend')
        as connections,
      current_setting('max_connections')::int as max_connections,
      (select extract(epoch from now() - min(xact_start))::float8 from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()
          and state <> 'idle') as oldest_xact`,
  /** Each standby streaming from this primary (needs the pg_monitor role for the lag columns). */
  replication: sql<{ replica: string; lag_seconds: number | null; lag_bytes: number | null }>`
    select coalesce(nullif(application_name, ''), client_addr::text, pid::text) as replica,
      extract(epoch from coalesce(replay_lag, interval '0'))::float8 as lag_seconds,
      case when pg_is_in_recovery() then null
        else pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::float8 end as lag_bytes
    from pg_stat_replication`,
};

export const dbRegistry = new Registry();
const reg = { registers: [dbRegistry] };

const g = {
  up: new Gauge({
    name: 'pago_metrics_db_up',
    help: '1 when the last scrape read PostgreSQL, 0 when it could not (the figures below are then absent)',
    ...reg,
  }),
  scrapeSeconds: new Gauge({
    name: 'pago_metrics_db_scrape_seconds',
    help: 'Time the last scrape spent on its PostgreSQL queries',
    ...reg,
  }),
  jobDepth: new Gauge({
    name: 'pago_job_queue_depth',
    help: 'Jobs due to run and not taken yet, per queue (job name)',
    labelNames: ['queue'] as const,
    ...reg,
  }),
  jobOldest: new Gauge({
    name: 'pago_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of the queue has waited (0 when none waits)',
    labelNames: ['queue'] as const,
    ...reg,
  }),
  jobActive: new Gauge({
    name: 'pago_job_queue_active',
    help: 'Jobs of the queue running right now',
    labelNames: ['queue'] as const,
    ...reg,
  }),
  jobFailed: new Gauge({
    name: 'pago_job_queue_failed',
    help: 'Jobs of the queue that exhausted their retries (state failed)',
    labelNames: ['queue'] as const,
    ...reg,
  }),
  payouts: new Gauge({
    name: 'pago_payouts',
    help: 'Remittance payouts not finished, by status: processing (all), to_submit, at_partner, overdue (past expected_by)',
    labelNames: ['status'] as const,
    ...reg,
  }),
  payoutOldest: new Gauge({
    name: 'pago_payouts_oldest_processing_age_seconds',
    help: 'Age of the oldest remittance still processing (0 when none)',
    ...reg,
  }),
  invariantsOk: new Gauge({
    name: 'pago_ledger_invariants_ok',
    help: '1 when the last ledger invariant check found nothing, 0 when it found violations (absent: never ran)',
    ...reg,
  }),
  invariantsAge: new Gauge({
    name: 'pago_ledger_invariants_last_check_age_seconds',
    help: 'Seconds since the last ledger invariant check (job ledger-invariants or npm run reconcile)',
    ...reg,
  }),
  invariantsFound: new Gauge({
    name: 'pago_ledger_invariants_violations',
    help: 'What the last invariant check found, by kind',
    labelNames: ['kind'] as const,
    ...reg,
  }),
  primary: new Gauge({
    name: 'pago_db_is_primary',
    help: '1 when DATABASE_URL reaches a primary (read-write), 0 a standby in recovery',
    ...reg,
  }),
  connections: new Gauge({
    name: 'pago_db_connections',
    help: "Client connections open on PostgreSQL (all applications')",
    ...reg,
  }),
  maxConnections: new Gauge({
    name: 'pago_db_max_connections',
    help: "PostgreSQL's max_connections",
    ...reg,
  }),
  oldestXact: new Gauge({
    name: 'pago_db_oldest_transaction_age_seconds',
    help: 'Age of the oldest open transaction of any client (long transactions hold locks and vacuum)',
    ...reg,
  }),
  replicas: new Gauge({
    name: 'pago_db_replicas',
    help: 'Standbys streaming from the primary (pg_stat_replication)',
    ...reg,
  }),
  lagSeconds: new Gauge({
    name: 'pago_db_replication_lag_seconds',
    help: 'Replay lag of each standby as the primary sees it (replay_lag); on a standby, its own delay',
    labelNames: ['replica'] as const,
    ...reg,
  }),
  lagBytes: new Gauge({
    name: 'pago_db_replication_lag_bytes',
    help: "WAL bytes each standby has not replayed yet (primary's current LSN minus replay_lsn)",
    labelNames: ['replica'] as const,
    ...reg,
  }),
};

/** Reads every figure (one connection, one read-only transaction, 2 s per statement at most). */
async function read(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`set local statement_timeout = 2000`.execute(trx);
    await sql`set local lock_timeout = 1000`.execute(trx);
    const { rows: has } = await sql<{
      jobs: boolean;
    }>`select to_regclass('pgboss.job') is not null as jobs`.execute(trx);
    const jobs = has[0]?.jobs ? (await QUERIES.jobs.execute(trx)).rows : [];
    const queues = has[0]?.jobs ? (await QUERIES.queues.execute(trx)).rows : [];
    const payouts = (await QUERIES.payouts.execute(trx)).rows[0];
    const check = (await QUERIES.invariants.execute(trx)).rows[0];
    const server = (await QUERIES.server.execute(trx)).rows[0];
    const replicas = (await QUERIES.replication.execute(trx)).rows;

    for (const gauge of Object.values(g)) gauge.reset();
    for (const { name } of queues) {
      g.jobDepth.set({ queue: name }, 0);
      g.jobOldest.set({ queue: name }, 0);
      g.jobActive.set({ queue: name }, 0);
      g.jobFailed.set({ queue: name }, 0);
    }
    for (const row of jobs) {
      g.jobDepth.set({ queue: row.name }, row.due);
      g.jobOldest.set({ queue: row.name }, Math.max(0, row.oldest ?? 0));
      g.jobActive.set({ queue: row.name }, row.active);
      g.jobFailed.set({ queue: row.name }, row.failed);
    }
    if (payouts) {
      for (const status of ['processing', 'to_submit', 'at_partner', 'overdue'] as const) {
        g.payouts.set({ status }, payouts[status]);
      }
      g.payoutOldest.set(Math.max(0, payouts.oldest ?? 0));
    }
    if (check) {
      const found = {
        unbalanced_transfers: check.unbalanced_transfers,
        drifted_accounts: check.drifted_accounts,
        negative_user_accounts: check.negative_user_accounts,
      };
      for (const [kind, count] of Object.entries(found)) g.invariantsFound.set({ kind }, count);
      g.invariantsOk.set(Object.values(found).every((count) => count === 0) ? 1 : 0);
      g.invariantsAge.set(Math.max(0, (Date.now() - check.checked_at.getTime()) / 1000));
    }
    if (server) {
      g.primary.set(server.in_recovery ? 0 : 1);
      g.connections.set(server.connections);
      g.maxConnections.set(server.max_connections);
      g.oldestXact.set(Math.max(0, server.oldest_xact ?? 0));
      if (server.in_recovery && server.replay_delay !== null) {
        g.lagSeconds.set({ replica: 'self' }, Math.max(0, server.replay_delay));
      }
    }
    g.replicas.set(replicas.length);
    for (const row of replicas) {
      if (row.lag_seconds !== null) g.lagSeconds.set({ replica: row.replica }, row.lag_seconds);
      if (row.lag_bytes !== null) g.lagBytes.set({ replica: row.replica }, row.lag_bytes);
    }
  });
}

/**
 * The scrape-time figures of `db`, read at most once per `minIntervalMs` (scrapes closer together
 * get the same figures) and never twice at once. `refresh` never throws.
 */
export function dbGauges(db: Database, minIntervalMs = 1000) {
  let last = 0;
  let running: Promise<void> | null = null;
  const refresh = async (): Promise<void> => {
    if (Date.now() - last < minIntervalMs) return;
    running ??= (async () => {
      const started = performance.now();
      try {
        await read(db);
        g.up.set(1);
      } catch {
        for (const gauge of Object.values(g)) gauge.reset();
        g.up.set(0);
      } finally {
        g.scrapeSeconds.set((performance.now() - started) / 1000);
        last = Date.now();
        running = null;
      }
    })();
    await running;
  };
  return { refresh };
}
