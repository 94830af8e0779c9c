import { internationalFee } from '@pago/shared/fees';
import type { Cents } from '@pago/shared/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { balanceOf, type MoneyUser, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { saveAbroad, THUNES_TEST_TIMINGS, until } from '../../../test/remittance-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from './ledger.repository';

let app: AppInstance;
let db: Database;
let now = new Date('2026-06-01T16:00:00Z');

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db, { ...THUNES_TEST_TIMINGS, logLevel: 'error' }, () => now);
  // Listening: the payout partner's client reaches its sandbox fake over HTTP.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const PER_TX = 99_900;
const DAILY = 250_000;

type Command =
  | { op: 'deposit'; user: number; amount: number }
  | { op: 'p2p'; from: number; to: number; amount: number }
  | { op: 'remit'; from: number; amount: number; fails: boolean }
  | { op: 'bill'; from: number; amount: number }
  | { op: 'request'; requester: number; payer: number; amount: number };

const user = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 130_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    user,
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({ op: fc.constant('p2p' as const), from: user, to: user, amount }),
  // From $2: below about $1 the sandbox payer's minimum (1 USD's worth) refuses the quote.
  fc.record({
    op: fc.constant('remit' as const),
    from: user,
    amount: fc.integer({ min: 200, max: 130_000 }),
    fails: fc.boolean(),
  }),
  fc.record({ op: fc.constant('bill' as const), from: user, amount }),
  fc.record({ op: fc.constant('request' as const), requester: user, payer: user, amount }),
);

/** What the ledger must decide, from balances and today's outgoing total alone. */
function expectedRefusal(
  balance: number,
  used: number,
  amount: number,
  total = amount,
): string | null {
  if (balance < total) return 'insufficient_funds';
  if (amount > PER_TX || used + amount > DAILY) return 'limit_exceeded';
  return null;
}

describe('the ledger under random workloads', () => {
  it('matches a model of balances and limits, and keeps its invariants, after every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 14 }), async (commands) => {
        // A new day and new people for every sequence, so limits start from zero.
        now = new Date(now.getTime() + 24 * 3_600_000);
        const users: MoneyUser[] = [];
        for (let i = 0; i < 3; i++) users.push(await verifiedUser(app, db));
        // The recipients abroad each sender pays (one whose payouts the payer declines).
        const t = { app, db, now };
        for (const sender of users) {
          for (const phone of ['+525512340000', '+525512345678'])
            await saveAbroad(t, sender, phone, 'MX');
        }
        const balances = [0, 0, 0];
        const used = [0, 0, 0];

        for (const c of commands) {
          if (c.op === 'deposit') {
            const response = await moneyPost(
              app,
              users[c.user] as MoneyUser,
              '/api/wallet/test-deposit',
              { amount: c.amount },
            );
            expect(response.statusCode).toBe(201);
            balances[c.user] = (balances[c.user] as number) + c.amount;
          } else if (c.op === 'p2p' || c.op === 'request' || c.op === 'bill') {
            const from = c.op === 'request' ? c.payer : c.from;
            const to = c.op === 'p2p' ? c.to : c.op === 'request' ? c.requester : -1;
            if (from === to) continue;
            const sender = users[from] as MoneyUser;
            let response: Awaited<ReturnType<typeof moneyPost>>;
            if (c.op === 'p2p') {
              response = await moneyPost(app, sender, '/api/transactions/send', {
                recipientName: (users[to] as MoneyUser).phone,
                recipientCountry: 'MX',
                amountUsd: c.amount / 100,
              });
            } else if (c.op === 'bill') {
              response = await moneyPost(app, sender, '/api/unit/bill-payment', {
                paymentType: 'rent',
                payeeId: 'rent-1',
                amount: c.amount,
                accountId: 'APT-1204',
              });
            } else {
              const request = await moneyPost(app, users[to] as MoneyUser, '/api/requests/create', {
                requestedFrom: sender.username,
                amountUsd: c.amount / 100,
              });
              response = await moneyPost(app, sender, `/api/requests/${request.json().id}/pay`, {});
            }
            const refusal = expectedRefusal(
              balances[from] as number,
              used[from] as number,
              c.amount,
            );
            if (refusal) {
              expect(response.json().error?.code).toBe(refusal);
            } else {
              expect(response.statusCode).toBeLessThan(300);
              balances[from] = (balances[from] as number) - c.amount;
              used[from] = (used[from] as number) + c.amount;
              if (to >= 0) balances[to] = (balances[to] as number) + c.amount;
            }
          } else {
            const sender = users[c.from] as MoneyUser;
            const phone = c.fails ? '+525512340000' : '+525512345678';
            const quote = await app.inject({
              method: 'POST',
              url: '/api/transactions/quote',
              headers: bearer(sender.token),
              payload: { recipientCountry: 'MX', amountUsd: c.amount / 100, recipientPhone: phone },
            });
            // Limits are checked at quote time: a quote over them is refused there.
            const overLimit = c.amount > PER_TX || (used[c.from] as number) + c.amount > DAILY;
            if (overLimit) {
              expect(quote.json().error?.code).toBe('limit_exceeded');
              continue;
            }
            expect(quote.statusCode).toBe(200);
            const fee = internationalFee('MX', c.amount as Cents, 'standard');
            const response = await moneyPost(app, sender, '/api/transactions/send', {
              recipientName: phone,
              recipientCountry: 'MX',
              amountUsd: c.amount / 100,
              quoteId: quote.json().quoteId,
            });
            const refusal = expectedRefusal(
              balances[c.from] as number,
              used[c.from] as number,
              c.amount,
              c.amount + fee,
            );
            if (refusal) {
              expect(response.json().error?.code).toBe(refusal);
            } else {
              expect(response.statusCode).toBe(201);
              balances[c.from] = (balances[c.from] as number) - c.amount - fee;
              used[c.from] = (used[c.from] as number) + c.amount;
              // The partner pays it, or declines it and the ledger refunds it.
              const id = response.json().id;
              await until(t, async () => {
                const { status } = (
                  await app.inject({
                    method: 'GET',
                    url: `/api/transactions/${id}`,
                    headers: bearer(sender.token),
                  })
                ).json();
                return status === (c.fails ? 'refunded' : 'delivered');
              });
              if (c.fails) {
                balances[c.from] = (balances[c.from] as number) + c.amount + fee;
                used[c.from] = (used[c.from] as number) - c.amount;
              }
            }
          }
          for (let i = 0; i < 3; i++)
            expect(await balanceOf(app, users[i] as MoneyUser)).toBe(balances[i]);
        }
        expect(await findInvariantViolations(db)).toEqual({
          unbalancedTransfers: [],
          driftedAccounts: [],
          negativeUserAccounts: [],
        });
      }),
      { numRuns: 12 },
    );
    // Twelve sequences of up to 14 money operations on a real database: a busy machine needs more
    // than the default 30 s.
  }, 180_000);
});
