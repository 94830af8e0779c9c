// `npm run bench:scale`: Pago as production runs it, on one machine. PostgreSQL is started on its
// own (the embedded binaries as the "external" server), then three API processes on it with
// DATABASE_URL, each on its own port. Every request goes round-robin across the processes:
// the double-spend, replay and limit races (exact counts), transfer throughput with 1, 2 and 3
// processes, then load while one process is killed with SIGKILL and PostgreSQL restarts. Every
// acknowledged (2xx) transfer must exist afterwards and the ledger's invariants must hold.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { findInvariantViolations } from '../apps/server/src/features/ledger/ledger.repository';
import { freePort, repoRoot, tempDataDir } from '../e2e/support/server-process';
import { replaceSection } from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHAOS_SECONDS = Number(process.env.BENCH_CHAOS_SECONDS ?? 24);
const CONNECTIONS = 24;
const SENDERS = 40;

type Api = { url: string; child: ChildProcess; output: () => string; alive: boolean };
type Wallet = { id: string; token: string; phone: string };
type Answer = { status: number; body: { id?: string; error?: { code: string } } };

function check(condition: boolean, what: string, detail?: string): void {
  if (!condition) throw new Error(`scale test failed: ${what}${detail ? `\n${detail}` : ''}`);
  console.log(`  ✓ ${what}`);
}

/** One API process, as `npm start` runs it but on the given database: no embedded PostgreSQL. */
async function startApi(databaseUrl: string): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const api: Api = { url: `http://127.0.0.1:${port}`, child, output: () => output, alive: true };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`An API process exited during start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`An API process did not start in 120 s:\n${output}`);
    const ready = await fetch(`${api.url}/api/health/ready`).catch(() => null);
    if (ready?.ok) return api;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let phones = 1000;
/** Users with a session and a verified phone, written straight into the database (setup only). */
async function createWallets(db: Database, count: number, prefix: string): Promise<Wallet[]> {
  const wallets: Wallet[] = [];
  for (let i = 0; i < count; i++) {
    const token = randomBytes(32).toString('base64url');
    phones += 1;
    const phone = `+1212555${phones}`;
    const user = await db
      .insertInto('users')
      .values({
        name: `Scale ${prefix} ${i}`,
        username: `scale_${prefix}_${i}_${randomBytes(3).toString('hex')}`,
        email: `scale-${prefix}-${i}-${randomBytes(3).toString('hex')}@example.com`,
        phone,
        phone_verified: true,
        kyc_status: 'completed',
        password_hash: 'x',
        zip_code: '10001',
        language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(token).digest(),
        user_id: user.id,
        expires_at: new Date(Date.now() + 12 * 3600_000),
      })
      .execute();
    wallets.push({ id: user.id, token, phone });
  }
  return wallets;
}

let turn = 0;
/** The next live API process, round-robin (a load balancer skips one whose connections fail). */
function nextApi(apis: Api[]): Api {
  for (let i = 0; i < apis.length; i++) {
    const api = apis[turn++ % apis.length] as Api;
    if (api.alive) return api;
  }
  throw new Error('no API process is alive');
}

async function post(
  apis: Api[],
  wallet: Wallet,
  url: string,
  payload: object,
  key: string = randomUUID(),
) {
  const api = nextApi(apis);
  try {
    const response = await fetch(`${api.url}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${wallet.token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  } catch {
    api.alive = api.child.exitCode === null && api.child.signalCode === null;
    return { status: 0, body: {} };
  }
}

const send = (apis: Api[], from: Wallet, to: Wallet, amountUsd: number, key?: string) =>
  post(
    apis,
    from,
    '/api/transactions/send',
    { recipientName: to.phone, recipientCountry: 'MX', amountUsd },
    key,
  );

