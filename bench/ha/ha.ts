// `npm run bench:ha`: the failover drill. On this one machine: one etcd member, three PostgreSQL
// nodes managed by Patroni (synchronous_mode), HAProxy to the primary, and Pago's API processes
// (PAGO_PROCESSES=2, the built server as `npm start` runs it) with DATABASE_URL → HAProxy. Under
// P2P and card load it (1) kills the primary's postmaster with SIGKILL and (2) later stops the
// new primary's Patroni with SIGTERM. Each time: a replica is promoted, Pago reconnects by itself,
// every acknowledged transfer exists, nothing is applied twice, the invariants hold, jobs run, and
// the old primary rejoins as a streaming replica. Figures go to docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/database';
import { freePort, tempDataDir } from '../../e2e/support/server-process';
import { replaceSection } from '../report';
import {
  clusterBackupNodes,
  createStanza,
  pgbackrestSetup,
  runBackupDrill,
  setBackupNodes,
} from './backup';
import { writeBackupSection } from './backup-report';
import { type Cluster, startCluster } from './cluster';
import { metricSum, type Pago, startPago } from './pago';
import { UUIDV7_BEFORE_18 } from './pg15';
import { haReport, type Scenario } from './report';
import {
  type Attempt,
  createCards,
  createWallets,
  fundEveryone,
  quantile,
  runTraffic,
  type Send,
  type Traffic,
} from './traffic';
import { check, checkLedger, tally, waitForRejoin } from './verify';

const P2P_LOOPS = Number(process.env.BENCH_HA_P2P ?? 12);
const CARD_LOOPS = Number(process.env.BENCH_HA_CARDS ?? 4);
const BEFORE_FAULT_MS = 8_000;
const AFTER_PROMOTION_MS = 10_000;
const STEADY_MS = 10_000;

const origin = performance.now();
const clock = () => performance.now() - origin;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The longest stretch (ms) between two consecutive acknowledged sends, and where it began. */
function longestGap(sends: Send[], from: number, to: number): { ms: number; at: number } {
  const done = sends
    .filter((s) => s.id && s.doneAt >= from && s.doneAt <= to)
    .map((s) => s.doneAt)
    .sort((a, b) => a - b);
  let gap = { ms: 0, at: from };
  for (let i = 1; i < done.length; i++) {
    const ms = (done[i] as number) - (done[i - 1] as number);
    if (ms > gap.ms) gap = { ms, at: done[i - 1] as number };
  }
  return gap;
}

type Context = {
  cluster: Cluster;
  pago: Pago;
  db: Database;
  baseUrl: string;
  traffic: Omit<Parameters<typeof runTraffic>[0], 'stop' | 'clock'>;
  all: Traffic;
};

function merge(into: Traffic, from: Traffic) {
  into.attempts.push(...from.attempts);
  into.sends.push(...from.sends);
  into.approved.push(...from.approved);
  into.declined += from.declined;
}

