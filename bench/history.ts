// `npm run bench:history`: what a user's reads cost as the ledger grows. Against the built server
// on the embedded PostgreSQL, one user (Ana) and the web's calls for her: the activity's first
// page, a later page, a month's CSV, that month's statement (PDF), one receipt by id and one by
// short reference, and the balance, each timed over HTTP on a ledger of 1,000 transfers, then
// again, the same calls, after the ledger has grown past BENCH_HISTORY_TRANSFERS transfers with
// Ana in BENCH_HISTORY_USER of them. The month's content is the same on both ledgers (its CSV
// and statement hold what the month holds); everything else grows. Target: every read within 2×
// of the small ledger, and no sequential scan of a money table in any read's plan (auto_explain,
// ANALYZE + BUFFERS, captured from the same routes run in this process). The ledger is seeded
// with set-based SQL: balanced double-entry transfers, balances moved to match, the invariant
// check run on the result.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded-postgres';
import { receiptReference } from '../apps/server/src/features/activity/receipt-reference';
import { findInvariantViolations } from '../apps/server/src/features/ledger/ledger.repository';
import {
  explainedDatabase,
  indexTables,
  MONEY_TABLES,
  moneyTableReads,
  planNodes,
  planText,
  type QueryPlan,
} from '../apps/server/test/query-plans';
import { startServer, tempDataDir } from '../e2e/support/server-process';
import { replaceSection } from './report';

const TOTAL = Number(process.env.BENCH_HISTORY_TRANSFERS ?? 1_000_000);
const ANA_TOTAL = Number(process.env.BENCH_HISTORY_USER ?? 20_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 40);
const WARMUP = 3;
const TARGET_RATIO = 2;
/** The small ledger: 1,000 transfers, Ana in 400 of them, MONTH_TRANSFERS in the month read. */
const SMALL = { friends: 20, ana: 400, total: 1000 };
const MONTH_TRANSFERS = 200;
/** The large ledger's people besides Ana and her friends. */
const OTHERS = 10_000;
/** As the web asks (apps/web/src/features/wallet/api/wallet.ts, ACTIVITY_PAGE_SIZE). */
const PAGE = 10;
/** The tables whose plans the report shows in full: the money tables and the partner's lines. */
const SHOWN_TABLES = [...MONEY_TABLES, 'sandbox_unit_transactions'];

type Person = { id: string; token: string };
type Read = { name: string; url: string };
type Timing = { median: number; p90: number };

const month = (() => {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    name: day(start).slice(0, 7),
    first: day(start),
    last: day(end),
    // Ana's transfers of the month fall between its 2nd and 27th day, away from any time zone's edge.
    from: new Date(start.getTime() + 86_400_000),
    to: new Date(start.getTime() + 26 * 86_400_000),
  };
})();

/** People written straight into the database with a session (sign-up hashes a password each). */
async function createPeople(client: pg.Client, prefix: string, count: number): Promise<Person[]> {
  const people = Array.from({ length: count }, () => ({
    id: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  }));
  for (let i = 0; i < people.length; i += 2000) {
    const chunk = people.slice(i, i + 2000);
    await client.query(
      `with input as (
         select * from unnest($1::uuid[], $2::bytea[], $3::int[]) as t(id, token_hash, n)),
       u as (insert into users (id, name, legal_name, username, email, phone, phone_verified, kyc_status,
               password_hash, zip_code, legal_birth_date, address, address_street, address_city,
               address_state, address_postal_code)
             select id, $4 || ' ' || n, $4 || ' Persona ' || n, lower($4) || '_' || n, lower($4) || n || '@example.com',
                    '+1' || $5 || lpad(n::text, 7, '0'), true, 'completed', 'x', '10001', '1990-04-12',
                    '350 Fifth Avenue, New York, NY 10118', '350 Fifth Avenue', 'New York', 'NY', '10118'
             from input returning id),
       s as (insert into sessions (token_hash, user_id, expires_at)
             select token_hash, id, now() + interval '12 hours' from input)
       insert into ledger_accounts (user_id) select id from u`,
      [
        chunk.map((p) => p.id),
        chunk.map((p) => createHash('sha256').update(p.token).digest()),
        chunk.map((_, j) => i + j),
        prefix,
        { Ana: '646', Friend: '718' }[prefix] ?? '917',
      ],
    );
  }
  return people;
}

