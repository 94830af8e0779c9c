// `npm run bench:ledger`: P2P transfers over HTTP against the built server on the embedded
// PostgreSQL (default durability): autocannon, 64 connections, 30 s, across 10,000 funded wallets
// with real sessions and one Idempotency-Key per request; then a hot-wallet run (every transfer
// from one of 10 wallets). Writes transfers/s, latency, errors and the invariant check.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded-postgres';
import { findInvariantViolations } from '../apps/server/src/features/ledger/ledger.repository';
import { startServer, tempDataDir } from '../e2e/support/server-process';
import { replaceSection } from './report';

const WALLETS = Number(process.env.BENCH_WALLETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 64;
const TARGET_TPS = 1500;
const TARGET_P99_MS = 50;

type Wallet = { id: string; token: string; phone: string };

async function connect(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
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

async function run(baseUrl: string, senders: Wallet[], all: Wallet[]) {
  const result = await autocannon({
    url: `${baseUrl}/api/transactions/send`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    requests: [
      {
        setupRequest(request) {
          const from = senders[Math.floor(Math.random() * senders.length)] as Wallet;
          let to = all[Math.floor(Math.random() * all.length)] as Wallet;
          if (to.id === from.id) to = all[(all.indexOf(to) + 1) % all.length] as Wallet;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${from.token}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              recipientName: to.phone,
              recipientCountry: 'MX',
              amountUsd: 0.01,
            }),
          };
        },
      },
    ],
  });
  const ok = result['2xx'];
  return {
    transfersPerSecond: Math.round(ok / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
  };
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
    console.log(`Spread run: ${CONNECTIONS} connections, ${SECONDS} s…`);
    const spread = await run(server.baseUrl, wallets, wallets);
    const afterSpread = await invariants(dataDir);
    console.log(`Hot-wallet run…`);
    const hot = await run(server.baseUrl, wallets.slice(0, 10), wallets);
    const afterHot = await invariants(dataDir);

    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    const row = (
      name: string,
      r: Awaited<ReturnType<typeof run>>,
      inv: Awaited<ReturnType<typeof invariants>>,
      targetTps: number,
    ) =>
      `| ${name} | ${r.transfersPerSecond} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${inv.unbalanced}/${inv.drifted}/${inv.negative} | ≥ ${targetTps}/s, p99 ≤ ${TARGET_P99_MS} ms: ${met(r.transfersPerSecond >= targetTps && r.p99 <= TARGET_P99_MS && r.errors === 0)} |`;
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, server, PostgreSQL and load generator sharing them): \`POST /api/transactions/send\` (P2P, $0.01, a new Idempotency-Key each), ${CONNECTIONS} connections, ${SECONDS} s per run, ${WALLETS} funded wallets, embedded PostgreSQL with default durability (synchronous_commit on, fsync on).`,
      '',
      '| run | transfers/s | p50 | p99 | errors | invariants (unbalanced/drifted/negative) | target |',
      '|---|---|---|---|---|---|---|',
      row(
        `spread (random sender of ${WALLETS.toLocaleString('en-US')})`,
        spread,
        afterSpread,
        TARGET_TPS,
      ),
      row('hot wallets (sender one of 10)', hot, afterHot, TARGET_TPS / 2),
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