async function fund(apis: Api[], wallet: Wallet, cents: number) {
  for (let left = cents; left > 0; left -= 100_000) {
    const answer = await post(apis, wallet, '/api/wallet/test-deposit', {
      amount: Math.min(left, 100_000),
    });
    if (answer.status !== 201)
      throw new Error(`deposit: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

async function balanceCents(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}

/** What came back, for a failed check: status and error code of each distinct answer, counted. */
function tally(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const what = `${a.status} ${a.body.error?.code ?? ''}`.trim();
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} × ${what}`).join(', ');
}

const statusCount = (answers: Answer[], status: number) =>
  answers.filter((a) => a.status === status).length;

/** Each race: 30 concurrent sends from one funded wallet; exactly `ok` of them may succeed. */
const RACES = [
  {
    what: 'double spend: $10.00 covers exactly two $4.00 sends',
    fundCents: 1000,
    amountUsd: 4,
    sameKey: false,
    ok: 2,
    refusal: 'insufficient_funds',
    balanceCents: 200,
  },
  {
    what: 'replay: 30 sends with one Idempotency-Key are one $1.00 transfer',
    fundCents: 1000,
    amountUsd: 1,
    sameKey: true,
    ok: 30,
    refusal: '',
    balanceCents: 900,
  },
  {
    what: 'daily limit: exactly five $500.00 sends fit $2,500.00',
    fundCents: 300_000,
    amountUsd: 500,
    sameKey: false,
    ok: 5,
    refusal: 'limit_exceeded',
    balanceCents: 50_000,
  },
];

async function races(db: Database, apis: Api[], recipient: Wallet) {
  console.log('Races, 30 concurrent requests each, round-robin across the processes:');
  const senders = await createWallets(db, RACES.length, 'race');
  for (const [i, race] of RACES.entries()) {
    const sender = senders[i] as Wallet;
    await fund(apis, sender, race.fundCents);
    const key = race.sameKey ? `replay-${randomUUID()}` : undefined;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(apis, sender, recipient, race.amountUsd, key)),
    );
    const refused = answers.filter((a) => a.body.error?.code === race.refusal).length;
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    check(
      statusCount(answers, 201) === race.ok && refused === 30 - race.ok,
      `${race.what}${race.refusal ? ` (the other ${30 - race.ok}: ${race.refusal})` : ''}`,
      tally(answers),
    );
    check(ids.size === (race.sameKey ? 1 : race.ok), `  ${ids.size} distinct transfer id(s)`);
    const balance = await balanceCents(db, sender.id);
    check(balance === race.balanceCents, `  the balance is ${race.balanceCents} cents`);
  }
}

type LoadResult = {
  ok: number;
  refused: number;
  unavailable: number;
  other: number;
  perSecond: number;
  p50: number;
  p99: number;
  ids: string[];
  okAt: number[];
};