/**
 * Posts what the temp table `seed` holds (id, kind, owner, counterparty, amount, at, debit and
 * credit account), in time order as the ledger would have written them: the transfers (their
 * triggers write the receivers' notifications), two entries each with the balance after, and the
 * balances moved to match.
 */
async function postSeed(client: pg.Client) {
  await client.query(`
    insert into ledger_transfers (id, kind, status, user_id, counterparty_user_id, amount_cents,
      counts_toward_limits, metadata, created_at, updated_at)
    select s.id, s.kind, 'completed', s.owner, s.counterparty, s.amount, s.kind = 'p2p',
      case when s.kind = 'p2p' then jsonb_build_object('recipientPhone', r.phone, 'recipientCountry', 'MX',
        'partyNames', jsonb_build_object('owner', o.name, 'counterparty', r.name)) else '{}'::jsonb end,
      s.at, s.at
    from seed s join users o on o.id = s.owner left join users r on r.id = s.counterparty
    order by s.at`);
  await client.query(`
    with legs as (
      select id, at, debit as account_id, -amount as amount from seed
      union all select id, at, credit, amount from seed)
    insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
    select l.id, l.account_id, l.amount,
      a.balance_cents + sum(l.amount) over (partition by l.account_id order by l.at, l.id), l.at
    from legs l join ledger_accounts a on a.id = l.account_id
    order by l.at`);
  await client.query(`
    update ledger_accounts a set balance_cents = a.balance_cents + d.delta
    from (select account_id, sum(amount) as delta from (
            select debit as account_id, -amount as amount from seed
            union all select credit, amount from seed) legs group by account_id) d
    where a.id = d.account_id`);
  // Today's and this month's limit totals, as the ledger keeps them (migration 0010).
  await client.query(`
    insert into ledger_limit_usage (user_id, period, starts_on, used_cents)
    select owner, 'day', (at at time zone 'America/New_York')::date, sum(amount) from seed
    where kind = 'p2p' and at >= date_trunc('month', now() at time zone 'America/New_York') at time zone 'America/New_York'
    group by 1, 2, 3
    on conflict (user_id, period, starts_on) do update set used_cents = ledger_limit_usage.used_cents + excluded.used_cents`);
  await client.query('truncate seed');
}

const seedTable = `create temp table seed (id uuid primary key default gen_random_uuid(), kind text,
  owner uuid, counterparty uuid, amount bigint, at timestamptz, debit bigint, credit bigint)`;

/** A $10,000.00 deposit to each of `people`, just over two years ago (before any P2P). */
async function seedDeposits(client: pg.Client, people: Person[]) {
  await client.query(
    `insert into seed (kind, owner, amount, at, debit, credit)
     select 'deposit', p.id, 1000000, date_trunc('milliseconds', now() - interval '731 days'),
            (select id from ledger_accounts where system_role = 'funding_clearing'), a.id
     from unnest($1::uuid[]) p(id) join ledger_accounts a on a.user_id = p.id`,
    [people.map((p) => p.id)],
  );
  await postSeed(client);
}

/**
 * `count` P2P transfers of 1 to `maxCents` cents from `senders` to `receivers` (never to oneself),
 * at random times between `from` and `to` outside [`skipFrom`, `skipTo`), to the millisecond as
 * the server writes them.
 */
