import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ageRateLimits,
  bearer,
  nextIp,
  signUp,
  type TestUser,
} from '../../../test/accounts-helpers';
import { moneyTestApp, nextUsPhone, verifiedUser } from '../../../test/money-helpers';
import { PAYEE_LOOKUP_BUDGET } from './accounts.service';

// Every path that finds who is behind a phone, a username or an e-mail address
// takes from one budget per account and one per network, found or not; verified payers only;
// answers show what the payment screen shows.
const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));
const { account, network } = PAYEE_LOOKUP_BUDGET;

type Ask = (user: TestUser, ip: string) => Promise<LightMyRequestResponse>;

/** A phone of the U.S. that is no Pago user's, different every time. */
const stranger = () => nextUsPhone();

const lookUp: Ask = (user, ip) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/lookup?phone=${encodeURIComponent(stranger())}`,
    headers: bearer(user.token),
    remoteAddress: ip,
  });

const post =
  (url: string, payload: () => object): Ask =>
  (user, ip) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: payload(),
      remoteAddress: ip,
    });

/** Every way in, each asking about someone who is not on Pago (a miss counts like a hit). */
const PATHS: Record<string, Ask> = {
  lookup: lookUp,
  quote: post('/api/transactions/quote', () => ({
    recipientCountry: 'MX',
    amountUsd: 10,
    recipientPhone: stranger(),
  })),
  'send by phone': post('/api/transactions/send', () => ({
    recipientName: stranger(),
    amountUsd: 1,
  })),
  'send by username': post('/api/transactions/send', () => ({
    recipientUsername: `nobody_${randomUUID().slice(0, 8)}`,
    amountUsd: 1,
  })),
  'request create': post('/api/requests/create', () => ({
    requestedFrom: stranger(),
    amountUsd: 5,
  })),
  'bank payment': post('/api/unit/payments/send', () => ({
    receiver: `${randomUUID().slice(0, 8)}@example.com`,
    amount: 500,
  })),
  'send home': post('/api/remittances', () => ({
    recipientId: randomUUID(),
    quoteId: randomUUID(),
    amountUsd: 10,
  })),
};

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('lookup_limit_reached');
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(24 * 3600);
  expect(response.json().error.details.retryAfterSeconds).toBe(wait);
}

describe('one look-up budget per account, whatever the path', () => {
  for (const [name, ask] of Object.entries(PATHS)) {
    it(`${name}: counts against the account's budget, found or not, from any network`, async () => {
      const ana = await verifiedUser(t.app, t.db);
      // The account's hour goes on other paths, each from a different network...
      for (let i = 0; i < account.perHour; i += 1) {
        const response = await lookUp(ana, nextIp());
        expect(response.statusCode, response.body).toBe(404);
      }
      // ...and this path, from yet another network, finds the budget spent.
      expectLimited(await ask(ana, nextIp()));
    });
  }

  it('shares the hour across paths: misses and hits of lookups, quotes and requests alike', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < account.perHour; i += 1) {
      const ask = [
        lookUp,
        PATHS.quote as Ask,
        PATHS['request create'] as Ask,
        // A hit: Beto is found, and that counts too.
        (user: TestUser, at: string) =>
          t.app.inject({
            method: 'GET',
            url: `/api/users/lookup?username=${beto.username}`,
            headers: bearer(user.token),
            remoteAddress: at,
          }),
      ][i % 4] as Ask;
      statuses.push((await ask(ana, ip)).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses).toContain(200);
    expectLimited(await (PATHS['send by phone'] as Ask)(ana, ip));
  });

  it('bounds the day as well as the hour', async () => {
    const ana = await verifiedUser(t.app, t.db);
    let spent = 0;
    while (spent < account.perDay) {
      for (let i = 0; i < account.perHour && spent < account.perDay; i += 1, spent += 1) {
        expect((await lookUp(ana, nextIp())).statusCode).toBe(404);
      }
      // The hour's window slides past; the day's does not.
      await ageRateLimits(t.db, `payee-lookup:%${ana.id}`, 61);
    }
    const refused = await lookUp(ana, nextIp());
    expectLimited(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
  });
});

describe('one look-up budget per network, whatever the account', () => {
  it('stops several accounts from one address once the network’s hour is spent', async () => {
    const ip = nextIp();
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(network.perHour / account.perHour) + 1 }, () =>
        verifiedUser(t.app, t.db),
      ),
    );
    const paths = Object.values(PATHS);
    let answered = 0;
    let refused: LightMyRequestResponse | null = null;
    for (const [n, user] of accounts.entries()) {
      for (let i = 0; i < account.perHour && !refused; i += 1) {
        const response = await (paths[(n + i) % paths.length] as Ask)(user, ip);
        if (response.statusCode === 429) refused = response;
        else answered += 1;
      }
      if (refused) break;
    }
    expect(answered).toBe(network.perHour);
    expectLimited(refused as LightMyRequestResponse);
    // A fresh account on that network is refused too; elsewhere it is answered.
    const fresh = await verifiedUser(t.app, t.db);
    for (const ask of paths) expectLimited(await ask(fresh, ip));
    expect((await lookUp(fresh, nextIp())).statusCode).toBe(404);
  });

  it('counts parallel look-ups one by one', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: account.perHour + 10 }, () => lookUp(ana, ip)),
    );
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    expect([count(404), count(429)]).toEqual([account.perHour, 10]);
  });
});

