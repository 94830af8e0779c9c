// `npm run bench:cards`: card authorizations under load through the whole path — the sandbox card
// network (a merchant's purchase) → the Unit fake → its signed HTTP call to Pago's authorization
// endpoint → the decision and one `ledger_post` of the hold → the fake records the hold → the
// network answers. Against the built server on the embedded PostgreSQL (default durability),
// autocannon at BENCH_CARD_CONNECTIONS for BENCH_CARD_SECONDS (short, so `npm run bench` stays
// reasonable). Writes authorizations/s, p50, p99 (the network's budget is 2 s), approvals, errors
// and the invariant check after the run to docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded-postgres';
import { findInvariantViolations } from '../apps/server/src/features/ledger/ledger.repository';
import { startServer, tempDataDir } from '../e2e/support/server-process';
import { replaceSection } from './report';

const CARDS = Number(process.env.BENCH_CARDS ?? 500);
const SECONDS = Number(process.env.BENCH_CARD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CARD_CONNECTIONS ?? 32);
const WARMUP_SECONDS = 3;
/** The card network waits 2 s for the issuer's answer; Pago must answer well inside it. */
const BUDGET_P99_MS = 2000;

type BenchCard = { pan: string; cvv: string; expMonth: number; expYear: number };

/**
 * Setup, not measured: CARDS people, each with a funded wallet (a real double-entry deposit), an
 * account at the Unit fake and an active card there and in Pago, written in a few statements.
 */
async function createCards(client: pg.Client): Promise<BenchCard[]> {
  const expYear = new Date().getUTCFullYear() + 3;
  const { rows } = await client.query<{ pan: string; cvv: string }>(
    `with people as (
       select gen_random_uuid() as user_id, g,
              (400000000000 + g)::text || lpad((g % 10000)::text, 4, '0') as pan,
              lpad((100 + g % 900)::text, 3, '0') as cvv
       from generate_series(1, $1::int) g),
     u as (insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
           select user_id, 'Card ' || g, 'cardbench_' || g, 'cardbench' || g || '@example.com',
                  '+1213' || lpad(g::text, 7, '0'), true, 'completed', 'x', '10001' from people returning id),
     accounts as (insert into sandbox_unit_accounts (id, customer_id, account_number, routing_number)
           select (800000000000 + g)::text, (700000000000 + g)::text, 'bench' || g, '812345678' from people returning id),
     unit_cards as (insert into sandbox_unit_cards (id, customer_id, account_id, type, status, pan, cvv, expiration_date)
           select (900000000000 + g)::text, (700000000000 + g)::text, (800000000000 + g)::text, 'individualVirtualDebitCard', 'Active',
                  pan, cvv, $2::text || '-06' from people returning id),
     pago_cards as (insert into cards (user_id, partner_card_id, partner_account_id, type, status, last4, exp_month,
                  exp_year, daily_purchase_limit_cents, daily_withdrawal_limit_cents)
           select p.user_id, (900000000000 + g)::text, (800000000000 + g)::text, 'virtual', 'active', right(pan, 4), 6, $2::int,
                  250000, 50000 from people p join u on u.id = p.user_id returning id)
     select pan, cvv from people`,
    [CARDS, expYear],
  );
  await client.query(`
    with w as (insert into ledger_accounts (user_id) select id from users where username like 'cardbench\\_%'
               returning id, user_id),
    t as (insert into ledger_transfers (kind, status, user_id, amount_cents, counts_toward_limits)
          select 'deposit', 'completed', user_id, 1000000, false from w returning id, user_id),
    fc as (select id from ledger_accounts where system_role = 'funding_clearing')
    insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
    select t.id, w.id, 1000000, 1000000 from t join w using (user_id)
    union all select t.id, fc.id, -1000000, 0 from t, fc`);
  await client.query(`
    update ledger_accounts a set balance_cents = coalesce(
      (select sum(amount_cents) from ledger_entries e where e.account_id = a.id), 0)
    where a.user_id in (select id from users where username like 'cardbench\\_%')
       or a.system_role = 'funding_clearing'`);
  return rows.map((r) => ({ pan: r.pan, cvv: r.cvv, expMonth: 6, expYear }));
}

async function authorizations(baseUrl: string, cards: BenchCard[], duration: number) {
  let approved = 0;
  let declined = 0;
  const result = await autocannon({
    url: `${baseUrl}/sandbox/cards/network/purchase`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const card = cards[Math.floor(Math.random() * cards.length)] as BenchCard;
          return {
            ...request,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              ...card,
              amountCents: 100 + Math.floor(Math.random() * 900),
              merchant: {
                name: `Bench ${randomUUID().slice(0, 8)}`,
                city: 'Austin, TX',
                category: 'retail',
              },
            }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          if ((JSON.parse(body) as { approved: boolean }).approved) approved += 1;
          else declined += 1;
        },
      },
    ],
  });
  return {
    perSecond: Math.round(result['2xx'] / duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    approved,
    declined,
  };
}

async function main() {
  const dataDir = tempDataDir('pago-bench-cards-');
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    console.log(`Creating ${CARDS} funded cardholders…`);
    const cards = await createCards(client);
    console.log(`Warming up: ${WARMUP_SECONDS} s…`);
    await authorizations(server.baseUrl, cards, WARMUP_SECONDS);
    console.log(`Authorizations: ${CONNECTIONS} connections, ${SECONDS} s…`);
    const run = await authorizations(server.baseUrl, cards, SECONDS);
    const db = createDatabase(runningEmbeddedUrl(dataDir), { max: 1 });
    const found = await findInvariantViolations(db);
    const { rows } = await client.query<{ pending: number; declined: number }>(
      `select count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where status = 'declined')::int as declined from card_authorizations`,
    );
    await db.destroy();
    const inv = `${found.unbalancedTransfers.length}/${found.driftedAccounts.length}/${found.negativeUserAccounts.length}`;
    // Every cardholder is funded far beyond the run: a decline here means the path is broken.
    const met =
      run.p99 < BUDGET_P99_MS && run.errors === 0 && run.declined === 0 && inv === '0/0/0';
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores shared by the server, PostgreSQL and the load generator): ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, ${CARDS.toLocaleString('en-US')} funded cardholders, embedded PostgreSQL with default durability. Each request is a purchase at the sandbox card network (\`POST /sandbox/cards/network/purchase\`), which the Unit fake turns into a signed \`purchaseAuthorizationRequest\` over HTTP to Pago's \`POST /api/unit/card-authorizations\`: the card row locked, limits and funds checked, one \`ledger_post\` of the hold, the answer, the hold recorded at the fake. Latency is the whole path as the merchant sees it.`,
      '',
      '| run | authorizations per second | p50 | p99 | max | approved / declined | errors | invariants (unbalanced/drifted/negative) | target |',
      '|---|---|---|---|---|---|---|---|---|',
      `| purchase authorizations, random card of ${CARDS.toLocaleString('en-US')} | ${run.perSecond} | ${run.p50} ms | ${run.p99} ms | ${run.max} ms | ${run.approved} / ${run.declined} | ${run.errors} | ${inv} | p99 < ${BUDGET_P99_MS} ms (the network's budget), all approved, 0 errors: ${met ? 'met' : '**not met**'} |`,
      '',
      `Pago's records after the run (warm-up included): ${rows[0]?.pending ?? 0} holds pending, ${rows[0]?.declined ?? 0} declined.`,
    ];
    const report = lines.join('\n');
    replaceSection('cards', report);
    console.log(report);
  } finally {
    await Promise.all([client.end(), server.stop()]);
    fs.rmSync(dataDir, { force: true, recursive: true });
  }
}

await main();