async function seedP2p(
  client: pg.Client,
  senders: Person[],
  receivers: Person[],
  count: number,
  span: { from: Date; to: Date; skipFrom?: Date; skipTo?: Date },
  maxCents = 500,
) {
  const skip = span.skipFrom && span.skipTo ? span.skipTo.getTime() - span.skipFrom.getTime() : 0;
  await client.query(
    `with s as (select id, row_number() over () - 1 as n from unnest($1::uuid[]) id),
          r as (select id, row_number() over () - 1 as n from unnest($2::uuid[]) id),
          sizes as (select (select count(*) from s) as ns, (select count(*) from r) as nr),
          timed as (
            select g, $4::timestamptz + random() * ($5::timestamptz - $4::timestamptz - $7 * interval '1 ms') as at
            from generate_series(1, $3::int) g),
          shifted as (
            select g, date_trunc('milliseconds', case when $6::timestamptz is not null and at >= $6::timestamptz
              then at + $7 * interval '1 ms' else at end) as at
            from timed)
     insert into seed (kind, owner, counterparty, amount, at, debit, credit)
     select 'p2p', s.id, r.id, 1 + t.g % $8, t.at, sa.id, ra.id
     from shifted t cross join sizes z
     join s on s.n = t.g % z.ns
     join r on r.n = case when z.nr = 1 then 0 else (t.g % z.ns + 1 + (t.g / z.ns) % (z.nr - 1)) % z.nr end
     join ledger_accounts sa on sa.user_id = s.id join ledger_accounts ra on ra.user_id = r.id
     where s.id <> r.id`,
    [
      senders.map((p) => p.id),
      receivers.map((p) => p.id),
      count,
      span.from,
      span.to,
      span.skipFrom ?? null,
      skip,
      maxCents,
    ],
  );
  await postSeed(client);
}

/** The partner account's lines (the statement's), `count` between `from` and `to` outside `skip`. */
async function seedPartner(
  client: pg.Client,
  accountId: string,
  count: number,
  span: { from: Date; to: Date; skip?: [Date, Date] },
) {
  await client.query(
    `insert into sandbox_unit_transactions (id, type, account_id, amount, direction, balance, summary, created_at)
     select nextval('sandbox_unit_ids')::text, 'book', $1, 100 + g % 900, 'Credit', 0, 'Book payment ' || g, at
     from (select g, date_trunc('milliseconds', $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz)) as at
           from generate_series(1, $2::int) g) t
     where $5::timestamptz is null or at < $5::timestamptz or at >= $6::timestamptz`,
    [accountId, count, span.from, span.to, span.skip?.[0] ?? null, span.skip?.[1] ?? null],
  );
  // Running balances in the partner's order, and the account's balance to match.
  await client.query(
    `update sandbox_unit_transactions t set balance = b.balance
     from (select id, sum(amount) over (order by created_at, id::bigint) as balance
           from sandbox_unit_transactions where account_id = $1) b
     where t.id = b.id`,
    [accountId],
  );
  await client.query(
    `update sandbox_unit_accounts set balance = (select coalesce(sum(amount), 0)
       from sandbox_unit_transactions where account_id = $1) where id = $1`,
    [accountId],
  );
}

async function invariants(dataDir: string) {
  const db = createDatabase(runningEmbeddedUrl(dataDir), { max: 1 });
  try {
    const found = await findInvariantViolations(db);
    return `${found.unbalancedTransfers.length}/${found.driftedAccounts.length}/${found.negativeUserAccounts.length}`;
  } finally {
    await db.destroy();
  }
}

/**
 * Each read RUNS times after WARMUP rounds, one request at a time, over HTTP as the web asks: the
 * reads take turns, so that each one's samples span the whole phase (the machine's load moves).
 * Median and p90 per read.
 */
