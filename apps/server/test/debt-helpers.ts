import { cents } from '@pago/shared/money';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type AppInstance, servicesOf } from '../src/app';
import type { Database } from '../src/db/database';
import { bearer, type TestUser } from './accounts-helpers';

/**
 * Leaves `user` owing `amount`, as a bank deposit returned after all of it was spent does
 * (funding-settlement.ts): a `bank_deposit_return` from `funding_receivable` to
 * `funding_clearing` and the wallet's `owed_cents` raised.
 */
export async function owe(app: AppInstance, db: Database, user: TestUser, amount: number) {
  const { ledger } = servicesOf(app);
  await db.transaction().execute(async (tx) => {
    // The wallet's account, as its first money made it (ledger_post opens it then).
    await sql`insert into ledger_accounts (user_id) select ${user.id}::uuid
      where not exists (select 1 from ledger_accounts where user_id = ${user.id}::uuid)`.execute(
      tx,
    );
    await ledger.walletState(tx, user.id, true);
    await ledger.post(tx, {
      kind: 'bank_deposit_return',
      status: 'completed',
      userId: user.id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      metadata: { returnOf: '', reason: 'R01', owedCents: amount },
      legs: [
        { account: { role: 'funding_receivable' }, amountCents: -amount },
        { account: { role: 'funding_clearing' }, amountCents: amount },
      ],
    });
    await ledger.adjustWallet(tx, user.id, { owed: amount });
  });
}

/** The wallet as the API shows it. */
export async function walletOf(app: AppInstance, user: TestUser) {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/wallet/balance',
    headers: bearer(user.token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    balanceCents: number;
    availableBalanceCents: number;
    pendingCents: number;
    owedCents: number;
  };
}