/** Load, the fault at BEFORE_FAULT_MS, promotion, AFTER_PROMOTION_MS more load; then the checks. */
async function failover(
  ctx: Context,
  what: string,
  fault: (primary: string) => Promise<void>,
  rejoin: (primary: string) => void,
): Promise<Scenario> {
  const { cluster } = ctx;
  const old = await cluster.primaryName();
  console.log(`${what}: the primary is ${old}`);
  let release = () => {};
  const stop = new Promise<void>((r) => {
    release = r;
  });
  const startedAt = clock();
  const logFromLine = ctx.pago.lines();
  const watching = watchMetrics(ctx.pago, stop);
  const running = runTraffic({ ...ctx.traffic, clock, stop });
  await wait(BEFORE_FAULT_MS);
  const logFrom = cluster.log(old).length;
  const faultAt = clock();
  await fault(old);
  let promoted = '';
  for (;;) {
    const members = await cluster.members();
    const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
    if (leader && leader.name !== old) {
      promoted = leader.name;
      break;
    }
    if (clock() - faultAt > 120_000) throw new Error(`${what}: no replica was promoted in 120 s`);
    await wait(100);
  }
  const promotedAt = clock();
  console.log(
    `  ${promoted} promoted ${((promotedAt - faultAt) / 1000).toFixed(1)} s after the fault`,
  );
  // The old primary comes back while the load goes on (after a stopped Patroni: started again).
  rejoin(old);
  const rejoining = waitForRejoin(cluster, ctx.db, old, logFrom).then((r) => ({
    ...r,
    at: clock(),
  }));
  await wait(AFTER_PROMOTION_MS);
  release();
  const traffic = await running;
  const metrics = await watching;
  const endedAt = clock();
  console.log(
    `  /metrics: 503s +${metrics.served503}, 500s +${metrics.served500}, pool waiting up to ${metrics.maxPoolWaiting}, database unreadable in ${metrics.dbDown} of ${metrics.scrapes} scrapes`,
  );
  merge(ctx.all, traffic);
  const during = traffic.attempts.filter((a) => a.at >= startedAt);
  const dbErrors = [...ctx.pago.unavailableErrors(logFromLine)].sort((a, b) => b[1] - a[1]);
  const errorLines = ctx.pago.errors(logFromLine);
  console.log(`  what the 503s met: ${dbErrors.map(([e, n]) => `${n} × ${e}`).join('; ')}`);
  if (errorLines.length > 0)
    console.log(`  error lines in Pago's log: ${errorLines.slice(0, 5).join(' | ')}`);
  const gap = longestGap(traffic.sends, startedAt, endedAt);
  const fiveHundreds = during.filter((a) => a.status >= 500 && a.status !== 503);
  console.log(`  answers: ${tally(during)}`);
  check(fiveHundreds.length === 0, 'no answer was a 500 (or another 5xx than 503)', tally(during));
  check(
    during.every((a) => !a.noRetryAfter),
    'every 503 carried Retry-After',
  );
  check(metrics.served500 === 0, "Pago's /metrics counted no 500 meanwhile");
  check(
    traffic.sends.some((s) => s.id && s.doneAt > promotedAt),
    'Pago writes again on the new primary without a restart',
  );

  const rejoined = await rejoining;
  const rejoinSeconds = (rejoined.at - faultAt) / 1000;
  console.log(
    `  ✓ ${old} streams from ${promoted} again (${rejoined.syncState}), ${rejoinSeconds.toFixed(1)} s after the fault`,
  );
  const since = new Date(Date.now() - (clock() - promotedAt));
  const ledger = await checkLedger(ctx.db, ctx.baseUrl, ctx.all, clock, since);
  check(ledger.lost === 0, `all ${ledger.acknowledged} acknowledged sends of the drill exist`);
  check(
    ledger.cardsApproved > 0 && ledger.cardsLost === 0,
    `all ${ledger.cardsApproved} approved card purchases hold money`,
    'no card purchase was approved: the card load did not run',
  );
  check(
    ledger.p2pInDatabase === ledger.acknowledged,
    `the database holds exactly ${ledger.acknowledged} P2P transfers: none applied twice`,
    `${ledger.p2pInDatabase} in the database`,
  );
  check(ledger.replayed === 200, 'the last 200 sends posted again with their key: the same answer');
  check(ledger.violations === 0, 'ledger invariants hold (findInvariantViolations finds nothing)');
  check(
    ledger.jobsCompletedSince > 0,
    `${ledger.jobsCompletedSince} jobs queued after the promotion ran`,
  );

  const steady = await measureSteady(ctx);
  console.log(`  after recovery: P2P p99 ${steady.p2pP99} ms, card p99 ${steady.cardP99} ms`);
  const count = (kind: Attempt['kind'], status: number) =>
    during.filter((a) => a.kind === kind && a.status === status).length;
  return {
    what,
    old,
    promoted,
    promotionSeconds: (promotedAt - faultAt) / 1000,
    withoutWritesSeconds: gap.ms / 1000,
    p2p503: count('p2p', 503),
    card503: count('card', 503),
    cardDeclined: traffic.declined,
    fiveHundreds: fiveHundreds.length,
    noAnswer: count('p2p', 0) + count('card', 0),
    rejoin: { ...rejoined, seconds: rejoinSeconds },
    dbErrors,
    errorLines: errorLines.length,
    ledger,
    steady,
    metrics,
  };
}

