import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppInstance } from '../src/app';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { findInvariantViolations } from '../src/features/ledger/ledger.repository';
import { bearer, markIdentityVerified, signUp, type TestUser } from './accounts-helpers';
import { verifyPhone } from './phone-helpers';
import { buildTestApp } from './test-app';
import { createTestDatabase } from './test-database';

let phoneCounter = 0;
/** A valid US mobile number, different on every call. */
export function nextUsPhone(): string {
  phoneCounter += 1;
  return `+1212555${String(1000 + (phoneCounter % 9000)).padStart(4, '0')}`;
}

export type MoneyUser = TestUser & { phone: string };

/**
 * A signed-up, identity-verified user whose phone is verified by SMS (so payments and requests
 * to it resolve), with `depositCents` of test money.
 */
export async function verifiedUser(
  app: AppInstance,
  db: Database,
  depositCents = 0,
): Promise<MoneyUser> {
  const phone = nextUsPhone();
  const user = await signUp(app, { phone });
  await verifyPhone(app, user, phone);
  await markIdentityVerified(db, user.id);
  if (depositCents > 0) await deposit(app, user, depositCents);
  return { ...user, phone };
}

export async function deposit(app: AppInstance, user: TestUser, cents: number) {
  let left = cents;
  while (left > 0) {
    const amount = Math.min(left, 100_000);
    const response = await moneyPost(app, user, '/api/wallet/test-deposit', { amount });
    if (response.statusCode !== 201) throw new Error(`deposit: ${response.body}`);
    left -= amount;
  }
}

export function moneyPost(
  app: AppInstance,
  user: TestUser,
  url: string,
  payload: unknown,
  key: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(user.token), 'idempotency-key': key },
    payload: payload as object,
  });
}

export async function balanceOf(app: AppInstance, user: TestUser): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/wallet/balance',
    headers: bearer(user.token),
  });
  return response.json().balanceCents;
}

export type MoneyTestApp = { app: AppInstance; db: Database; now: Date };

/**
 * The test file's app on its own database, listening on a loopback port, whose clock reads `now`
 * (a test moves it), and after the file's tests a check that the ledger still holds: balanced transfers, no drift, none negative.
 */
export function moneyTestApp(start: Date, overrides: Partial<Config> = {}): MoneyTestApp {
  const t = { now: start } as MoneyTestApp;
  beforeAll(async () => {
    ({ db: t.db } = await createTestDatabase());
    t.app = await buildTestApp(t.db, overrides, () => t.now);
    // Listening, so the vendor clients reach the sandbox fakes over HTTP (the payout partner's).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    expect(await findInvariantViolations(t.db)).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeUserAccounts: [],
    });
    await t.app.close();
  });
  return t;
}

/** Asks for a quote (no Idempotency-Key: a quote moves no money). */
export function postQuote(app: AppInstance, user: { token: string }, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/transactions/quote',
    headers: bearer(user.token),
    payload,
  });
}