/** CONNECTIONS loops of 1-cent P2P sends between random wallets for `seconds`, round-robin. */
async function load(
  apis: Api[],
  wallets: Wallet[],
  seconds: number,
  during?: (elapsedMs: number) => Promise<void>,
): Promise<LoadResult> {
  const started = Date.now();
  const until = started + seconds * 1000;
  const result: LoadResult = {
    ok: 0,
    refused: 0,
    unavailable: 0,
    other: 0,
    perSecond: 0,
    p50: 0,
    p99: 0,
    ids: [],
    okAt: [],
  };
  const latencies: number[] = [];
  const loop = async () => {
    while (Date.now() < until) {
      const from = wallets[Math.floor(Math.random() * wallets.length)] as Wallet;
      let to = wallets[Math.floor(Math.random() * wallets.length)] as Wallet;
      if (to === from) to = wallets[(wallets.indexOf(from) + 1) % wallets.length] as Wallet;
      const sent = Date.now();
      const answer = await send(apis, from, to, 0.01);
      if (answer.status === 201 && answer.body.id) {
        result.ok += 1;
        result.ids.push(answer.body.id);
        result.okAt.push(Date.now() - started);
        latencies.push(Date.now() - sent);
      } else {
        if (answer.status === 0) result.refused += 1;
        else if (answer.status === 503) result.unavailable += 1;
        else {
          result.other += 1;
          if (result.other <= 3)
            console.log(`  unexpected answer: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        // Back off a little, as a client told Retry-After would, instead of spinning.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all([...Array.from({ length: CONNECTIONS }, loop), during?.(0)]);
  latencies.sort((a, b) => a - b);
  result.perSecond = Math.round(result.ok / seconds);
  result.p50 = latencies[Math.floor(latencies.length * 0.5)] ?? 0;
  result.p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  return result;
}

async function main() {
  const dataDir = tempDataDir('pago-bench-scale-');
  const apis: Api[] = [];
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let admin: Database | undefined;
  try {
    pg = await startEmbeddedPostgres(dataDir, {
      debug() {},
      error: (line) => console.log(`  postgres: ${line}`),
    });
    const server = createDatabase(pg.url, { max: 1 });
    await sql`create database pago`.execute(server);
    await server.destroy();
    const databaseUrl = pg.urlFor('pago');
    // Three processes starting at once: the migrations' advisory lock lets one apply them.
    apis.push(...(await Promise.all([0, 1, 2].map(() => startApi(databaseUrl)))));
    admin = createDatabase(databaseUrl, { max: 2 });
    const applied = await sql<{
      n: number;
    }>`select count(*)::int as n from kysely_migration`.execute(admin);
    console.log(
      `3 API processes on one PostgreSQL; ${applied.rows[0]?.n} migrations applied once.`,
    );

    const wallets = await createWallets(admin, SENDERS, 'load');
    for (const wallet of wallets) await fund(apis, wallet, 10_000);
    await races(admin, apis, wallets[0] as Wallet);

    // Untimed: each process compiles and warms its code paths and pool first.
    await load(apis, wallets, 5);
    const throughput: Array<{ processes: number } & LoadResult> = [];
    for (const count of [1, 2, 3]) {
      const result = await load(apis.slice(0, count), wallets, SECONDS);
      check(
        result.refused + result.unavailable + result.other === 0,
        `${count} process(es): ${result.perSecond} transfers/s, p99 ${result.p99} ms, no errors (${result.refused} refused, ${result.unavailable} 503, ${result.other} other)`,
      );
      throughput.push({ processes: count, ...result });
    }

    console.log(
      `Chaos, ${CHAOS_SECONDS} s of load: SIGKILL one process at 5 s, restart PostgreSQL at 10 s`,
    );
    const victim = apis[2] as Api;
    let restartedAt = 0;
    const chaos = await load(apis, wallets, CHAOS_SECONDS, async () => {
      await new Promise((r) => setTimeout(r, 5000));
      victim.child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 5000));
      // Fast shutdown, as a restart or a failover does; the launcher starts it again on its port.
      const postmaster = Number(
        fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      process.kill(postmaster, 'SIGINT');
      restartedAt = 10_000;
    });
    console.log(
      `  ${chaos.ok} acknowledged, ${chaos.unavailable} answered 503, ${chaos.refused} refused (the killed process), ${chaos.other} other`,
    );
    check(chaos.other === 0, 'no answer other than 201, 503 or a refused connection');
    check(
      chaos.okAt.some((at) => at > 6000 && at < restartedAt),
      'the two survivors serve after the SIGKILL',
    );
    check(
      chaos.okAt.some((at) => at > restartedAt + 2000),
      'the survivors serve again after PostgreSQL restarted',
    );

    const acknowledged = [...throughput.flatMap((r) => r.ids), ...chaos.ids];
    let found = 0;
    for (let i = 0; i < acknowledged.length; i += 5000) {
      const chunk = acknowledged.slice(i, i + 5000);
      const rows = await admin
        .selectFrom('ledger_transfers')
        .select('id')
        .where('id', 'in', chunk)
        .execute();
      found += rows.length;
    }
    check(found === acknowledged.length, `all ${acknowledged.length} acknowledged transfers exist`);
    const violations = await findInvariantViolations(admin);
    const broken = Object.values(violations).reduce((n, rows) => n + rows.length, 0);
    check(
      broken === 0,
      'ledger invariants hold (entries sum to zero, balances match, none negative)',
    );

    const date = new Date().toISOString().slice(0, 10);
    replaceSection(
      'scale',
      [
        `## Many API processes on one PostgreSQL (\`npm run bench:scale\`, ${date})`,
        '',
        `PostgreSQL (the embedded binaries, started on their own) and three API processes on it with`,
        `\`DATABASE_URL\`, each on its own port; a client sends each request to the next process in turn.`,
        `${CONNECTIONS} connections of 1-cent P2P sends between ${SENDERS} wallets, ${SECONDS} s per row.`,
        'On this 2-core machine (shared with other work) the processes and PostgreSQL share the same two',
        'cores, so more processes cannot add speed; each adds its own event loop, pool and job worker to',
        'the same cores. These rows show that correctness holds under concurrency, not a speed-up.',
        '',
        '| API processes | transfers/s | p50 | p99 | errors |',
        '|---|---|---|---|---|',
        ...throughput.map(
          (r) => `| ${r.processes} | ${r.perSecond} | ${r.p50} ms | ${r.p99} ms | 0 |`,
        ),
        '',
        'Races, 30 concurrent requests each across the three processes: double spend (exactly 2 of 30',
        'fit the balance), replay with one Idempotency-Key (one transfer, 30 identical answers), daily',
        'limit (exactly 5 × $500.00). Then',
        `${CHAOS_SECONDS} s of load with one process killed (SIGKILL) at 5 s and PostgreSQL restarted at 10 s:`,
        `${chaos.ok} transfers acknowledged, ${chaos.unavailable} answered 503 (database restarting), ${chaos.refused}`,
        `refused by the killed process, none lost: all ${acknowledged.length} acknowledged transfers of the run exist,`,
        'and the invariant check finds nothing.',
      ].join('\n'),
    );
    console.log('Scale test passed; docs/benchmarks.md updated.');
  } finally {
    await admin?.destroy();
    await Promise.all(
      apis.map(async (api) => {
        if (api.child.exitCode !== null || api.child.signalCode !== null) return;
        const exited = new Promise((resolve) => api.child.once('exit', resolve));
        api.child.kill('SIGTERM');
        await exited;
      }),
    );
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
