import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
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
      payer: { userId: beto.id },
    });
    const inbox = (
      await app.inject({
        method: 'GET',
        url: '/api/requests/incoming',
        headers: bearer(beto.token),
      })
    ).json();
    expect(inbox.map((r: { id: string }) => r.id)).toEqual([created.json().id]);
    const outgoing = (
      await app.inject({ method: 'GET', url: '/api/requests/outgoing', headers: bearer(ana.token) })
    ).json();
    expect(outgoing).toHaveLength(1);

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
    ).toEqual([]);
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
    expect(stillPending[0].status).toBe('pending');
  });
});