async function timeReads(baseUrl: string, ana: Person, reads: Read[]): Promise<Timing[]> {
  const samples: number[][] = reads.map(() => []);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const [i, read] of reads.entries()) {
      const started = performance.now();
      const answer = await fetch(`${baseUrl}${read.url}`, {
        headers: { authorization: `Bearer ${ana.token}` },
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${read.name}: ${answer.status}`);
      if (round >= WARMUP) samples[i]?.push(performance.now() - started);
    }
  }
  return samples.map((ms) => {
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.floor(q * (ms.length - 1))] ?? 0;
    return { median: at(0.5), p90: at(0.9) };
  });
}

/** The plans of each read, run through the same routes in this process on a planned pool. */
async function explainReads(dataDir: string, ana: Person, reads: Read[]) {
  const url = runningEmbeddedUrl(dataDir);
  const explained = explainedDatabase(url);
  const app = await buildApp({
    config: loadConfig({
      ...process.env,
      DATABASE_URL: url,
      LOG_LEVEL: 'error',
      SESSION_IDLE_MINUTES: '1440',
      // No load shedding: this process is busy seeding and timing, and every answer is needed.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_POOL_WAITING: '0',
    }),
    db: explained.db,
    // The Unit fake's own statements are the statement's: planned too.
    sandboxDb: explained.db,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const tables = await indexTables(explained.db, [...MONEY_TABLES, 'sandbox_unit_transactions']);
    const out: { plans: QueryPlan[]; reads: ReturnType<typeof moneyTableReads> }[] = [];
    for (const read of reads) {
      const inject = () =>
        app.inject({
          method: 'GET',
          url: read.url,
          headers: { authorization: `Bearer ${ana.token}` },
        });
      await inject(); // plans cached, as on a server that has answered before
      const { result, plans } = await explained.capture(inject);
      if (result.statusCode !== 200)
        throw new Error(`${read.name}: ${result.statusCode} ${result.body}`);
      out.push({ plans, reads: moneyTableReads(plans, tables) });
    }
    return out;
  } finally {
    await app.close();
    await explained.db.destroy();
  }
}

const LIMITS = JSON.stringify({ perTransaction: 99_900, daily: 250_000, monthly: 1_000_000 });
/** Transfers posted per variant and round of the write-cost measurement, on WRITERS connections. */
const WRITES = Number(process.env.BENCH_HISTORY_WRITES ?? 2000);
const WRITERS = 4;
type WriteCost = { perSecond: number; walBytes: number; fullPages: number };

/**
 * What the reference index of migration 0032 costs a write, on the large ledger: WRITES P2P
 * transfers of one cent through `ledger_post` (as bench/ledger.ts calls it), right after a
 * checkpoint, with the index and without it, alternated over two rounds (the index dropped and
 * built again between), so both variants share the machine's load. Transfers per second, WAL bytes
 * and full-page images per transfer (pg_stat_wal).
 */
async function writeCost(dataDir: string, client: pg.Client, people: Person[]) {
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      const c = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
      await c.connect();
      return c;
    }),
  );
  const pick = () => people[Math.floor(Math.random() * people.length)] as Person;
  const run = async (): Promise<WriteCost> => {
    await client.query('checkpoint');
    const before = await client.query<{ lsn: string; fpi: string }>(
      'select pg_current_wal_lsn()::text as lsn, wal_fpi::text as fpi from pg_stat_wal',
    );
    const started = performance.now();
    let left = WRITES;
    await Promise.all(
      writers.map(async (w) => {
        while (left-- > 0) {
          const from = pick();
          let to = pick();
          while (to.id === from.id) to = pick();
          await w.query(
            `select id from ledger_post('p2p', 'completed', $1, $2, 1, 0, true, null, $3::jsonb,
               null, now(), $4::jsonb, $5::jsonb)`,
            [
              from.id,
              to.id,
              JSON.stringify({ recipientPhone: '+12125550100', recipientCountry: 'MX' }),
              JSON.stringify([
                { user_id: from.id, amount: -1 },
                { user_id: to.id, amount: 1 },
              ]),
              LIMITS,
            ],
          );
        }
        // Each writer's WAL statistics reach pg_stat_wal now, not when it next idles.
        await w.query('select pg_stat_force_next_flush()');
        await w.query('select 1');
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await client.query<{ wal: string; fpi: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text as wal, wal_fpi::text as fpi from pg_stat_wal`,
      [before.rows[0]?.lsn],
    );
    return {
      perSecond: WRITES / seconds,
      walBytes: Number(after.rows[0]?.wal) / WRITES,
      fullPages: (Number(after.rows[0]?.fpi) - Number(before.rows[0]?.fpi)) / WRITES,
    };
  };
  const withIndex: WriteCost[] = [];
  const without: WriteCost[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      withIndex.push(await run());
      await client.query('drop index ledger_transfers_reference');
      without.push(await run());
      await client.query(
        'create index ledger_transfers_reference on ledger_transfers ((substring(sha256(id::text::bytea) from 1 for 6)))',
      );
    }
  } finally {
    await Promise.all(writers.map((w) => w.end()));
  }
  const mean = (list: WriteCost[], key: keyof WriteCost) =>
    list.reduce((sum, x) => sum + x[key], 0) / list.length;
  return {
    with: {
      perSecond: mean(withIndex, 'perSecond'),
      walBytes: mean(withIndex, 'walBytes'),
      fullPages: mean(withIndex, 'fullPages'),
    },
    without: {
      perSecond: mean(without, 'perSecond'),
      walBytes: mean(without, 'walBytes'),
      fullPages: mean(without, 'fullPages'),
    },
  };
}

