import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
import { PAYEE_LOOKUP_BUDGET } from '../accounts/accounts.service';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));

function lookup(token: string, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/users/lookup?${query}`, headers: bearer(token) });
}

describe('finding whom to pay (GET /api/users/lookup)', () => {
  it('finds a user with a verified phone by username or phone, showing only name and username', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const byName = await lookup(ana.token, `username=${beto.username.toUpperCase()}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toStrictEqual({ name: 'Test User', username: beto.username });
    const byPhone = await lookup(ana.token, `phone=${encodeURIComponent(beto.phone)}`);
    expect(byPhone.json()).toEqual(byName.json());
  });

  it('answers 404 alike for an unknown user and one whose phone is not verified', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const phone = nextUsPhone();
    const unverified = await signUp(t.app, { phone });
    for (const query of [
      `username=${unverified.username}`,
      `phone=${encodeURIComponent(phone)}`,
      'username=nobody_here_at_all',
    ]) {
      const response = await lookup(ana.token, query);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('allows a bounded number of look-ups per user an hour', async () => {
    const ana = await verifiedUser(t.app, t.db);
    for (let i = 0; i < PAYEE_LOOKUP_BUDGET.account.perHour; i += 1) {
      expect((await lookup(ana.token, 'username=nobody_here')).statusCode).toBe(404);
    }
    const refused = await lookup(ana.token, 'username=nobody_here');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('lookup_limit_reached');
  });

  it('asks for exactly one of username and phone, and for a session', async () => {
    const ana = await verifiedUser(t.app, t.db);
    expect((await lookup(ana.token, '')).statusCode).toBe(400);
    expect((await lookup(ana.token, `username=x_y_z&phone=%2B12125550000`)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/lookup?username=abc' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('paying a Pago user by username (POST /api/transactions/send)', () => {
  it('pays the username’s verified phone at once, without a destination country', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const body = { recipientUsername: beto.username, amountUsd: 12.34 };
    const response = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'p2p',
      status: 'completed',
      amountCents: 1234,
      feeCents: 0,
      counterparty: { userId: beto.id, username: beto.username, phone: beto.phone },
    });
    const replay = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(replay.body).toBe(response.body);
    expect(await balanceOf(t.app, ana)).toBe(10_000 - 1234);
    expect(await balanceOf(t.app, beto)).toBe(1234);
  });

  it('refuses a username without a verified phone, and a body naming two recipients', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const unverified = await signUp(t.app, { phone: nextUsPhone() });
    const notOnPago = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: unverified.username,
      amountUsd: 5,
    });
    expect(notOnPago.statusCode).toBe(422);
    expect(notOnPago.json().error.code).toBe('recipient_not_on_pago');
    const both = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: unverified.username,
      recipientName: '+12125550000',
      amountUsd: 5,
    });
    expect(both.statusCode).toBe(400);
    expect(await balanceOf(t.app, ana)).toBe(10_000);
  });

  it('checks the session before looking the username up', async () => {
    const beto = await verifiedUser(t.app, t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/send',
      headers: { authorization: `Bearer ${'a'.repeat(64)}`, 'idempotency-key': randomUUID() },
      payload: { recipientUsername: beto.username, amountUsd: 5 },
    });
    expect(response.statusCode).toBe(401);
    const self = await verifiedUser(t.app, t.db, 1_000);
    const own = await moneyPost(t.app, self, '/api/transactions/send', {
      recipientUsername: self.username,
      amountUsd: 5,
    });
    expect(own.statusCode).toBe(422);
  });
});
