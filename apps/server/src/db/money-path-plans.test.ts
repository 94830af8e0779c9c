import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';

// The functions on a money path keep their plans for the connection's life. A plan made while a
// table was empty (a new database, the first call on a new connection) read the table whole at
// every later call: the month's limit total in ledger_post scanned all of ledger_limit_usage
// (docs/benchmarks.md, "Plans made on empty tables"). Those functions run with enable_seqscan off.
// The control, ledger_post without that setting, shows the scan this test would catch.

const LIMITS = JSON.stringify({ perTransaction: 1e12, daily: 1e12, monthly: 1e12 });
const MONEY_PATH = [
  'ledger_post',
  'transfer_send',
  'transfer_send_batch',
  'card_authorize',
  'card_authorize_batch',
  'quote_take',
  'session_touch',
  'sanctions_p2p_parties',
];

let url: string;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  ({ url } = await createTestDatabase());
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

async function insertUser(client: pg.Client): Promise<string> {
  const id = randomUUID();
  await client.query(
    `insert into users (id, name, username, email, password_hash) values ($1, 'Plans', $2, $3, 'x')`,
    [id, id, `${id}@example.com`],
  );
  return id;
}

/** One counted cent from `from` to `to` through `fn` (ledger_post or its control). */
function send(client: pg.Client, fn: string, from: string, to: string) {
  return client.query(
    `select id from ${fn}('p2p', 'completed', $1, $2, 1, 0, true, null, '{}'::jsonb, null, now(),
       $3::jsonb, $4::jsonb)`,
    [
      from,
      to,
      JSON.stringify([
        { user_id: from, amount: -1 },
        { user_id: to, amount: 1 },
      ]),
      LIMITS,
    ],
  );
}

/** Sequential scans of ledger_limit_usage by one send, in a transaction rolled back. */
async function scansBySend(client: pg.Client, fn: string, from: string, to: string) {
  await client.query('begin');
  try {
    await send(client, fn, from, to);
    const { rows } = await client.query<{ seq_scan: string }>(
      `select seq_scan from pg_stat_xact_user_tables where relname = 'ledger_limit_usage'`,
    );
    return Number(rows[0]?.seq_scan ?? 0);
  } finally {
    await client.query('rollback');
  }
}

describe('plans of the money path', () => {
  it('every function on a money path runs with enable_seqscan off', async () => {
    const admin = await connect();
    const { rows } = await admin.query<{ proname: string; proconfig: string[] | null }>(
      'select proname, proconfig from pg_proc where proname = any($1)',
      [MONEY_PATH],
    );
    expect(rows.map((r) => r.proname).sort()).toEqual([...MONEY_PATH].sort());
    for (const row of rows) expect(row.proconfig, row.proname).toContain('enable_seqscan=off');
  });

  it('a plan made on an empty limit table still reads it by its index once it has grown', async () => {
    const admin = await connect();
    // No analyze may come between the plans and the check and replan them.
    await admin.query('alter table ledger_limit_usage set (autovacuum_enabled = false)');
    const [a, b] = [await insertUser(admin), await insertUser(admin)];
    await admin.query(
      `select ledger_post('deposit', 'completed', $1, null, 100000, 0, false, null, '{}'::jsonb,
         null, now(), $2::jsonb, null)`,
      [
        a,
        JSON.stringify([
          { role: 'funding_clearing', amount: -100000 },
          { user_id: a, amount: 100000 },
        ]),
      ],
    );
    // The control: ledger_post as it would be without the setting.
    const { rows } = await admin.query<{ def: string }>(
      `select pg_get_functiondef('ledger_post'::regproc) as def`,
    );
    const definition = rows[0]?.def ?? '';
    const unpinned = definition
      .replace('public.ledger_post(', 'public.ledger_post_unpinned(')
      .replace(/\n\s*SET enable_seqscan TO 'off'/, '');
    expect(unpinned).not.toContain('enable_seqscan');
    await admin.query(unpinned);

    await admin.query('truncate ledger_limit_usage, ledger_limit_usage_pending');
    await admin.query('analyze ledger_limit_usage');
    const [pinned, control] = [await connect(), await connect()];
    // The first calls of each connection plan on the empty table.
    await send(pinned, 'ledger_post', a, b);
    await send(control, 'ledger_post_unpinned', a, b);

    // Then the table grows, as it does in a day of sends.
    await admin.query(
      `with people as (
         insert into users (id, name, username, email, password_hash)
           select gen_random_uuid(), 'Many', 'many' || g, 'many' || g || '@example.com', 'x'
           from generate_series(1, 20000) g
           returning id)
       insert into ledger_limit_usage (user_id, period, starts_on, used_cents)
         select id, 'day', current_date, 1 from people`,
    );

    expect(await scansBySend(control, 'ledger_post_unpinned', a, b)).toBeGreaterThan(0);
    expect(await scansBySend(pinned, 'ledger_post', a, b)).toBe(0);
  });
});
