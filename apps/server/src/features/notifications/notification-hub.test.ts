import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type MoneyUser, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { type Database, dedicatedClient } from '../../db/database';
import { createNotificationHub } from './notification-hub';
import { insertNotification } from './notifications.repository';

let db: Database;
let app: AppInstance;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(async () => {
  await app?.close();
});

/** A P2P transfer of one cent posted by the ledger alone (its trigger writes `to`'s notification). */
async function ledgerP2p(from: MoneyUser, to: MoneyUser) {
  await sql`select id from ledger_post('p2p', 'completed', ${from.id}, ${to.id}, 1, 0, false, null,
    '{}'::jsonb, null, now(), ${JSON.stringify([
      { user_id: from.id, amount: -1 },
      { user_id: to.id, amount: 1 },
    ])}::jsonb, '{}'::jsonb)`.execute(db);
}

async function notificationIds(user: MoneyUser, type: string) {
  const { rows } = await sql<{ id: string }>`
    select id from notifications where user_id = ${user.id} and type = ${type}
    order by created_at`.execute(db);
  return rows.map((row) => row.id);
}

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A hub of its own with one stream of `user`, recording the rows it is told of. */
async function hubWithStream(user: MoneyUser, scanEveryMs: number) {
  const hub = createNotificationHub(db, app.log, { scanEveryMs });
  onTestFinished(() => hub.close());
  const told: string[] = [];
  await hub.subscribe(user.id, { notify: (id) => told.push(id), end: () => {} });
  return { hub, told };
}

describe('the notification hub', () => {
  it('hears nothing from a money transaction, and a service’s row at its commit', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    const beto = await verifiedUser(app, db);
    const listener: pg.Client = dedicatedClient(db);
    await listener.connect();
    onTestFinished(() => listener.end());
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen pago_notifications');

    await ledgerP2p(ana, beto);
    await insertNotification(db, { userId: beto.id, type: 'password_changed' });
    // Delivered in commit order: once the marker is heard, anything committed before it was.
    await sql`select pg_notify('pago_notifications', 'marker')`.execute(db);
    await until(() => heard.includes('marker'), 'the marker');

    const [received] = await notificationIds(beto, 'money_received');
    const [changed] = await notificationIds(beto, 'password_changed');
    expect(received).toBeDefined();
    expect(heard).toEqual([`${beto.id}:${changed}`, 'marker']);
  });

  it('tells a stream of the ledger’s rows when a commit is announced, each once', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    const beto = await verifiedUser(app, db);
    // No reading on its own during the test: only the announcement can bring the row.
    const { hub, told } = await hubWithStream(beto, 600_000);

    await ledgerP2p(ana, beto);
    hub.announce();
    hub.announce();
    await hub.announced();
    const [first] = await until(() => told.length > 0 && told, 'the first transfer');
    expect([first]).toEqual(await notificationIds(beto, 'money_received'));

    await ledgerP2p(ana, beto);
    hub.announce();
    await until(() => told.length > 1, 'the second transfer');
    // The phone verification, there before the stream, is not news; no row is told twice.
    expect(told).toEqual(await notificationIds(beto, 'money_received'));
    // Time-ordered ids (migration 0035): the second transfer's notification sorts after the first.
    const [one, two] = told as [string, string];
    expect([one, two].map((id) => id[14])).toEqual(['7', '7']);
    expect(one < two).toBe(true);
  });

  it('finds the ledger’s rows on its own when no announcement comes', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    const beto = await verifiedUser(app, db);
    const { told } = await hubWithStream(beto, 50);
    await ledgerP2p(ana, beto);
    await until(() => told.length > 0, 'the transfer');
    expect(told).toEqual(await notificationIds(beto, 'money_received'));
  });
});
