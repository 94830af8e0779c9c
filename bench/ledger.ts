// `npm run bench:ledger`: against the built server on the embedded PostgreSQL (default
// durability), autocannon at 32 connections for BENCH_SECONDS each: authenticated balance reads,
// then P2P transfers across BENCH_WALLETS funded wallets (real sessions, one Idempotency-Key per
// request), then a hot-wallet run (every transfer from one of 10 wallets that already have 10,000
// transfers this month), then `ledger_post` and `transfer_send` alone over raw SQL. Writes
// transfers/s as a ratio of the read rate, latency, the CPU each operation cost the server and
// PostgreSQL, errors, the invariant check after each run, and the cost of each statement of a
// send (auto_explain). BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the
// server. `pgledger` (bench/pgledger, installed in a schema of its own in the same cluster) runs
// beside `ledger_post` on as many clients, each raw run with its WAL bytes and full-page images.
// BENCH_LEDGER_ONLY=hot (or spread) runs only that run, printing what PostgreSQL waited on (sampled).
// BENCH_LEDGER_ONLY=pgledger runs only that comparison (same seeding, no HTTP runs) and prints it
// without writing docs/benchmarks.md; BENCH_LEDGER_SQL is SQL run before it, or before the hot or
// spread run alone (to try a change).
// BENCH_LEDGER_ONLY=walstats prints the WAL a `ledger_post` and a pgledger transfer write, by
// record type. BENCH_LEDGER_ONLY=serial prints the CPU one transfer costs PostgreSQL's backend,
// piece by piece (bench/ledger-serial.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VERIFIED_IDENTITY } from '@pago/shared/contracts/accounts';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded-postgres';
import { PAYEE_LOOKUP_RULES } from '../apps/server/src/features/accounts/accounts.service';
import { findInvariantViolations } from '../apps/server/src/features/ledger/ledger.repository';
import { startServer, tempDataDir } from '../e2e/support/server-process';
import { withCpu as measureCpu } from './cpu';
import { backgroundDone, emailsDrained } from './drain';
import { costTable, explainCall, sampleActivity, sampleCounts } from './explain';
import { serialCost } from './ledger-serial';
import { replaceSection } from './report';

const WALLETS = Number(process.env.BENCH_WALLETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 32;
const TARGET_P99_MS = 100;
/** Transfers/s as a share of authenticated balance reads/s on the same server. */
const TARGET_RATIO = { spread: 0.4, hot: 0.3 };
const HOT_SENDERS = 10;
const HOT_HISTORY = 10_000;
/** As the server sends them (features/transfers/send-batcher.ts): up to 32 a batch, 2 at once. */
const BATCH_SIZE = 32;
const BATCH_CLIENTS = 2;
/** Unmeasured load first, so that no run is measured on a cold server. */
const WARMUP_SECONDS = 5;
/**
 * `ledger_post` and pgledger run in turns of SECONDS / TURNS each, one after the other, so that a
 * load on the machine that moves during the bench weighs on both alike.
 */
const TURNS = 3;
/** `pgledger`: only `ledger_post` beside pgledger, printed, not written to the report. */
const ONLY = process.env.BENCH_LEDGER_ONLY;
const TRY_SQL = process.env.BENCH_LEDGER_SQL;

type Wallet = { id: string; token: string; phone: string };

async function connect(dataDir: string, searchPath?: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: runningEmbeddedUrl(dataDir),
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  await client.connect();
  return client;
}

/**
 * Setup, not measured: users, sessions and funding written straight into the database (the
 * sign-up path hashes a password per user, which would take minutes for 10,000); phones are
 * written verified, as after the SMS code, so sends to them are P2P. Funding is a
 * real double-entry deposit per wallet, so the invariant check covers it.
 */
async function createWallets(client: pg.Client): Promise<Wallet[]> {
  const wallets: Wallet[] = [];
  const rows: string[] = [];
  for (let i = 0; i < WALLETS; i++) {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const phone = `+1212${String(2000000 + i).padStart(7, '0')}`;
    wallets.push({ id, token, phone });
    rows.push(
      `('${id}', 'Bench ${i}', 'bench_${i}', 'bench${i}@example.com', '${phone}', 'completed', 'x', '\\x${createHash('sha256').update(token).digest('hex')}')`,
    );
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).join(',');
    await client.query(`
      with input (id, name, username, email, phone, kyc_status, password_hash, token_hash) as (values ${chunk}),
      u as (insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
            select id::uuid, name, username, email, phone, true, kyc_status, password_hash, '10001' from input returning id)
      insert into sessions (token_hash, user_id, expires_at)
      select token_hash::bytea, id::uuid, now() + interval '12 hours' from input`);
  }
  await client.query(`
    with w as (insert into ledger_accounts (user_id) select id from users where username like 'bench\\_%' returning id, user_id),
    t as (insert into ledger_transfers (kind, status, user_id, amount_cents, counts_toward_limits)
          select 'deposit', 'completed', user_id, 1000000, false from w returning id, user_id),
    fc as (select id from ledger_accounts where system_role = 'funding_clearing')
    insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
    select t.id, w.id, 1000000, 1000000 from t join w using (user_id)
    union all
    select t.id, fc.id, -1000000, 0 from t, fc`);
  await client.query(
    `update ledger_accounts set balance_cents = 1000000 where user_id in (select id from users where username like 'bench\\_%')`,
  );
  await client.query(
    `update ledger_accounts set balance_cents = (select coalesce(sum(amount_cents), 0) from ledger_entries where account_id = ledger_accounts.id) where system_role = 'funding_clearing'`,
  );
  // The benchmark measures transfers, not the session's idle renewal window.
  return wallets;
}