/** Whether a statement's plan reads one of `tables` (by a node on it or on one of its indexes). */
function readsTable(plan: QueryPlan, tables: string[]): boolean {
  return planNodes(plan.plan).some(
    (node) =>
      tables.includes(node['Relation Name'] ?? '') ||
      tables.some((table) => (node['Index Name'] ?? '').startsWith(table)),
  );
}

function cursorOf(createdAt: Date, id: string) {
  // As the server writes a cursor (features/transfers/activity.service.ts, encodeCursor).
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

async function main() {
  const dataDir = tempDataDir('pago-bench-history-');
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SESSION_IDLE_MINUTES: '1440',
  });
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const now = new Date();
    const twoYearsAgo = new Date(now.getTime() - 730 * 86_400_000);
    await client.query(seedTable);
    console.log('The small ledger: 1,000 transfers…');
    const [ana] = (await createPeople(client, 'Ana', 1)) as [Person];
    const friends = await createPeople(client, 'Friend', SMALL.friends);
    await seedDeposits(client, [ana, ...friends]);
    const half = MONTH_TRANSFERS / 2;
    // Ana's month: half sent, half received; the rest of her 400 before and after it.
    await seedP2p(client, [ana], friends, half, { from: month.from, to: month.to }, 50);
    await seedP2p(client, friends, [ana], half, { from: month.from, to: month.to });
    const rest = (SMALL.ana - MONTH_TRANSFERS) / 2;
    const around = { from: twoYearsAgo, to: now, skipFrom: month.from, skipTo: month.to };
    await seedP2p(client, [ana], friends, rest, around, 50);
    await seedP2p(client, friends, [ana], rest, around);
    const { rows: counted } = await client.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers',
    );
    await seedP2p(client, friends, friends, SMALL.total - (counted[0]?.n ?? 0), {
      from: twoYearsAgo,
      to: now,
    });

    // Ana's bank account at the partner, opened through the API, with the month's lines.
    const opened = await fetch(`${server.baseUrl}/api/unit/accounts/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ana.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: '{}',
    });
    if (opened.status !== 201)
      throw new Error(`open account: ${opened.status} ${await opened.text()}`);
    const { rows: banks } = await client.query<{ unit_account_id: string }>(
      'select unit_account_id from bank_accounts where user_id = $1',
      [ana.id],
    );
    const partnerAccount = banks[0]?.unit_account_id as string;
    await client.query(`update sandbox_unit_accounts set created_at = $2 where id = $1`, [
      partnerAccount,
      twoYearsAgo,
    ]);
    await seedPartner(client, partnerAccount, MONTH_TRANSFERS, { from: month.from, to: month.to });
    await client.query('vacuum analyze');

    const { rows: picks } = await client.query<{ id: string; created_at: Date }>(
      `select id, created_at from ledger_transfers
       where (user_id = $1 or counterparty_user_id = $1) and created_at >= $2 and created_at < $3
       order by created_at desc, id desc`,
      [ana.id, month.from, month.to],
    );
    const newest = picks[0] as { id: string; created_at: Date };
    const receipt = picks[Math.floor(picks.length / 2)] as { id: string };
    const reads: Read[] = [
      { name: 'activity, first page', url: `/api/transactions?limit=${PAGE}` },
      {
        name: `activity, a later page (from the month read, ${month.name})`,
        url: `/api/transactions?limit=${PAGE}&cursor=${cursorOf(newest.created_at, newest.id)}`,
      },
      {
        name: `CSV of ${month.name}`,
        url: `/api/transactions/export.csv?from=${month.first}&to=${month.last}`,
      },
      {
        name: `statement of ${month.name} (PDF)`,
        url: `/api/unit/statements/${month.name}/pdf?language=en`,
      },
      { name: 'receipt by id', url: `/api/transactions/${receipt.id}` },
      {
        name: 'receipt by short reference',
        url: `/api/transactions/${receiptReference(receipt.id)}`,
      },
      { name: 'balance', url: '/api/wallet/balance' },
    ];
    const smallInvariants = await invariants(dataDir);
    const { rows: smallCount } = await client.query<{ n: number; ana: number }>(
      `select count(*)::int as n, count(*) filter (where user_id = $1 or counterparty_user_id = $1)::int as ana from ledger_transfers`,
      [ana.id],
    );
    console.log(`Timing ${reads.length} reads on ${smallCount[0]?.n} transfers…`);
    const small = await timeReads(server.baseUrl, ana, reads);
    const smallPlans = await explainReads(dataDir, ana, reads);

    console.log(`Growing the ledger past ${TOTAL.toLocaleString('en-US')} transfers…`);
    const seedStarted = performance.now();
    const others = await createPeople(client, 'Other', OTHERS);
    await seedDeposits(client, others);
    // Ana's history outside the month read, half sent, half received, with anyone.
    const anaMore = ANA_TOTAL - SMALL.ana;
    const everyone = [...friends, ...others];
    await seedP2p(client, [ana], everyone, anaMore / 2, around, 50);
    await seedP2p(client, everyone, [ana], anaMore / 2, around);
    const { rows: sofar } = await client.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers',
    );
    let left = TOTAL - (sofar[0]?.n ?? 0);
    while (left > 0) {
      const batch = Math.min(250_000, left);
      await seedP2p(client, everyone, everyone, batch, { from: twoYearsAgo, to: now });
      left -= batch;
      console.log(`  ${left.toLocaleString('en-US')} to go…`);
    }
    // The partner account's other months, as many lines as Ana's transfers.
    await seedPartner(client, partnerAccount, ANA_TOTAL - MONTH_TRANSFERS, {
      from: twoYearsAgo,
      to: now,
      skip: [month.from, month.to],
    });
    await client.query('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const largeInvariants = await invariants(dataDir);
    const { rows: largeCount } = await client.query<{ n: number; ana: number }>(
      `select count(*)::int as n, count(*) filter (where user_id = $1 or counterparty_user_id = $1)::int as ana from ledger_transfers`,
      [ana.id],
    );
    console.log(`Timing the same reads on ${largeCount[0]?.n} transfers…`);
    const large = await timeReads(server.baseUrl, ana, reads);
    const largePlans = await explainReads(dataDir, ana, reads);
    console.log('The reference index: what it costs a write…');
    const writes = await writeCost(dataDir, client, others);
    const afterWrites = await invariants(dataDir);

    const n = (x: number | undefined) => (x ?? 0).toLocaleString('en-US');
    const rows = reads.map((read, i) => {
      const s = small[i] as Timing;
      const l = large[i] as Timing;
      const ratio = l.median / s.median;
      const plan = largePlans[i]?.reads;
      const dbMs = (plans: QueryPlan[] | undefined) =>
        (plans ?? []).filter((p) => readsTable(p, SHOWN_TABLES)).reduce((sum, p) => sum + p.ms, 0);
      const database = `${dbMs(smallPlans[i]?.plans).toFixed(2)} → ${dbMs(largePlans[i]?.plans).toFixed(2)} ms`;
      const scans = plan?.seqScans.length ? `**${plan.seqScans.join(', ')}**` : 'none';
      const ok = ratio <= TARGET_RATIO && !plan?.seqScans.length;
      return `| ${read.name} | ${s.median.toFixed(1)} / ${s.p90.toFixed(1)} ms | ${l.median.toFixed(1)} / ${l.p90.toFixed(1)} ms | **${ratio.toFixed(2)}×** | ${database} | ${scans} | ${n(plan?.mostRowsTouched)} | ${ok ? 'met' : '**not met**'} |`;
    });
    const explains = reads.flatMap((read, i) => {
      const plans = largePlans[i]?.plans ?? [];
      const shown = plans.filter((p) => readsTable(p, SHOWN_TABLES));
      const others = [
        ...new Set(
          plans
            .filter((p) => !shown.includes(p))
            .flatMap((p) => planNodes(p.plan))
            .filter((node) => node['Relation Name'])
            .map((node) => `${node['Node Type']} on ${node['Relation Name']}`),
        ),
      ];
      return [
        `#### ${read.name}`,
        '',
        '```',
        ...shown.flatMap((p) => [
          `-- ${p.query.slice(0, 600)}  (${p.ms.toFixed(3)} ms)`,
          ...planText(p.plan).map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)),
          '',
        ]),
        '```',
        '',
        `Its ${plans.length - shown.length} other statements (the session check, the names of the people on the transfers, the status history, the holds) read: ${others.join(', ') || 'nothing'}.`,
        '',
      ];
    });
    const lines = [
      `Measured ${now.toISOString().slice(0, 10)} on this machine (2 cores shared with other work), embedded PostgreSQL, default settings. The same user and the same calls, one at a time over HTTP with her session, ${RUNS} times each after ${WARMUP} unmeasured: first on a ledger of ${n(smallCount[0]?.n)} transfers (Ana in ${n(smallCount[0]?.ana)}), then after growing it to ${n(largeCount[0]?.n)} transfers (Ana in ${n(largeCount[0]?.ana)}, spread over two years and over the whole table as the ledger writes them; ${n(OTHERS + SMALL.friends)} other people; seeded in ${seedSeconds.toFixed(0)} s with set-based SQL). The month read (${month.name}) holds the same ${MONTH_TRANSFERS} transfers and partner lines on both; the later page starts at its newest transfer. Invariants (unbalanced/drifted/negative): ${smallInvariants} small, ${largeInvariants} large.`,
      '',
      '| read (as the web asks it) | small ledger, median / p90 | large ledger, median / p90 | large ÷ small (median) | its statements on money tables and the partner’s lines, database time small → large | seq scans of a money table (large) | most rows one plan node of a money table touched (large) | target: ≤ 2×, no seq scan |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `Every statement each read runs on the large ledger (\`auto_explain\`, ANALYZE + BUFFERS, a warm plan cache; the same routes run in the bench's process on a planned connection pool; the session check, the parties' names and the status history included):`,
      '',
      '',
      `What the reference index (migration 0032) costs the write path, measured on the large ledger: ${n(WRITES)} P2P transfers of one cent through \`ledger_post\` on ${WRITERS} connections right after a checkpoint, with the index and without it, alternated over two rounds in the same run (means; invariants after: ${afterWrites}):`,
      '',
      '| | transfers per second | WAL bytes per transfer | full-page images per transfer |',
      '|---|---|---|---|',
      `| with \`ledger_transfers_reference\` | ${writes.with.perSecond.toFixed(0)} | ${n(Math.round(writes.with.walBytes))} | ${writes.with.fullPages.toFixed(2)} |`,
      `| without it | ${writes.without.perSecond.toFixed(0)} | ${n(Math.round(writes.without.walBytes))} | ${writes.without.fullPages.toFixed(2)} |`,
      `| with ÷ without | **${(writes.with.perSecond / writes.without.perSecond).toFixed(2)}×** | ${(writes.with.walBytes / writes.without.walBytes).toFixed(2)}× | ${(writes.with.fullPages / Math.max(0.001, writes.without.fullPages)).toFixed(2)}× |`,
      '',
      ...explains,
    ];
    replaceSection('history', lines.join('\n'));
    console.log(lines.slice(0, rows.length + 5).join('\n'));
  } finally {
    await client.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
