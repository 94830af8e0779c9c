import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts-helpers';
import { verifiedUser } from '../../test/money-helpers';
import { signedInStaff } from '../../test/ops-helpers';
import { type ReplicaPair, startReplicaPair } from '../../test/replica-helpers';
import { buildTestApp } from '../../test/test-app';
import { type AppInstance, servicesOf } from '../app';
import { easternMonthOf } from '../features/banking/statement-months';

// Reads off a real streaming replica that lags on purpose (its replay paused), over HTTP: a user's
// own send shows at once in their activity, CSV and statement; another user's read is served by
// the replica (it does not see what was written after the pause); a replica further behind than
// the bound, or down, leaves every read to the primary, and nothing answers 5xx.

let pair: ReplicaPair;
/** A generous bound: the replica's pause stays within it for the whole describe. */
let wide: AppInstance;
/** A bound of one second, which the paused replica soon exceeds. */
let tight: AppInstance;
/** Another API process (PAGO_PROCESSES): the send goes through it, the reads through `wide`. */
let other: AppInstance;
const base = (app: AppInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  pair = await startReplicaPair();
  const db = pair.primary;
  wide = await buildTestApp(db, { databaseReplicaUrl: pair.replicaUrl, replicaMaxLagMs: 60_000 });
  tight = await buildTestApp(db, { databaseReplicaUrl: pair.replicaUrl, replicaMaxLagMs: 1_000 });
  other = await buildTestApp(db, { databaseReplicaUrl: pair.replicaUrl, replicaMaxLagMs: 60_000 });
  await wide.listen({ port: 0, host: '127.0.0.1' });
  await other.listen({ port: 0, host: '127.0.0.1' });
  await tight.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await wide?.close();
  await tight?.close();
  await other?.close();
  await pair?.stop();
});

async function call(
  app: AppInstance,
  token: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const response = await fetch(`${base(app)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...extra,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${path}`).toBeLessThan(500);
  return response;
}

/** The ids in a user's activity list, as that app answers it. */
async function activityIds(app: AppInstance, token: string): Promise<string[]> {
  const response = await call(app, token, '/api/transactions?limit=50');
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((t) => t.id);
}