/**
 * Pago's own view of the failover, scraped from `/metrics` every 500 ms until `stop`: the 503s
 * and 500s it answered meanwhile (counter deltas), the most queries waiting for a connection, and
 * how many scrapes could not read PostgreSQL (`pago_metrics_db_up` 0).
 */
async function watchMetrics(pago: Pago, stop: Promise<void>): Promise<Scenario['metrics']> {
  const counters = (m: Awaited<ReturnType<Pago['metrics']>>) => ({
    s503: metricSum(m, 'pago_http_503_responses_total'),
    s500: metricSum(m, 'pago_http_5xx_responses_total', { status: '500' }),
  });
  const first = counters(await pago.metrics());
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let scrapes = 0;
  let dbDown = 0;
  let maxPoolWaiting = 0;
  let last = first;
  while (!stopped) {
    const m = await pago.metrics().catch(() => null);
    if (m) {
      scrapes += 1;
      if (metricSum(m, 'pago_metrics_db_up') === 0) dbDown += 1;
      maxPoolWaiting = Math.max(maxPoolWaiting, metricSum(m, 'pago_db_pool_waiting'));
      last = counters(m);
    }
    await wait(500);
  }
  last = counters(await pago.metrics());
  return {
    served503: last.s503 - first.s503,
    served500: last.s500 - first.s500,
    maxPoolWaiting,
    dbDown,
    scrapes,
  };
}

async function measureSteady(ctx: Context) {
  let release = () => {};
  const stop = new Promise<void>((r) => {
    release = r;
  });
  const running = runTraffic({ ...ctx.traffic, clock, stop });
  await wait(STEADY_MS);
  release();
  const traffic = await running;
  merge(ctx.all, traffic);
  console.log(`  answers: ${tally(traffic.attempts)}`);
  const ok = (kind: Attempt['kind'], status: number) =>
    traffic.attempts.filter((a) => a.kind === kind && a.status === status).map((a) => a.ms);
  return {
    p2pPerSecond: Math.round(ok('p2p', 201).length / (STEADY_MS / 1000)),
    p2pP99: Math.round(quantile(ok('p2p', 201), 0.99)),
    cardPerSecond: Math.round(ok('card', 200).length / (STEADY_MS / 1000)),
    cardP99: Math.round(quantile(ok('card', 200), 0.99)),
    errors: traffic.attempts.filter((a) => a.status !== 201 && a.status !== 200).length,
  };
}

