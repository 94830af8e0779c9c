import { REQUEST_LIMITS } from '@pago/shared/contracts/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../test/accounts-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

describe('money requests', () => {
  it('asks a user by username, who pays it from the inbox', async () => {
    const [ana, beto] = [await verifiedUser(app, db), await verifiedUser(app, db, 5000)];
    const created = await moneyPost(app, ana, '/api/requests/create', {
      requestedFrom: beto.username.toUpperCase(),
      requestNote: 'Tacos',
      amountUsd: 20,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      amountCents: 2000,
      note: 'Tacos',
      status: 'pending',
      requester: { userId: ana.id },
    });
    // The person found by a username shows as the payment screen shows them, nothing more.
    expect(created.json().payer).toStrictEqual({ name: 'Test User', username: beto.username });
    const inbox = (
      await app.inject({
        method: 'GET',
        url: '/api/requests/incoming',
        headers: bearer(beto.token),
      })
    ).json();
    expect(inbox.items.map((r: { id: string }) => r.id)).toEqual([created.json().id]);
    expect(inbox.nextCursor).toBeNull();
    const outgoing = (
      await app.inject({ method: 'GET', url: '/api/requests/outgoing', headers: bearer(ana.token) })
    ).json();
    expect(outgoing.items).toHaveLength(1);

    const paid = await moneyPost(app, beto, `/api/requests/${created.json().id}/pay`, {});
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('paid');
    expect(await balanceOf(app, ana)).toBe(2000);
    expect(await balanceOf(app, beto)).toBe(3000);
    const again = await moneyPost(app, beto, `/api/requests/${created.json().id}/pay`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('request_not_pending');
    const transfer = (
      await app.inject({
        method: 'GET',
        url: `/api/transactions/${paid.json().transferId}`,
        headers: bearer(beto.token),
      })
    ).json();
    expect(transfer).toMatchObject({
      kind: 'request_payment',
      direction: 'out',
      amountCents: 2000,
    });
  });

  it('asks a user by phone; the payer declines; the requester cancels another', async () => {
    const [ana, beto] = [await verifiedUser(app, db), await verifiedUser(app, db)];
    const first = (
      await moneyPost(app, ana, '/api/requests/create', { requestedFrom: beto.phone, amountUsd: 5 })
    ).json();
    expect(
      (await moneyPost(app, beto, `/api/requests/${first.id}/decline`, {})).json().status,
    ).toBe('declined');
    const second = (
      await moneyPost(app, ana, '/api/requests/create', { requestedFrom: beto.phone, amountUsd: 6 })
    ).json();
    expect((await moneyPost(app, ana, `/api/requests/${second.id}/cancel`, {})).json().status).toBe(
      'cancelled',
    );
  });

  it('lets only the payer pay or decline and only the requester cancel; strangers get 404', async () => {
    const [ana, beto, eve] = [
      await verifiedUser(app, db, 1000),
      await verifiedUser(app, db, 1000),
      await verifiedUser(app, db, 1000),
    ];
    const request = (
      await moneyPost(app, ana, '/api/requests/create', {
        requestedFrom: beto.username,
        amountUsd: 1,
      })
    ).json();
    expect((await moneyPost(app, ana, `/api/requests/${request.id}/pay`, {})).statusCode).toBe(404);
    expect((await moneyPost(app, eve, `/api/requests/${request.id}/pay`, {})).statusCode).toBe(404);
    expect((await moneyPost(app, eve, `/api/requests/${request.id}/cancel`, {})).statusCode).toBe(
      404,
    );
    expect((await moneyPost(app, beto, `/api/requests/${request.id}/cancel`, {})).statusCode).toBe(
      404,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/requests/incoming',
          headers: bearer(eve.token),
        })
      ).json(),
    ).toEqual({ items: [], nextCursor: null });
  });

  it('refuses an unknown user and yourself, clearly', async () => {
    const ana = await verifiedUser(app, db);
    const unknown = await moneyPost(app, ana, '/api/requests/create', {
      requestedFrom: 'nobody_here_42',
      amountUsd: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: { code: 'recipient_not_found' },
      message: 'No Pago user has that username or phone.',
    });
    expect(
      (
        await moneyPost(app, ana, '/api/requests/create', {
          requestedFrom: ana.username,
          amountUsd: 1,
        })
      ).json().error.code,
    ).toBe('self_transfer');
  });

  it('counts a paid request toward the payer’s limits and refuses it past the balance', async () => {
    const [ana, beto] = [await verifiedUser(app, db), await verifiedUser(app, db, 500)];
    const big = (
      await moneyPost(app, ana, '/api/requests/create', {
        requestedFrom: beto.username,
        amountUsd: 10,
      })
    ).json();
    const refused = await moneyPost(app, beto, `/api/requests/${big.id}/pay`, {});
    expect(refused.json().error.code).toBe('insufficient_funds');
    const stillPending = (
      await app.inject({
        method: 'GET',
        url: '/api/requests/incoming',
        headers: bearer(beto.token),
      })
    ).json();
    expect(stillPending.items[0].status).toBe('pending');
  });

  const ask = (from: TestUser, to: TestUser, amountUsd = 1) =>
    moneyPost(app, from, '/api/requests/create', { requestedFrom: to.username, amountUsd });
  const inbox = (user: TestUser, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/requests/incoming${query}`,
      headers: bearer(user.token),
    });

  it('allows a few pending requests to one person at a time, even sent all at once', async () => {
    const [spammer, target, friend] = [
      await verifiedUser(app, db),
      await verifiedUser(app, db),
      await verifiedUser(app, db),
    ];
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask(spammer, target)));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted).toHaveLength(REQUEST_LIMITS.pendingPerPayer);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'request_limit_reached',
          details: { limit: 'pending', max: REQUEST_LIMITS.pendingPerPayer },
        },
      });
    }
    // Someone else can still ask the same person, and the spammer can ask someone else.
    expect((await ask(friend, target)).statusCode).toBe(201);
    expect((await ask(spammer, friend)).statusCode).toBe(201);
    // An answered request frees its place.
    const first = accepted[0]?.json().id as string;
    expect((await moneyPost(app, target, `/api/requests/${first}/decline`, {})).statusCode).toBe(
      200,
    );
    expect((await ask(spammer, target)).statusCode).toBe(201);
  });

  it('allows a limited number of requests a day to one person, cancelled or not', async () => {
    const [ana, beto] = [await verifiedUser(app, db), await verifiedUser(app, db)];
    for (let i = 0; i < REQUEST_LIMITS.perPayerPerDay; i += 1) {
      const created = await ask(ana, beto);
      expect(created.statusCode).toBe(201);
      await moneyPost(app, ana, `/api/requests/${created.json().id}/cancel`, {});
    }
    const refused = await ask(ana, beto);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'request_limit_reached',
      details: { limit: 'daily', max: REQUEST_LIMITS.perPayerPerDay },
    });
    const wait = refused.json().error.details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
  });

  it('pages the inbox, newest first, with a cursor', async () => {
    const [beto, ana, eve] = [
      await verifiedUser(app, db),
      await verifiedUser(app, db),
      await verifiedUser(app, db),
    ];
    const made: string[] = [];
    for (const from of [ana, eve, ana, eve, ana]) made.push((await ask(from, beto)).json().id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await inbox(beto, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      const body = page.json() as { items: { id: string }[]; nextCursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    for (const bad of [
      '?cursor=nope',
      `?cursor=${Buffer.from('+099999-01-01T00:00:00Z|x').toString('base64url')}`,
      '?limit=0',
      '?limit=101',
      '?other=1',
    ]) {
      const response = await inbox(beto, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toMatch(/^(bad_request|validation_failed)$/);
    }
    const absurd = Buffer.from(`+099999-01-01T00:00:00.000Z|${made[0]}`).toString('base64url');
    expect((await inbox(beto, `?cursor=${absurd}`)).statusCode).toBe(400);
  });

  it('shows one request to its two parties only, whatever its status', async () => {
    const [ana, beto, carla] = [
      await verifiedUser(app, db),
      await verifiedUser(app, db, 5000),
      await verifiedUser(app, db),
    ];
    const created = await moneyPost(app, ana, '/api/requests/create', {
      requestedFrom: beto.username,
      requestNote: 'Renta',
      amountUsd: 12.5,
    });
    const id = created.json().id as string;
    const get = (user: TestUser, path = id) =>
      app.inject({ method: 'GET', url: `/api/requests/${path}`, headers: bearer(user.token) });

    for (const party of [ana, beto]) {
      const seen = await get(party);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({
        id,
        amountCents: 1250,
        note: 'Renta',
        status: 'pending',
        requester: { userId: ana.id },
        payer: { userId: beto.id },
      });
    }
    // Anyone else, a made-up id or no session: as if it did not exist.
    for (const response of [
      await get(carla),
      await get(beto, '00000000-0000-4000-8000-000000000000'),
      await get(beto, 'nope'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: `/api/requests/${id}` })).statusCode).toBe(401);

    await moneyPost(app, beto, `/api/requests/${id}/pay`, {});
    expect((await get(beto)).json()).toMatchObject({
      status: 'paid',
      transferId: expect.any(String),
    });
  });
});