describe('verified payers only', () => {
  it('refuses a look-up to an account whose identity is not verified', async () => {
    const beto = await verifiedUser(t.app, t.db);
    const eve = await signUp(t.app, { phone: nextUsPhone() });
    for (const query of [`username=${beto.username}`, `phone=${encodeURIComponent(beto.phone)}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/lookup?${query}`,
        headers: bearer(eve.token),
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('identity_not_verified');
    }
    for (const [name, ask] of Object.entries(PATHS)) {
      const response = await ask(eve, nextIp());
      expect([name, response.statusCode]).toEqual([name, 403]);
    }
  });
});

describe('answers show what the payment screen shows', () => {
  it('a look-up answers the display name and @username only', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    await t.db
      .updateTable('users')
      .set({ name: 'Beto', legal_name: 'Roberto Carlos Ruiz Ortega' })
      .where('id', '=', beto.id)
      .execute();
    for (const query of [`username=${beto.username}`, `phone=${encodeURIComponent(beto.phone)}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/lookup?${query}`,
        headers: bearer(ana.token),
        remoteAddress: nextIp(),
      });
      expect(response.json()).toStrictEqual({ name: 'Beto', username: beto.username });
    }
  });

  it('a request made by username or phone shows the person asked by name and @username only', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    await t.db
      .updateTable('users')
      .set({ name: 'Beto', legal_name: 'Roberto Carlos Ruiz Ortega' })
      .where('id', '=', beto.id)
      .execute();
    for (const requestedFrom of [beto.username, beto.phone]) {
      const created = await post('/api/requests/create', () => ({ requestedFrom, amountUsd: 5 }))(
        ana,
        nextIp(),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().payer).toStrictEqual({ name: 'Beto', username: beto.username });
      expect(created.body).not.toContain(beto.id);
      expect(created.body).not.toContain('Roberto');
    }
  });
});

describe('a payment to a Pago user’s phone once the budget is spent', () => {
  const pay = (user: TestUser, phone: string, ip: string, key = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transactions/send',
      headers: { ...bearer(user.token), 'idempotency-key': key },
      payload: { recipientName: phone, amountUsd: 1 },
      remoteAddress: ip,
    });

  it('pays without taking from the budget, waits once the account spent it, and replays', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const first = await pay(ana, beto.phone, nextIp(), key);
    expect(first.statusCode, first.body).toBe(201);
    // Paying someone is the payment itself: the whole hour is still there for look-ups.
    for (let i = 0; i < account.perHour; i += 1) {
      expect((await lookUp(ana, nextIp())).statusCode).toBe(404);
    }
    // Spent: a Pago user's phone is answered as any other phone — 429, and nothing moves.
    expectLimited(await pay(ana, beto.phone, nextIp()));
    expectLimited(await pay(ana, stranger(), nextIp()));
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(ana.token),
    });
    expect(balance.json().balanceCents).toBe(10_000 - 100);
    // The payment made before replays as it was.
    const replay = await pay(ana, beto.phone, nextIp(), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
  });

  it('waits for every account of a network that spent the budget', async () => {
    const ip = nextIp();
    const beto = await verifiedUser(t.app, t.db);
    const spenders = await Promise.all(
      Array.from({ length: Math.ceil(network.perHour / account.perHour) }, () =>
        verifiedUser(t.app, t.db),
      ),
    );
    let spent = 0;
    for (const user of spenders) {
      for (let i = 0; i < account.perHour && spent < network.perHour; i += 1, spent += 1) {
        expect((await lookUp(user, ip)).statusCode).toBe(404);
      }
    }
    const payer = await verifiedUser(t.app, t.db, 1_000);
    expectLimited(await pay(payer, beto.phone, ip));
    expect((await pay(payer, beto.phone, nextIp())).statusCode).toBe(201);
  });
});

describe('replays', () => {
  it('answers a request’s replay as first answered, after the budget is spent', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/requests/create',
        headers: { ...bearer(ana.token), 'idempotency-key': key },
        payload: { requestedFrom: beto.username, amountUsd: 5 },
        remoteAddress: nextIp(),
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < account.perHour; i += 1) {
      expect((await lookUp(ana, nextIp())).statusCode).toBe(404);
    }
    expectLimited(await lookUp(ana, nextIp()));
    const replay = await create();
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
  });
});
