import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyUser, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from './ledger.repository';
import { createLedger, LedgerInvariantError, metadataOf } from './ledger.service';

let app: AppInstance;
let db: Database;
let alice: MoneyUser;
let bob: MoneyUser;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db, { logLevel: 'error' });
  alice = await verifiedUser(app, db, 50_000);
  bob = await verifiedUser(app, db);
  // An account in another currency: none exists today, the guard must hold when one does.
  await sql`insert into ledger_accounts (system_role, currency) values ('payout_clearing:ZZ', 'MXN')`.execute(
    db,
  );
});
afterAll(() => app.close());

type RawLeg = Record<string, unknown>;

/** `ledger_post` called directly, as a buggy caller would, bypassing the TypeScript checks. */
function callLedgerPost(legs: unknown, amount = 1_000) {
  return sql`
    select * from ledger_post('p2p', 'completed', ${alice.id}, ${bob.id}, ${amount}, 0, true, null,
      '{}'::jsonb, null, now(), ${JSON.stringify(legs)}::jsonb, ${JSON.stringify(TRANSFER_LIMITS)}::jsonb)`.execute(
    db,
  );
}

async function ledgerState() {
  const counts = await sql<{ transfers: string; entries: string; history: string }>`
    select (select count(*) from ledger_transfers) as transfers,
           (select count(*) from ledger_entries) as entries,
           (select count(*) from transfer_status_history) as history`.execute(db);
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'system_role', 'balance_cents'])
    .orderBy('id')
    .execute();
  return { counts: counts.rows[0], accounts };
}

const BAD_LEGS: [string, RawLeg[]][] = [
  [
    'legs that do not sum to zero',
    [
      { user_id: 'ALICE', amount: -1_000 },
      { user_id: 'BOB', amount: 999 },
    ],
  ],
  ['a single leg', [{ user_id: 'ALICE', amount: -1_000 }]],
  ['no legs', []],
  [
    'a fractional amount',
    [
      { user_id: 'ALICE', amount: -10.5 },
      { user_id: 'BOB', amount: 10.5 },
    ],
  ],
  [
    'an amount that is not a number',
    [
      { user_id: 'ALICE', amount: '-1000' },
      { user_id: 'BOB', amount: 1_000 },
    ],
  ],
  [
    'a leg naming no account (it used to be dropped)',
    [
      { user_id: 'ALICE', amount: -1_000 },
      { role: 'no_such_role', amount: 1_000 },
    ],
  ],
  [
    "accounts whose currencies differ (the wallet's USD and an MXN account)",
    [
      { user_id: 'ALICE', amount: -1_000 },
      { role: 'payout_clearing:ZZ', amount: 1_000 },
    ],
  ],
];

describe('ledger_post guards the ledger itself', () => {
  it.each(BAD_LEGS)('refuses %s with SQLSTATE P2003 and writes nothing', async (_, template) => {
    // A wallet the bad transfer would open: Bob has none until money reaches him.
    const legs = template.map((leg) => ({
      ...leg,
      ...(leg.user_id ? { user_id: leg.user_id === 'ALICE' ? alice.id : bob.id } : {}),
    }));
    const before = await ledgerState();

    const error = await callLedgerPost(legs).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );

    expect(error?.code).toBe('P2003');
    expect(await ledgerState()).toEqual(before);
  });

  it('still posts balanced legs in one currency', async () => {
    const before = await ledgerState();
    await callLedgerPost([
      { user_id: alice.id, amount: -1_000 },
      { user_id: bob.id, amount: 1_000 },
    ]);
    const after = await ledgerState();
    expect(Number(after.counts?.transfers)).toBe(Number(before.counts?.transfers) + 1);
    expect(await findInvariantViolations(db)).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeUserAccounts: [],
    });
  });

  it('ledger.post turns the refusal into an internal error, never a user-facing one', async () => {
    const ledger = createLedger({ partyNames: async () => new Map() });
    const before = await ledgerState();

    // The legs sum to zero, so only the database can see what is wrong with them.
    const posting = db.transaction().execute((tx) =>
      ledger.post(tx, {
        kind: 'bill_payment',
        status: 'completed',
        userId: alice.id,
        amountCents: cents(1_000),
        countsTowardLimits: true,
        metadata: {
          billerId: 'b',
          billerName: 'Biller',
          paymentType: 'electricity',
          accountAtBiller: '••••1234',
          memo: '',
        },
        legs: [
          { account: { userId: alice.id }, amountCents: -1_000 },
          { account: { role: 'payout_clearing:ZZ' }, amountCents: 1_000 },
        ],
      }),
    );

    const error = await posting.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LedgerInvariantError);
    expect((error as LedgerInvariantError).detail).toMatchObject({ reason: 'mixed_currencies' });
    expect(await ledgerState()).toEqual(before);
  });
});

describe('metadataOf', () => {
  it('gives a kind its metadata and refuses a transfer of another kind', () => {
    const row = {
      id: 't1',
      kind: 'p2p' as const,
      metadata: { recipientPhone: '+13055550100', recipientCountry: 'US' },
    };
    expect(metadataOf(row, 'p2p').recipientPhone).toBe('+13055550100');
    expect(() => metadataOf(row, 'remittance')).toThrow('Transfer t1 is a p2p, not a remittance');
  });
});
