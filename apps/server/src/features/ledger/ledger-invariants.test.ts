import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp, servicesOf } from '../../app';
import { backgroundJobs } from '../../jobs/background-jobs';

const { db } = await createTestDatabase();
const logged: string[] = [];
const app = await buildApp(
  { config: testConfig(), db },
  { logger: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }) },
);
afterAll(() => app.close());

const job = () => {
  const found = backgroundJobs(servicesOf(app)).find((j) => j.name === 'ledger-invariants');
  if (!found) throw new Error('no ledger-invariants job');
  return found;
};
const detail = async () => (await app.inject({ method: 'GET', url: '/api/health/detail' })).json();
const errors = () =>
  logged
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'ledger invariants broken');

describe('the ledger invariant check', () => {
  it('is a daily job; before its first run the health detail says it never ran', async () => {
    expect(job().everySeconds).toBe(24 * 60 * 60);
    expect(await detail()).toMatchObject({
      status: 'ok',
      ledgerInvariants: { status: 'unchecked', checkedAt: null },
    });
  });

  it('records each run: a sound ledger is ok in the health detail, with nothing logged as an error', async () => {
    const ana = await verifiedUser(app, db, 5_000);
    await job().run({ id: 'test', retryCount: 0 });
    const runs = await db.selectFrom('ledger_invariant_checks').selectAll().execute();
    expect(runs).toMatchObject([
      { source: 'job', unbalanced_transfers: 0, drifted_accounts: 0, negative_user_accounts: 0 },
    ]);
    expect(await detail()).toMatchObject({
      status: 'ok',
      ledgerInvariants: {
        status: 'ok',
        checkedAt: runs[0]?.checked_at.toISOString(),
        unbalancedTransfers: 0,
        driftedAccounts: 0,
        negativeUserAccounts: 0,
      },
    });
    expect(errors()).toEqual([]);

    // A planted inconsistency: the wallet's balance moved without an entry.
    const wallet = await db
      .updateTable('ledger_accounts')
      .set({ balance_cents: sql`balance_cents + 1` })
      .where('user_id', '=', ana.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await job().run({ id: 'test', retryCount: 0 });
    expect(await detail()).toMatchObject({
      status: 'alert',
      ledgerInvariants: { status: 'broken', driftedAccounts: 1, unbalancedTransfers: 0 },
    });
    expect(errors()).toMatchObject([
      {
        level: 50,
        ledgerInvariants: {
          driftedAccounts: 1,
          found: { driftedAccounts: [Number(wallet.id)] },
        },
      },
    ]);
    const last = await db
      .selectFrom('ledger_invariant_checks')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      drifted_accounts: 1,
      found: { driftedAccounts: [Number(wallet.id)] },
    });
  });
});