const reads = (app: AppInstance) => servicesOf(app).reads.status().reads;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('reads off a lagging replica, over HTTP', () => {
  it('measures an idle primary’s replica as fresh, not as lagging', async () => {
    // One commit, replayed; then nothing commits.
    await sql`create table idle_marker (at timestamptz)`.execute(pair.primary);
    await pair.caughtUp();
    // Nothing commits now: the last replayed commit grows old, as a replay-timestamp lag would say.
    const lastCommitAge = async () =>
      (
        await sql<{ ms: number }>`
          select (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as ms`.execute(
          pair.replica,
        )
      ).rows[0]?.ms ?? 0; // null until a commit is replayed
    await until('1.5 s without a commit', async () => (await lastCommitAge()) > 1_500);
    // The WAL position stands still and the replica has replayed it: within the one-second bound.
    await until('the replica healthy', () => servicesOf(tight).reads.status().healthy);
    const status = servicesOf(tight).reads.status();
    expect(status.problem).toBeNull();
    expect(status.lagMs).toBeLessThan(1_000);
    expect(await lastCommitAge()).toBeGreaterThan(1_500);
  }, 60_000);

  it('a user sees their own send at once; another user’s read is the replica’s', async () => {
    const ana = await verifiedUser(wide, pair.primary, 10_000);
    const beto = await verifiedUser(wide, pair.primary);
    const staff = await signedInStaff(wide, 'support');
    const admin = await signedInStaff(wide, 'admin');
    await pair.caughtUp();
    await until('the replica healthy', () => servicesOf(wide).reads.status().healthy);
    expect(await activityIds(wide, beto.token)).toEqual([]);

    await pair.pauseReplay();
    const sent = await call(other, ana.token, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 7.5,
    });
    expect(sent.status).toBe(201);
    const transfer = (await sent.json()) as { id: string; reference: string };
    // After the pause: on the primary only.
    expect(
      await pair.replica
        .selectFrom('ledger_transfers')
        .select('id')
        .where('id', '=', transfer.id)
        .execute(),
    ).toEqual([]);

    // Ana's own reads: the list, the CSV and the statement hold it (read-your-writes).
    const ownBefore = reads(wide).own_write;
    expect(await activityIds(wide, ana.token)).toContain(transfer.id);
    // The export's days are US Eastern days (the UTC date is tomorrow's from 8 or 7 p.m. there).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    const csv = await call(
      wide,
      ana.token,
      `/api/transactions/export.csv?from=${today}&to=${today}`,
    );
    expect(await csv.text()).toContain(transfer.reference);
    const month = easternMonthOf(new Date());
    const statement = await call(wide, ana.token, `/api/unit/statements/${month}`);
    expect(statement.status).toBe(200);
    expect(JSON.stringify(await statement.json())).toContain(transfer.id);
    expect(reads(wide).own_write).toBe(ownBefore + 3);

    // Beto wrote nothing: his read is the replica's, which has not replayed the send yet.
    const freshBefore = reads(wide).fresh;
    expect(servicesOf(wide).reads.status().lagMs).toBeLessThan(60_000);
    expect(await activityIds(wide, beto.token)).toEqual([]);
    expect(reads(wide).fresh).toBe(freshBefore + 1);

    // The console's search reads the replica too: a customer signed up after the pause is not found.
    const dora = await signUp(wide, {});
    const search = await call(wide, staff.token, `/api/ops/customers?q=${dora.email}`);
    expect(((await search.json()) as { items: unknown[] }).items).toEqual([]);
    // And the audit log's search: a customer's page viewed now is recorded on the primary only.
    const viewed = await call(wide, staff.token, `/api/ops/customers/${beto.id}`, undefined, {
      'x-ops-reason': 'replica test',
    });
    expect(viewed.status).toBe(200);
    const auditOf = async (app: AppInstance) => {
      const page = await call(app, admin.token, `/api/ops/audit?userId=${beto.id}`);
      expect(page.status).toBe(200);
      return ((await page.json()) as { items: { action: string }[] }).items.map((i) => i.action);
    };
    expect(await auditOf(wide)).toEqual([]);
    // The queues' summary is read there as well.
    const fresh = reads(wide).fresh;
    expect((await call(wide, staff.token, '/api/ops/queues')).status).toBe(200);
    expect(reads(wide).fresh).toBe(fresh + 1);

    // Beyond the bound (one second here), the same read goes to the primary and sees the send.
    await until('the lag above one second', () => servicesOf(tight).reads.status().lagMs > 1_000);
    const staleBefore = reads(tight).too_stale;
    expect(await activityIds(tight, beto.token)).toEqual([transfer.id]);
    expect(reads(tight).too_stale).toBe(staleBefore + 1);
    const found = await call(tight, staff.token, `/api/ops/customers?q=${dora.email}`);
    expect(((await found.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(await auditOf(tight)).toEqual(['customer.view']);

    // Replay resumed: the replica catches up and answers Beto with the send.
    await pair.resumeReplay();
    await pair.caughtUp();
    await until('a probe after the catch-up', () => servicesOf(wide).reads.status().lagMs < 2_000);
    const again = reads(wide).fresh;
    expect(await activityIds(wide, beto.token)).toEqual([transfer.id]);
    expect(reads(wide).fresh).toBe(again + 1);
  }, 60_000);

  it('a replica that is down leaves every read to the primary, without a 5xx', async () => {
    const carla = await verifiedUser(wide, pair.primary, 5_000);
    const staff = await signedInStaff(wide, 'support');
    await pair.stopReplica();
    // At once, before any probe has noticed: the read fails on the replica and the primary answers.
    const before = reads(wide);
    const ids = await activityIds(wide, carla.token);
    expect(ids).toHaveLength(1);
    const search = await call(wide, staff.token, `/api/ops/customers?q=${carla.email}`);
    expect(((await search.json()) as { items: unknown[] }).items).toHaveLength(1);
    const after = reads(wide);
    expect(after.fallback + after.unhealthy + after.own_write).toBeGreaterThan(
      before.fallback + before.unhealthy + before.own_write,
    );
    // Once a probe has seen it down, reads go straight to the primary.
    await until('the replica seen down', () => !servicesOf(wide).reads.status().healthy);
    expect(servicesOf(wide).reads.status().problem).toMatch(/replica/);
    const unhealthy = reads(wide).unhealthy;
    expect(await activityIds(wide, carla.token)).toHaveLength(1);
    expect(reads(wide).unhealthy).toBe(unhealthy + 1);
  });
});