async function main() {
  const workDir = tempDataDir('pago-ha-');
  let cluster: Cluster | undefined;
  let server: Pago | undefined;
  let db: Database | undefined;
  try {
    const t0 = clock();
    // WAL archiving into pgBackRest's repository from the start, so the failovers are archived too.
    const backup = pgbackrestSetup(workDir);
    cluster = await startCluster({
      workDir: path.join(workDir, 'cluster'),
      nodes: 3,
      postgresParameters: backup.parameters,
      bootstrapSql: 'create database pago',
    });
    setBackupNodes(backup, clusterBackupNodes(cluster.nodes));
    const clusterSeconds = (clock() - t0) / 1000;
    console.log(
      `Cluster up in ${clusterSeconds.toFixed(1)} s: ${JSON.stringify(await cluster.members())}`,
    );
    const client = new pg.Client({ connectionString: cluster.primaryUrl('pago') });
    await client.connect();
    await client.query(UUIDV7_BEFORE_18);
    const version = (await client.query('show server_version')).rows[0]?.server_version as string;
    // synchronous_mode in effect: Patroni has named a synchronous standby, and it streams as `sync`.
    for (let i = 0; ; i++) {
      const { rows } = await client.query<{ names: string; commit: string; sync: number }>(
        `select current_setting('synchronous_standby_names') as names,
                current_setting('synchronous_commit') as commit,
                (select count(*)::int from pg_stat_replication where sync_state = 'sync') as sync`,
      );
      const row = rows[0];
      if (row && row.names !== '' && row.sync === 1 && row.commit === 'on') {
        console.log(`  ✓ synchronous replication: standby ${row.names}, synchronous_commit = on`);
        break;
      }
      if (i > 120) throw new Error(`No synchronous standby after 60 s: ${JSON.stringify(row)}`);
      await wait(500);
    }
    server = await startPago({ DATABASE_URL: cluster.primaryUrl('pago'), PAGO_PROCESSES: '2' });
    console.log(`Pago up (2 API processes, migrations applied on PostgreSQL ${version})`);
    const wallets = await createWallets(client, 60);
    const cards = await createCards(client, 300);
    await fundEveryone(client, 1_000_000);
    await client.end();
    await createStanza(backup);
    db = createDatabase(cluster.primaryUrl('pago'), { max: 4 });
    const ctx: Context = {
      cluster,
      pago: server,
      db,
      baseUrl: server.baseUrl,
      traffic: {
        baseUrl: server.baseUrl,
        wallets,
        cards,
        p2pLoops: P2P_LOOPS,
        cardLoops: CARD_LOOPS,
      },
      all: { attempts: [], sends: [], approved: [], declined: 0 },
    };
    console.log('Warm-up (not measured), then the steady state before any fault:');
    await measureSteady(ctx);
    const before = await measureSteady(ctx);
    console.log(
      `  P2P ${before.p2pPerSecond}/s p99 ${before.p2pP99} ms; cards ${before.cardPerSecond}/s p99 ${before.cardP99} ms`,
    );

    const scenarios: Scenario[] = [];
    const c = cluster;
    scenarios.push(
      await failover(
        ctx,
        "SIGKILL to the primary's postmaster",
        async (primary) => c.killPostmaster(primary),
        () => {}, // its Patroni stays up: it starts the node again as a replica (pg_rewind)
      ),
    );
    scenarios.push(
      await failover(
        ctx,
        "SIGTERM to the primary's Patroni",
        (primary) => c.stopPatroni(primary),
        (primary) => c.startPatroni(primary),
      ),
    );
    const report = haReport({
      version,
      clusterSeconds,
      before,
      scenarios,
      p2pLoops: P2P_LOOPS,
      cardLoops: CARD_LOOPS,
      loadAverage: os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', '),
    });
    replaceSection('ha', report);
    console.log(`${report}\n\nFailover drill passed; docs/benchmarks.md updated.`);

    // The restore drill (bench/ha/backup.ts) on the same cluster, with Pago stopped: its point in
    // time needs a ledger no one else writes to.
    await server.stop();
    const figures = await runBackupDrill({
      setup: backup,
      sourceUrl: cluster.primaryUrl('pago'),
      scratchDir: path.join(workDir, 'restore'),
      scratchPort: await freePort(),
    });
    writeBackupSection(
      figures,
      "the primary of bench:ha's 3-node Patroni cluster (through HAProxy), after its two failovers",
    );
    check(
      figures.ok,
      'restore drill: the transfers counted equal the source at the point in time, invariants hold',
    );
  } catch (error) {
    for (const node of cluster?.nodes ?? []) {
      console.error(
        `--- ${node.name} (last lines) ---\n${cluster?.log(node.name).split('\n').slice(-25).join('\n')}`,
      );
    }
    throw error;
  } finally {
    await db?.destroy().catch(() => {});
    await server?.stop();
    await cluster?.stop();
    if (!process.env.BENCH_HA_KEEP) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
