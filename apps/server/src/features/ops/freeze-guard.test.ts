import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

// The database's guard (migration 0055), whoever freezes: money out refused, money in lands.
let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
  return () => app.close();
});

const freeze = (userId: string) =>
  sql`update users set frozen_at = now(), frozen_reason = 'review' where id = ${userId}`.execute(
    db,
  );

describe('a frozen account', () => {
  it('sends nothing (423 account_frozen, nothing posted) and still receives', async () => {
    const ana = await verifiedUser(app, db, 10_000);
    const beto = await verifiedUser(app, db, 10_000);
    await freeze(ana.id);
    const send = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 5,
    });
    expect(send.statusCode, send.body).toBe(423);
    expect(send.json().error.code).toBe('account_frozen');
    expect(await balanceOf(app, ana)).toBe(10_000);

    const toAna = await moneyPost(app, beto, '/api/transactions/send', {
      recipientName: ana.phone,
      amountUsd: 7,
    });
    expect(toAna.statusCode, toAna.body).toBeLessThan(300);
    expect(await balanceOf(app, ana)).toBe(10_700);
  });
});