/**
 * pgledger (https://github.com/pgr0ss/pgledger, its SQL unchanged in bench/pgledger) installed
 * into the schema `pgledger` of the bench's cluster, with one account per wallet that may not go
 * negative, each holding what a wallet holds (its balance set, as the wallets' funding is written
 * straight into the database). Its clients reach it through their search_path.
 */
async function installPgledger(client: pg.Client): Promise<string[]> {
  const dir = path.join(import.meta.dirname, 'pgledger');
  await client.query('create schema pgledger');
  await client.query('set search_path = pgledger, public');
  for (const file of ['uuid-to-ulid.sql', 'pgledger.sql']) {
    await client.query(fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  const { rows } = await client.query(
    `insert into pgledger_accounts (name, currency, balance, allow_negative_balance,
       allow_positive_balance, created_at, updated_at)
     select 'bench ' || g, 'USD', 1000000, false, true, now(), now() from generate_series(1, $1) g
     returning id`,
    [WALLETS],
  );
  await client.query('reset search_path');
  return rows.map((row) => row.id as string);
}

/** One pgledger transfer of one unit between two random accounts. */
function pgledgerCall(accounts: string[]): [string, unknown[]] {
  const from = pick(accounts);
  let to = pick(accounts);
  if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length] as string;
  return ['select id from pgledger_create_transfer($1, $2, 1)', [from, to]];
}

/**
 * The seeded history stands for transfers made before the bench, which transaction monitoring
 * evaluated when they were made: marked evaluated, so the server's `monitoring-evaluate` job does
 * not spend the runs evaluating 100,000 of them (their random ids sort after its time floor). It
 * evaluates the runs' own transfers, as it would in production.
 */
async function historyMonitored(client: pg.Client) {
  await client.query(
    `insert into monitoring_evaluated (transfer_id) select id from ledger_transfers
     on conflict (transfer_id) do nothing`,
  );
}

/**
 * Waits until the server's sanctions job has screened every user (as it screens a sign-up within
 * seconds): the bench's wallets are inserted at once, and a send with a party not screened yet
 * takes the handler's screening path, so unscreened wallets would measure that instead.
 */
async function usersScreened(client: pg.Client): Promise<{ unscreened: number; seconds: number }> {
  const started = performance.now();
  const left = async () =>
    Number(
      (
        await client.query(
          'select count(*) as n from users where sanctions_name_changed_at is not null',
        )
      ).rows[0].n,
    );
  const unscreened = await left();
  // The job screens a burst as fast as screening goes (about 100 users a second on this machine,
  // 2026-11-28); it screened 100 every 5 s before, and 10,000 wallets took over 10 min.
  const deadline = Date.now() + 30 * 60_000;
  for (let n = unscreened; n > 0; n = await left()) {
    if (Date.now() > deadline) throw new Error(`${n} users still unscreened after 30 min`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { unscreened, seconds: (performance.now() - started) / 1000 };
}

/** The design's three invariants, counted by the server's own check. */
async function invariants(dataDir: string) {
  const db = createDatabase(runningEmbeddedUrl(dataDir), { max: 1 });
  try {
    const found = await findInvariantViolations(db);
    return {
      unbalanced: found.unbalancedTransfers.length,
      drifted: found.driftedAccounts.length,
      negative: found.negativeUserAccounts.length,
    };
  } finally {
    await db.destroy();
  }
}

/**
 * Setup, not measured: HOT_HISTORY transfers this month from each hot sender, written as real
 * double-entry P2P transfers (one transfer row and two entries each, balances moved to match) in
 * one statement per table, so the invariant check covers them. Where the running limit totals
 * exist (migration 0010) they are rebuilt for these senders the way the migration backfills them.
 */
async function seedHotHistory(client: pg.Client, hot: Wallet[], sink: Wallet) {
  await client.query(
    `create temp table seed as
     select gen_random_uuid() as id, s.user_id, g,
            greatest(date_trunc('month', now() at time zone 'America/New_York') at time zone 'America/New_York',
                     now() - g * interval '100 ms') as at
     from unnest($1::uuid[]) as s(user_id), generate_series(1, $2::int) g`,
    [hot.map((w) => w.id), HOT_HISTORY],
  );
  await client.query(
    `insert into ledger_transfers (id, kind, status, user_id, counterparty_user_id, amount_cents,
       counts_toward_limits, metadata, created_at, updated_at)
     select id, 'p2p', 'completed', user_id, $1, 1, true, '{}', at, at from seed`,
    [sink.id],
  );
  await client.query(
    `insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
     select s.id, a.id, -1, 1000000 - s.g from seed s join ledger_accounts a on a.user_id = s.user_id
     union all
     select s.id, r.id, 1, 1000000 + s.g from seed s, ledger_accounts r where r.user_id = $1`,
    [sink.id],
  );
  await client.query(
    `update ledger_accounts a set balance_cents = (select sum(amount_cents) from ledger_entries e where e.account_id = a.id)
     where a.user_id = any($1::uuid[])`,
    [[...hot.map((w) => w.id), sink.id]],
  );
  const { rows } = await client.query(
    `select to_regclass('ledger_limit_usage') is not null as has`,
  );
  if (rows[0]?.has) {
    await client.query(
      `insert into ledger_limit_usage (user_id, period, starts_on, used_cents)
       select user_id, 'day', (t.created_at at time zone 'America/New_York')::date, sum(amount_cents)
       from ledger_transfers t
       where t.user_id = any($1::uuid[]) and t.counts_toward_limits and t.status not in ('failed', 'refunded')
       group by 1, 2, 3
       on conflict (user_id, period, starts_on) do update set used_cents = excluded.used_cents`,
      [hot.map((w) => w.id)],
    );
  }
  // The seeded history is old news to transaction monitoring too (features/monitoring): its
  // random ids sort after the job's time-ordered floor, so the job would evaluate all of it during
  // the runs, each evaluation reading the hot sender's and the receiver's whole history.
  const { rows: monitored } = await client.query(
    `select to_regclass('monitoring_evaluated') is not null as has`,
  );
  if (monitored[0]?.has) {
    await client.query(
      'insert into monitoring_evaluated (transfer_id) select id from seed on conflict do nothing',
    );
  }
  await client.query('drop table seed');
  // The seeded history is old news: its receiver's notifications are not e-mailed during the runs.
  await client.query(
    `update notifications set email_status = 'skipped' where email_status = 'pending'`,
  );
  // Vacuumed now, so that autovacuum does not take its turn during a measured run.
  await client.query('vacuum analyze');
}

const LIMITS = JSON.stringify({ perTransaction: 99_900, daily: 250_000, monthly: 1_000_000 });
/** `transfer_send`'s four slots; the bench's answer ('{}') holds none of them. */
const SLOTS = ['"id"', '"userId"', '"name"', '"username"'];

/** The send's one statement (`transfer_send`) alone: what the server asks after the session. */
function transferSendCall(from: Wallet, to: Wallet): [string, unknown[]] {
  return [
    `select status_code from transfer_send($1, $2, $3, $4, 'MX', 1, null, null, $5::jsonb, now(),
       $6::jsonb, 201, '{}', $7::text[])`,
    [
      from.id,
      randomUUID(),
      randomBytes(32),
      to.phone,
      JSON.stringify({ recipientPhone: to.phone, recipientCountry: 'MX' }),
      LIMITS,
      SLOTS,
    ],
  ];
}

/**
 * Sends as the server makes them (migration 0019): many in one `transfer_send_batch` statement,
 * each sender named by its session's token hash, the session checked in the statement.
 */
function transferBatchCall(pairs: [Wallet, Wallet][]): [string, unknown[]] {
  return [
    `select r_status, r_sqlstate from transfer_send_batch($1::uuid[], $2::bytea[], 30, $3::jsonb,
       $4::text[], $5::bytea[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::uuid[],
       $11::jsonb[], $12::timestamptz[], $13::jsonb, 201, $14::text[], $15::text[], $16::text[],
       $17::jsonb)`,
    [
      pairs.map(() => null),
      pairs.map(([from]) => createHash('sha256').update(from.token).digest()),
      JSON.stringify(VERIFIED_IDENTITY),
      pairs.map(() => randomUUID()),
      pairs.map(() => randomBytes(32)),
      pairs.map(([, to]) => to.phone),
      pairs.map(() => 'MX'),
      pairs.map(() => 1),
      pairs.map(() => null),
      pairs.map(() => null),
      pairs.map(([, to]) => JSON.stringify({ recipientPhone: to.phone, recipientCountry: 'MX' })),
      pairs.map(() => new Date()),
      LIMITS,
      pairs.map(() => '{}'),
      SLOTS,
      // The look-up budget's check, as the server asks it (migration 0029).
      pairs.map(() => '127.0.0.1'),
      JSON.stringify(PAYEE_LOOKUP_RULES),
    ],
  ];
}

/**
 * The statements of one P2P send as the server makes it when it arrives alone, each with its time
 * and buffers (see explain.ts): one `transfer_send_batch` (migration 0019) with what it runs
 * inside, the session check first.
 */
async function explainSend(client: pg.Client, from: Wallet, to: Wallet) {
  return explainCall(client, ...transferBatchCall([[from, to]]));
}

/** `ledger_post` alone, as the issue measured it: no HTTP, no session, no idempotency. */
function ledgerPostCall(from: Wallet, to: Wallet, counts = true): [string, unknown[]] {
  return [
    `select id from ledger_post('p2p', 'completed', $1, $2, 1, 0, ${counts}, null, $3::jsonb,
       null, now(), $4::jsonb, $5::jsonb)`,
    [
      from.id,
      to.id,
      JSON.stringify({ recipientPhone: to.phone, recipientCountry: 'MX' }),
      JSON.stringify([
        { user_id: from.id, amount: -1 },
        { user_id: to.id, amount: 1 },
      ]),
      LIMITS,
    ],
  ];
}

/**
 * `call` again and again on each of `clients` connections for SECONDS: what it moved per second
 * (the operations it reports done), with each call's latency.
 */
async function rawRun(
  dataDir: string,
  clients: number,
  call: (client: pg.Client) => Promise<{ done: number; failed: number }>,
  searchPath?: string,
  seconds = SECONDS,
): Promise<RunResult> {
  const connections = await Promise.all(
    Array.from({ length: clients }, () => connect(dataDir, searchPath)),
  );
  const latencies: number[] = [];
  let done = 0;
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      connections.map(async (client) => {
        while (Date.now() < end) {
          const started = performance.now();
          const result = await call(client);
          latencies.push(performance.now() - started);
          done += result.done;
          errors += result.failed;
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
  latencies.sort((x, y) => x - y);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return { perSecond: Math.round(done / seconds), p50: at(0.5), p99: at(0.99), errors, done };
}

/**
 * One statement at a time on each of CONNECTIONS clients for SECONDS, between random wallets,
 * each its own transaction.
 */
function rawStatement(
  dataDir: string,
  wallets: Wallet[],
  statement: (from: Wallet, to: Wallet) => [string, unknown[]],
  seconds = SECONDS,
): Promise<RunResult> {
  return rawRun(
    dataDir,
    CONNECTIONS,
    async (client) => {
      try {
        await client.query(...statement(...pair(wallets, wallets)));
        return { done: 1, failed: 0 };
      } catch {
        return { done: 0, failed: 1 };
      }
    },
    undefined,
    seconds,
  );
}

/** pgledger's transfers, one a statement on each of CONNECTIONS clients, as `ledger_post`'s. */
function rawPgledger(dataDir: string, accounts: string[], seconds = SECONDS): Promise<RunResult> {
  return rawRun(
    dataDir,
    CONNECTIONS,
    async (client) => {
      try {
        await client.query(...pgledgerCall(accounts));
        return { done: 1, failed: 0 };
      } catch {
        return { done: 0, failed: 1 };
      }
    },
    'pgledger,public',
    seconds,
  );
}

/**
 * Sends in batches as the server makes them: BATCH_SIZE per `transfer_send_batch` statement, on
 * as many clients as the server keeps batches in flight, for SECONDS.
 */
function rawBatches(dataDir: string, senders: Wallet[], all: Wallet[]): Promise<RunResult> {
  return rawRun(dataDir, BATCH_CLIENTS, async (client) => {
    const pairs = Array.from({ length: BATCH_SIZE }, () => pair(senders, all));
    try {
      const { rows } = await client.query(...transferBatchCall(pairs));
      const done = rows.filter((row) => row.r_status === 201).length;
      return { done, failed: rows.length - done };
    } catch {
      return { done: 0, failed: BATCH_SIZE };
    }
  });
}

type RunResult = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per operation of the server process and of all of PostgreSQL's. */
  cpu?: { server: number; postgres: number };
  /** WAL written per operation: bytes (LSN difference) and full-page images (pg_stat_wal). */
  wal?: { bytes: number; fpi: number };
  /** Operations done (raw runs), when the run was not SECONDS long. */
  done?: number;
};

/** Turns of one run as one: rates over their whole time, costs per operation over all of them. */
function combine(turns: RunResult[], seconds: number): RunResult {
  const done = turns.reduce((total, t) => total + (t.done ?? 0), 0);
  const per = (value: (t: RunResult) => number) =>
    turns.reduce((total, t) => total + value(t) * (t.done ?? 0), 0) / Math.max(1, done);
  const sorted = (values: number[]) => values.sort((x, y) => x - y);
  return {
    perSecond: Math.round(done / seconds),
    p50: sorted(turns.map((t) => t.p50))[Math.floor(turns.length / 2)] ?? 0,
    p99: Math.max(...turns.map((t) => t.p99)),
    errors: turns.reduce((total, t) => total + t.errors, 0),
    done,
    cpu: { server: per((t) => t.cpu?.server ?? 0), postgres: per((t) => t.cpu?.postgres ?? 0) },
    wal: { bytes: per((t) => t.wal?.bytes ?? 0), fpi: per((t) => t.wal?.fpi ?? 0) },
  };
}

/** The cluster's WAL position and full-page images written so far. */
async function walNow(client: pg.Client): Promise<{ lsn: bigint; fpi: bigint }> {
  const { rows } = await client.query(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn, wal_fpi::text as fpi
     from pg_stat_wal`,
  );
  return { lsn: BigInt(rows[0].lsn), fpi: BigInt(rows[0].fpi) };
}

/**
 * `run` (a raw SQL run: its connections end with it, so their WAL statistics are flushed), with
 * its CPU and the WAL it wrote per operation. A checkpoint first, so that every run starts where
 * each page's next change writes a full-page image, as after any checkpoint.
 */
async function withWal(
  client: pg.Client,
  dataDir: string,
  run: () => Promise<RunResult>,
): Promise<RunResult> {
  await client.query('checkpoint');
  const before = await walNow(client);
  const result = await withCpu(dataDir, run);
  const after = await walNow(client);
  const ops = Math.max(1, result.done ?? result.perSecond * SECONDS);
  return {
    ...result,
    wal: {
      bytes: Number(after.lsn - before.lsn) / ops,
      fpi: Number(after.fpi - before.fpi) / ops,
    },
  };
}

/** `run`, with the CPU it cost the server and PostgreSQL per operation (bench/cpu.ts). */
const withCpu = (dataDir: string, run: () => Promise<RunResult>): Promise<RunResult> =>
  measureCpu(dataDir, run, (result) => result.done ?? result.perSecond * SECONDS);

async function load(
  options: autocannon.Options,
  setup: () => { headers: Record<string, string>; body?: string },
): Promise<RunResult> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    ...options,
    requests: [{ setupRequest: (request) => ({ ...request, ...setup() }) }],
  });
  if (result.non2xx + result.errors + result.timeouts > 0) {
    // What the failures were, so that a failed run says why (status codes, timeouts).
    console.log(
      'failures:',
      result.statusCodeStats,
      'errors',
      result.errors,
      'timeouts',
      result.timeouts,
    );
  }
  return {
    perSecond: Math.round(result['2xx'] / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

/** A random sender and a random other wallet to receive. */
function pair(senders: Wallet[], all: Wallet[]): [Wallet, Wallet] {
  const from = pick(senders);
  const to = pick(all);
  return [from, to.id === from.id ? (all[(all.indexOf(to) + 1) % all.length] as Wallet) : to];
}

/** Authenticated `GET /api/wallet/balance` by random wallets: the yardstick for transfers. */
function reads(baseUrl: string, wallets: Wallet[], duration = SECONDS) {
  return load({ url: `${baseUrl}/api/wallet/balance`, method: 'GET', duration }, () => ({
    headers: { authorization: `Bearer ${pick(wallets).token}` },
  }));
}

function transfers(baseUrl: string, senders: Wallet[], all: Wallet[], duration = SECONDS) {
  return load({ url: `${baseUrl}/api/transactions/send`, method: 'POST', duration }, () => {
    const [from, to] = pair(senders, all);
    return {
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${from.token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ recipientName: to.phone, recipientCountry: 'MX', amountUsd: 0.01 }),
    };
  });
}

/** `ledger_post` and pgledger alone, in alternating turns, printed (BENCH_LEDGER_ONLY). */
async function compareWithPgledger(
  client: pg.Client,
  dataDir: string,
  wallets: Wallet[],
  accounts: string[],
) {
  const turns = { post: [] as RunResult[], pgledger: [] as RunResult[] };
  for (let turn = 0; turn < TURNS; turn++) {
    turns.post.push(
      await withWal(client, dataDir, () =>
        rawStatement(dataDir, wallets, ledgerPostCall, SECONDS / TURNS),
      ),
    );
    turns.pgledger.push(
      await withWal(client, dataDir, () => rawPgledger(dataDir, accounts, SECONDS / TURNS)),
    );
    const [post, pgl] = [turns.post[turn], turns.pgledger[turn]] as [RunResult, RunResult];
    console.log(
      `turn ${turn + 1}: ledger_post ${post.perSecond}/s, pgledger ${pgl.perSecond}/s (${(post.perSecond / Math.max(1, pgl.perSecond)).toFixed(2)}×)`,
    );
  }
  const post = combine(turns.post, SECONDS);
  const pgl = combine(turns.pgledger, SECONDS);
  for (const [name, r] of [
    ['ledger_post', post],
    ['pgledger', pgl],
  ] as const) {
    console.log(
      `${name}: ${r.perSecond}/s (${(r.perSecond / Math.max(1, pgl.perSecond)).toFixed(2)}×), p99 ${r.p99} ms, PostgreSQL CPU ${r.cpu?.postgres.toFixed(2)} ms, WAL ${((r.wal?.bytes ?? 0) / 1024).toFixed(1)} KB, FPI ${r.wal?.fpi.toFixed(2)}, errors ${r.errors}`,
    );
  }
}

/** Turns every user's "money received" e-mail off: the outbox then only marks those skipped. */
async function receivedEmailsOff(client: pg.Client) {
  await client.query(
    `insert into notification_settings (user_id, email_off) select id, array['money_received'] from users
     on conflict (user_id) do update set email_off = excluded.email_off`,
  );
}

/**
 * The WAL one transfer writes, by record type (pg_walinspect), for `ledger_post` and for pgledger:
 * WAL_TRANSFERS transfers each, one after the other on one connection after a checkpoint. The
 * receivers' e-mails are off and their notifications' outbox work (marked skipped) is waited for
 * and counted, as part of what a transfer costs. Printed (BENCH_LEDGER_ONLY=walstats).
 */
async function walByRecordType(client: pg.Client, wallets: Wallet[], accounts: string[]) {
  const WAL_TRANSFERS = 5000;
  await client.query('create extension if not exists pg_walinspect');
  await receivedEmailsOff(client);
  for (const [name, searchPath, call] of [
    ['ledger_post', 'public', () => ledgerPostCall(...pair(wallets, wallets))],
    ['pgledger', 'pgledger, public', () => pgledgerCall(accounts)],
  ] as const) {
    await client.query(`set search_path = ${searchPath}`);
    await client.query('checkpoint');
    const lsn = async () =>
      (await client.query('select pg_current_wal_insert_lsn() as l')).rows[0].l;
    const start = await lsn();
    for (let i = 0; i < WAL_TRANSFERS; i++) await client.query(...call());
    await client.query('reset search_path');
    await emailsDrained(client);
    const { rows } = await client.query(
      `select "resource_manager/record_type" as type, count, record_size, fpi_size, combined_size
       from pg_get_wal_stats($1, $2, true) where count > 0 order by combined_size desc limit 12`,
      [start, await lsn()],
    );
    console.log(`${name}, per transfer: records, bytes (of which full-page images)`);
    for (const r of rows) {
      const per = (value: number) => (value / WAL_TRANSFERS).toFixed(0);
      console.log(
        `  ${r.type.padEnd(26)} ${(r.count / WAL_TRANSFERS).toFixed(2)}  ${per(r.combined_size)} B (${per(r.fpi_size)})`,
      );
    }
  }
}

async function main() {
  const dataDir = tempDataDir('pago-bench-ledger-');
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SESSION_IDLE_MINUTES: '1440',
  });
  const client = await connect(dataDir);
  try {
    console.log(`Creating ${WALLETS} funded wallets…`);
    const wallets = await createWallets(client);
    const hot = wallets.slice(0, HOT_SENDERS);
    const others = wallets.slice(HOT_SENDERS);
    console.log(
      `Seeding ${HOT_HISTORY} transfers this month for each of ${HOT_SENDERS} hot wallets…`,
    );
    await seedHotHistory(client, hot, others[0] as Wallet);
    await historyMonitored(client);
    const seeded = await invariants(dataDir);
    console.log(`Installing pgledger beside it, ${WALLETS} accounts…`);
    const pgledgerAccounts = await installPgledger(client);
    console.log('Users screened by the sanctions job:', await usersScreened(client));
    await client.query('vacuum analyze');

    if (ONLY === 'hot' || ONLY === 'spread') {
      if (TRY_SQL) await client.query(TRY_SQL);
      const senders = ONLY === 'hot' ? hot : others;
      await reads(server.baseUrl, wallets, WARMUP_SECONDS);
      await transfers(server.baseUrl, senders, wallets, WARMUP_SECONDS);
      console.log('e-mails drained', await emailsDrained(client));
      const [hotRun, samples] = await sampleActivity(client, () =>
        withCpu(dataDir, () => transfers(server.baseUrl, senders, wallets)),
      );
      const waits = sampleCounts(samples, (s) => `${s.wait} · ${s.query.trim()}`).map(
        ([key, n]) => `${n} ${key}`,
      );
      console.log(hotRun, waits.slice(0, 20));
      console.log('e-mails drained', await emailsDrained(client));
      return;
    }
    if (ONLY === 'serial') {
      await receivedEmailsOff(client);
      await serialCost(
        client,
        (searchPath) => connect(dataDir, searchPath),
        (counts) => () => ledgerPostCall(...pair(others, others), counts),
        () => pgledgerCall(pgledgerAccounts),
      );
      return;
    }
    if (ONLY === 'walstats') {
      await walByRecordType(client, others, pgledgerAccounts);
      return;
    }
    if (ONLY === 'pgledger') {
      if (TRY_SQL) await client.query(TRY_SQL);
      await compareWithPgledger(client, dataDir, others, pgledgerAccounts);
      return;
    }
    const explained = {
      spread: await explainSend(client, others[1] as Wallet, others[2] as Wallet),
      hot: await explainSend(client, hot[0] as Wallet, others[3] as Wallet),
    };
    console.log(`Warming up: ${WARMUP_SECONDS} s of reads, then of sends…`);
    await reads(server.baseUrl, wallets, WARMUP_SECONDS);
    await transfers(server.baseUrl, others, wallets, WARMUP_SECONDS);
    await backgroundDone(client);
    console.log(`Balance reads: ${CONNECTIONS} connections, ${SECONDS} s…`);
    const read = await withCpu(dataDir, () => reads(server.baseUrl, wallets));
    console.log(`Spread run…`);
    const spread = await withCpu(dataDir, () => transfers(server.baseUrl, others, wallets));
    const afterSpread = await invariants(dataDir);
    const spreadEmails = await backgroundDone(client);
    console.log(`Hot-wallet run…`);
    const hotRun = await withCpu(dataDir, () => transfers(server.baseUrl, hot, wallets));
    const afterHot = await invariants(dataDir);
    const hotEmails = await backgroundDone(client);
    // The raw runs below are not a user's send: their receivers' e-mails are turned off, so the
    // server's outbox only marks them skipped instead of e-mailing thousands while they run.
    await receivedEmailsOff(client);
    console.log(`ledger_post alone, raw SQL…`);
    const turns = { post: [] as RunResult[], pgledger: [] as RunResult[] };
    for (let turn = 0; turn < TURNS; turn++) {
      turns.post.push(
        await withWal(client, dataDir, () =>
          rawStatement(dataDir, others, ledgerPostCall, SECONDS / TURNS),
        ),
      );
      console.log(`pgledger alone, raw SQL, turn ${turn + 1} of ${TURNS}…`);
      turns.pgledger.push(
        await withWal(client, dataDir, () =>
          rawPgledger(dataDir, pgledgerAccounts, SECONDS / TURNS),
        ),
      );
    }
    const raw = combine(turns.post, SECONDS);
    const rawPg = combine(turns.pgledger, SECONDS);
    const afterRaw = await invariants(dataDir);
    console.log(`transfer_send alone, raw SQL…`);
    const rawSend = await withWal(client, dataDir, () =>
      rawStatement(dataDir, others, transferSendCall),
    );
    const afterRawSend = await invariants(dataDir);
    console.log(`transfer_send_batch, ${BATCH_SIZE} a statement, raw SQL…`);
    const rawBatch = await withWal(client, dataDir, () => rawBatches(dataDir, others, wallets));
    const afterRawBatch = await invariants(dataDir);
    // What integrity and time-ordered ids cost or save, on the same cluster, last (they change
    // the schema): `ledger_post` again with random transfer ids (as before migration 0034), then
    // also without 0033's keys and indexes on the send's tables (as after migration 0012).
    // The receiver's notification announced by a NOTIFY inside the money transaction, as before
    // notifications_announce.sql left the ledger's rows to be announced after their commit.
    console.log(`ledger_post with the notification's NOTIFY in its transaction…`);
    // The trigger as its file defines it, and the same without its `when`: one definition.
    const announceFile = fs.readFileSync(
      path.join(import.meta.dirname, '../apps/server/src/db/functions/notifications_announce.sql'),
      'utf8',
    );
    const announceTrigger = announceFile.slice(announceFile.search(/create or replace trigger/));
    if (!announceTrigger.includes('when (pg_trigger_depth() = 0)')) {
      throw new Error('notifications_announce.sql no longer announces at depth 0 only');
    }
    await client.query(announceTrigger.replace('when (pg_trigger_depth() = 0)', ''));
    const rawNotify = combine(
      [
        await withWal(client, dataDir, () =>
          rawStatement(dataDir, others, ledgerPostCall, SECONDS / TURNS),
        ),
      ],
      SECONDS / TURNS,
    );
    await client.query(announceTrigger);
    console.log(`ledger_post with random transfer ids…`);
    await client.query(
      'alter table ledger_transfers alter column id set default gen_random_uuid()',
    );
    const rawRandom = combine(
      [
        await withWal(client, dataDir, () =>
          rawStatement(dataDir, others, ledgerPostCall, SECONDS / TURNS),
        ),
      ],
      SECONDS / TURNS,
    );
    console.log(`ledger_post with random ids, without 0033's keys and indexes…`);
    await client.query(`
      alter table ledger_transfers drop constraint ledger_transfers_user_id_fkey,
        drop constraint ledger_transfers_counterparty_user_id_fkey;
      alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey,
        drop constraint ledger_entries_account_id_fkey;
      alter table ledger_limit_usage drop constraint ledger_limit_usage_user_id_fkey;
      drop index ledger_entries_account, ledger_entries_transfer`);
    const rawBare = combine(
      [
        await withWal(client, dataDir, () =>
          rawStatement(dataDir, others, ledgerPostCall, SECONDS / TURNS),
        ),
      ],
      SECONDS / TURNS,
    );

    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    const ratio = (r: RunResult) => r.perSecond / Math.max(1, read.perSecond);
    const cpu = (r: RunResult) =>
      r.cpu ? `${r.cpu.server.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} ms` : '—';
    const rawRow = (name: string, r: RunResult, inv: Awaited<ReturnType<typeof invariants>>) =>
      `| ${name} (raw SQL, ${CONNECTIONS} clients, no HTTP) | ${r.perSecond} | ${ratio(r).toFixed(2)}× | ${r.p50} ms | ${r.p99} ms | ${cpu(r)} | ${r.errors} | ${inv.unbalanced}/${inv.drifted}/${inv.negative} | — |`;
    const row = (
      name: string,
      r: RunResult,
      inv: Awaited<ReturnType<typeof invariants>>,
      target: number,
    ) =>
      `| ${name} | ${r.perSecond} | **${ratio(r).toFixed(2)}×** | ${r.p50} ms | ${r.p99} ms | ${cpu(r)} | ${r.errors} | ${inv.unbalanced}/${inv.drifted}/${inv.negative} | ≥ ${target}× reads, p99 ≤ ${TARGET_P99_MS} ms, 0 errors: ${met(ratio(r) >= target && r.p99 <= TARGET_P99_MS && r.errors === 0 && inv.unbalanced + inv.drifted + inv.negative === 0)} |`;
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, server, PostgreSQL and load generator sharing them): ${CONNECTIONS} connections, ${SECONDS} s per run, ${WALLETS.toLocaleString('en-US')} funded wallets, embedded PostgreSQL with default durability (synchronous_commit on, fsync on). Transfers are \`POST /api/transactions/send\` (P2P, $0.01, a new Idempotency-Key each); the yardstick is an authenticated \`GET /api/wallet/balance\` on the same server in the same run. Invariants after seeding: ${seeded.unbalanced}/${seeded.drifted}/${seeded.negative}. Each send e-mails its receiver from the job queue after it answered; the next run starts only once the server has e-mailed them all and transaction monitoring has evaluated them (after the spread run ${spreadEmails.pending.toLocaleString('en-US')} e-mails were still to go and took ${spreadEmails.seconds.toFixed(0)} s, after the hot run ${hotEmails.pending.toLocaleString('en-US')} took ${hotEmails.seconds.toFixed(0)} s); the seeded history's notifications are not e-mailed, and the raw runs' receivers have that e-mail turned off.`,
      '',
      '| run | per second | ÷ reads | p50 | p99 | CPU per op (server / PostgreSQL) | errors | invariants (unbalanced/drifted/negative) | target |',
      '|---|---|---|---|---|---|---|---|---|',
      `| balance reads | ${read.perSecond} | 1× | ${read.p50} ms | ${read.p99} ms | ${cpu(read)} | ${read.errors} | — | — |`,
      row(
        `P2P, random sender of ${others.length.toLocaleString('en-US')}`,
        spread,
        afterSpread,
        TARGET_RATIO.spread,
      ),
      row(
        `hot wallets (sender one of ${HOT_SENDERS}, each ≥ ${HOT_HISTORY.toLocaleString('en-US')} transfers this month)`,
        hotRun,
        afterHot,
        TARGET_RATIO.hot,
      ),
      rawRow('`ledger_post` alone', raw, afterRaw),
      rawRow(
        '`transfer_send` alone, one send a statement, no session check',
        rawSend,
        afterRawSend,
      ),
      `| pgledger's \`pgledger_create_transfer\` alone, same cluster (raw SQL, ${CONNECTIONS} clients, no HTTP) | ${rawPg.perSecond} | ${ratio(rawPg).toFixed(2)}× | ${rawPg.p50} ms | ${rawPg.p99} ms | ${cpu(rawPg)} | ${rawPg.errors} | — | — |`,
      `| \`transfer_send_batch\`, ${BATCH_SIZE} sends a statement with their session checks, ${BATCH_CLIENTS} at once (raw SQL, no HTTP) | ${rawBatch.perSecond} | ${ratio(rawBatch).toFixed(2)}× | ${rawBatch.p50} ms a batch | ${rawBatch.p99} ms a batch | ${cpu(rawBatch)} | ${rawBatch.errors} | ${afterRawBatch.unbalanced}/${afterRawBatch.drifted}/${afterRawBatch.negative} | — |`,
      '',
      `The money core beside pgledger (https://github.com/pgr0ss/pgledger, bench/pgledger) in the same cluster, ${CONNECTIONS} clients each, one transfer of one unit between two random accounts of ${WALLETS.toLocaleString('en-US')} a statement; \`ledger_post\` and pgledger in ${TURNS} alternating turns of ${SECONDS / TURNS} s each, the variants after them one turn each (they change the schema); a checkpoint before each turn; WAL per transfer from \`pg_current_wal_lsn()\` and full-page images from \`pg_stat_wal\`, the whole cluster's:`,
      '',
      '| run | transfers/s | ÷ pgledger | PostgreSQL CPU per transfer | WAL per transfer | full-page images per transfer |',
      '|---|---|---|---|---|---|',
      ...(
        [
          ['`ledger_post`', raw, 1],
          ['pgledger `pgledger_create_transfer`', rawPg, 1],
          [
            "`ledger_post` with the receiver's notification announced by a `NOTIFY` in its transaction (before it was announced after commit)",
            rawNotify,
            1,
          ],
          ['`ledger_post` with random transfer ids (before migration 0034)', rawRandom, 1],
          [
            "`ledger_post` with random ids and without 0033's keys and indexes (as after 0012)",
            rawBare,
            1,
          ],
          ['`transfer_send` (ledger_post + idempotency key, party look-up)', rawSend, 1],
          [
            `\`transfer_send_batch\` (${BATCH_SIZE} a statement, ${BATCH_CLIENTS} clients)`,
            rawBatch,
            1,
          ],
        ] as const
      ).map(
        ([name, r]) =>
          `| ${name} | ${r.perSecond} | **${(r.perSecond / Math.max(1, rawPg.perSecond)).toFixed(2)}×** | ${r.cpu?.postgres.toFixed(2)} ms | ${((r.wal?.bytes ?? 0) / 1024).toFixed(1)} KB | ${r.wal?.fpi.toFixed(2)} |`,
      ),
      `Target: \`ledger_post\` ≥ 1.0× pgledger's rate: ${met(raw.perSecond >= rawPg.perSecond)}.`,
      '',
      costTable(
        'One P2P send as the server sends it when it arrives alone (a batch of one, its session checked inside), statement by statement (`auto_explain`, ANALYZE + BUFFERS, warm plan cache), ordinary sender:',
        explained.spread,
      ),
      '',
      costTable('The same for a hot sender:', explained.hot),
    ];
    replaceSection('ledger', lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    await client.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
