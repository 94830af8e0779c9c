import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  verifiedUser,
} from '../../../test/money-helpers';
import {
  CLABE,
  call,
  type SavedRecipient,
  saveRecipient,
  THUNES_TEST_TIMINGS,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { PIDEME_ASKS_PER_LINK_HOUR } from './public-pideme.routes';

const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);

let ipCounter = 0;
/** Each public call from its own address unless a test says otherwise (the limits are per address too). */
const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

function publicCall(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: object | Buffer; type?: string; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextIp(),
    ...(options.type ? { headers: { 'content-type': options.type } } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function senderWithRecipient(
  phone: string,
  cents = 0,
): Promise<{ user: MoneyUser; recipient: SavedRecipient }> {
  const user = await verifiedUser(t.app, t.db, cents);
  await t.db
    .updateTable('users')
    .set({ legal_name: 'Ana Beatriz Morales Cruz' })
    .where('id', '=', user.id)
    .execute();
  const recipient = await saveRecipient(t, user, {
    country: 'MX',
    phone,
    method: 'bank_deposit',
    fields: { clabe: CLABE },
    firstName: 'María José',
    lastName: 'López García',
  });
  return { user, recipient };
}

async function newLink(user: MoneyUser, recipientId: string) {
  const response = await call(t, user, 'POST', '/api/pideme-links', { recipientId });
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json();
  return { ...link, token: (link.url as string).split('/p/')[1] as string };
}

async function ask(token: string, amount: string, reason: string, ip?: string) {
  return publicCall('POST', `/api/public/pideme/${token}/requests`, {
    payload: { amount, reason },
    ...(ip ? { ip } : {}),
  });
}

describe('Pídeme links', () => {
  it('makes one working link per recipient, owner-checked, revocable', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110001');
    const first = await newLink(user, recipient.id);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.recipientFirstName).toBe('María José');
    expect(first.currency).toBe('MXN');
    const days = (Date.parse(first.expiresAt) - Date.parse(first.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // Only its hash is stored.
    const stored = await t.db.selectFrom('pideme_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(first.token);

    // A second link for the pair revokes the first.
    const second = await newLink(user, recipient.id);
    expect(second.token).not.toBe(first.token);
    const list = await call(t, user, 'GET', `/api/pideme-links?recipientId=${recipient.id}`);
    expect(list.json().items.map((l: { id: string }) => l.id)).toEqual([second.id]);
    expect((await publicCall('GET', `/api/public/pideme/${first.token}`)).statusCode).toBe(404);
    expect((await publicCall('GET', `/api/public/pideme/${second.token}`)).statusCode).toBe(200);

    // Someone else's recipient or link: 404, nothing made or revoked.
    const other = await verifiedUser(t.app, t.db);
    const theirs = await call(t, other, 'POST', '/api/pideme-links', { recipientId: recipient.id });
    expect(theirs.statusCode).toBe(404);
    const revokeTheirs = await call(t, other, 'POST', `/api/pideme-links/${second.id}/revoke`, {});
    expect(revokeTheirs.statusCode, revokeTheirs.body).toBe(404);
    expect((await publicCall('GET', `/api/public/pideme/${second.token}`)).statusCode).toBe(200);

    // Revoked: the page and a request are 404, with nothing said.
    const revoked = await call(t, user, 'POST', `/api/pideme-links/${second.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const page = await publicCall('GET', `/api/public/pideme/${second.token}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().error.code).toBe('not_found');
    expect(page.body).not.toMatch(/revoked|expired|María|Ana/i);
    expect((await ask(second.token, '100', 'luz')).statusCode).toBe(404);
    expect((await call(t, user, 'GET', '/api/pideme-links')).json().items).toEqual([]);
  });

  it('expires unused, 30 days after its last use', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110002');
    const link = await newLink(user, recipient.id);
    expect((await ask(link.token, '250', 'la luz')).statusCode).toBe(201);
    const [row] = await t.db
      .selectFrom('pideme_links')
      .select(['last_used_at', 'expires_at'])
      .where('id', '=', link.id)
      .execute();
    expect(row?.last_used_at).not.toBeNull();
    expect(
      Math.round(
        ((row?.expires_at.getTime() ?? 0) - (row?.last_used_at?.getTime() ?? 0)) / 86_400_000,
      ),
    ).toBe(30);
    // Thirty days and a minute on, unused: gone.
    await sql`update pideme_links set last_used_at = now() - interval '30 days 1 minute',
      expires_at = now() - interval '1 minute' where id = ${link.id}`.execute(t.db);
    const page = await publicCall('GET', `/api/public/pideme/${link.token}`);
    expect(page.statusCode).toBe(404);
    expect((await ask(link.token, '250', 'la luz')).statusCode).toBe(404);
    expect((await call(t, user, 'GET', '/api/pideme-links')).json().items).toEqual([]);
  });

  it('shows the relative no more than the two first names and the currency', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110003');
    const link = await newLink(user, recipient.id);
    const page = await publicCall('GET', `/api/public/pideme/${link.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toEqual({
      senderFirstName: 'Ana',
      recipientFirstName: 'María',
      currency: 'MXN',
      requests: [],
    });
    for (const secret of ['Morales', 'Beatriz', 'López', 'José', '5511110003', CLABE, user.id]) {
      expect(page.body).not.toContain(secret);
    }
    // A guess of the right shape, and a wrong shape: both 404.
    const guess = `${link.token.slice(0, 21)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await publicCall('GET', `/api/public/pideme/${guess}`)).statusCode).toBe(404);
    expect((await publicCall('GET', '/api/public/pideme/not-a-token')).statusCode).toBe(404);
  });

  it('takes a request in the recipient’s currency, notifies the sender, who declines it', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110004');
    const link = await newLink(user, recipient.id);
    const bad = await ask(link.token, '-5', 'x');
    expect(bad.statusCode).toBe(400);
    expect((await ask(link.token, '12.345', 'x')).statusCode).toBe(400);
    const asked = await ask(link.token, '3000', 'para la farmacia');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      amount: '3000.00',
      currency: 'MXN',
      reason: 'para la farmacia',
      status: 'pending',
      trackingUrl: null,
    });
    const id = asked.json().id;
    const notes = await t.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'pideme_request')
      .execute();
    expect(notes).toEqual([
      {
        type: 'pideme_request',
        data: {
          requestId: id,
          recipientName: 'María',
          note: 'para la farmacia',
          foreignAmount: '3000.00',
          currency: 'MXN',
        },
      },
    ]);
    const list = await call(t, user, 'GET', '/api/pideme-requests');
    expect(list.json().items).toMatchObject([
      { id, status: 'pending', recipientFirstName: 'María José' },
    ]);

    const other = await verifiedUser(t.app, t.db);
    expect((await call(t, other, 'GET', `/api/pideme-requests/${id}`)).statusCode).toBe(404);
    expect(
      (await call(t, other, 'POST', `/api/pideme-requests/${id}/decline`, {})).statusCode,
    ).toBe(404);
    const declined = await call(t, user, 'POST', `/api/pideme-requests/${id}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect((await call(t, user, 'POST', `/api/pideme-requests/${id}/decline`, {})).statusCode).toBe(
      409,
    );
    const page = await publicCall('GET', `/api/public/pideme/${link.token}`);
    expect(page.json().requests).toMatchObject([{ id, status: 'declined' }]);
  });

  it('keeps the photo of the bill for the sender only, checked by its first bytes', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110005');
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '800', 'recibo del agua')).json().id;
    const url = `/api/public/pideme/${link.token}/requests/${id}/photo`;
    const png = Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      Buffer.from('not really pixels'),
    ]);
    const fake = await publicCall('PUT', url, {
      payload: Buffer.from('<html>'),
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('invalid_image');
    const gif = await publicCall('PUT', url, {
      payload: Buffer.from('GIF89a....'),
      type: 'image/gif',
    });
    expect(gif.statusCode).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    png.copy(big);
    const tooBig = await publicCall('PUT', url, { payload: big, type: 'image/png' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('image_too_large');
    const saved = await publicCall('PUT', url, { payload: png, type: 'image/png' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hasPhoto).toBe(true);
    expect((await publicCall('PUT', url, { payload: png, type: 'image/png' })).statusCode).toBe(
      409,
    );

    const photo = await call(t, user, 'GET', `/api/pideme-requests/${id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(png)).toBe(true);
    const other = await verifiedUser(t.app, t.db);
    expect((await call(t, other, 'GET', `/api/pideme-requests/${id}/photo`)).statusCode).toBe(404);
    // No public way to read it back.
    expect((await publicCall('GET', url)).statusCode).toBe(404);
  });

  it('forgets a bill’s photo 90 days after its request, and dead links no request used', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110009');
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '300', 'la renta')).json().id as string;
    const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.from('x')]);
    const url = `/api/public/pideme/${link.token}/requests/${id}/photo`;
    expect((await publicCall('PUT', url, { payload: png, type: 'image/png' })).statusCode).toBe(
      200,
    );
    const declined = await call(t, user, 'POST', `/api/pideme-requests/${id}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    // A second link, revoked and never used; a third, revoked yesterday.
    const other = await saveRecipient(t, user, {
      country: 'MX',
      phone: '+525511110010',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const unused = await newLink(user, other.id);
    const purge = () => servicesOf(t.app).pideme.purge();
    const photos = () =>
      t.db.selectFrom('pideme_request_photos').select('request_id').where('request_id', '=', id);
    const linkIds = async () =>
      (
        await t.db
          .selectFrom('pideme_links')
          .select('id')
          .where('id', 'in', [link.id, unused.id])
          .execute()
      ).map((r) => r.id);
    // Answered 89 days ago, revoked 29 days ago: both kept.
    await sql`update pideme_requests set decided_at = now() - interval '89 days'
      where id = ${id}`.execute(t.db);
    await sql`update pideme_links set revoked_at = now() - interval '29 days'
      where id = ${unused.id}`.execute(t.db);
    await purge();
    expect(await photos().execute()).toHaveLength(1);
    expect((await linkIds()).sort()).toEqual([link.id, unused.id].sort());
    // A day later by both: the photo goes, the unused link goes; the used link and the request stay.
    await sql`update pideme_requests set decided_at = now() - interval '91 days'
      where id = ${id}`.execute(t.db);
    await sql`update pideme_links set revoked_at = now() - interval '31 days',
      expires_at = now() - interval '31 days' where id in (${link.id}, ${unused.id})`.execute(t.db);
    expect(await purge()).toMatchObject({ photos: 1 });
    expect(await photos().execute()).toEqual([]);
    expect(await linkIds()).toEqual([link.id]);
    const view = await call(t, user, 'GET', `/api/pideme-requests/${id}`);
    expect(view.json().request).toMatchObject({ status: 'declined', hasPhoto: false });
    expect((await call(t, user, 'GET', `/api/pideme-requests/${id}/photo`)).statusCode).toBe(404);
  });

  it('limits requests per link and per address', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110006');
    const link = await newLink(user, recipient.id);
    const statuses: number[] = [];
    for (let i = 0; i < PIDEME_ASKS_PER_LINK_HOUR + 1; i++) {
      statuses.push((await ask(link.token, '100', `pedido ${i}`)).statusCode);
    }
    // Five wait at once (then 409), and the eleventh in the hour is refused whatever it is.
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5, PIDEME_ASKS_PER_LINK_HOUR)).toEqual(Array(5).fill(409));
    expect(statuses.at(-1)).toBe(429);

    // Per address: guesses from one address count too.
    const ip = '203.0.113.77';
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i++) {
      fromOne.push((await ask(`${'A'.repeat(21)}${i % 10}`, '1', 'x', ip)).statusCode);
    }
    expect(fromOne.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });
});

describe('paying a Pídeme request', () => {
  it('pays at least the amount asked in one call, once, and the relative sees it paid', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110007', 100_000);
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '3000', 'para la farmacia')).json().id;
    const detail = await call(t, user, 'GET', `/api/pideme-requests/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { quote } = detail.json();
    // The sandbox's MXN rate 18.25 less 2.0%: 17.885 a dollar; 3000 / 17.885 = 167.7383… → $167.74.
    expect(quote).toMatchObject({ amountCents: 16774, payoutCurrency: 'MXN', fxRate: '17.885000' });
    expect(Number(quote.payoutAmount)).toBeGreaterThanOrEqual(3000);
    expect(Number(quote.payoutAmount)).toBeLessThan(3000 + 0.18);

    // A total below the price now is refused, nothing sent.
    const before = await balanceOf(t.app, user);
    const low = await moneyPost(t.app, user, `/api/pideme-requests/${id}/pay`, {
      totalCents: quote.totalCents - 1,
    });
    expect(low.statusCode, low.body).toBe(409);
    expect(low.json().error.code).toBe('quote_changed');
    expect(await balanceOf(t.app, user)).toBe(before);

    const key = randomUUID();
    const pay = () =>
      moneyPost(
        t.app,
        user,
        `/api/pideme-requests/${id}/pay`,
        { totalCents: quote.totalCents },
        key,
      );
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id, status: 'paid' });
    const transferId = paid.json().transferId;
    expect(await balanceOf(t.app, user)).toBe(before - quote.totalCents);
    // The same key: the same answer, nothing more sent; another key: refused.
    const replay = await pay();
    expect(replay.body).toBe(paid.body);
    const again = await moneyPost(t.app, user, `/api/pideme-requests/${id}/pay`, {
      totalCents: quote.totalCents,
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t.app, user)).toBe(before - quote.totalCents);
    const transfer = await t.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount_cents', 'metadata'])
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'remittance', amount_cents: 16774 });
    expect(transfer.metadata).toMatchObject({
      recipientId: recipient.id,
      payoutAmount: quote.payoutAmount,
      origin: { kind: 'pideme', id },
    });

    // The relative's page: paid, and the tracking page once the partner has it.
    await until(t, async () => {
      const page = await publicCall('GET', `/api/public/pideme/${link.token}`);
      return page.json().requests[0]?.trackingUrl !== null;
    });
    const page = (await publicCall('GET', `/api/public/pideme/${link.token}`)).json();
    expect(page.requests[0]).toMatchObject({ id, status: 'paid' });
    expect(page.requests[0].trackingUrl).toMatch(/\/t\/[A-Za-z0-9_-]{22}$/);
    const tracking = page.requests[0].trackingUrl.split('/t/')[1];
    const tracked = await publicCall('GET', `/api/public/transfers/${tracking}`);
    expect(tracked.json()).toMatchObject({ recipientFirstName: 'María', currency: 'MXN' });
  });

  it('pays once when two taps with different keys race', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110009', 100_000);
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '1000', 'útiles')).json().id;
    const { quote } = (await call(t, user, 'GET', `/api/pideme-requests/${id}`)).json();
    const before = await balanceOf(t.app, user);
    const both = await Promise.all(
      [1, 2].map(() =>
        moneyPost(t.app, user, `/api/pideme-requests/${id}/pay`, { totalCents: quote.totalCents }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t.app, user)).toBe(before - quote.totalCents);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers
      where metadata -> 'origin' ->> 'id' = ${id}`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('moves money with the request marked paid or not at all, whatever step a crash stops', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110010', 100_000);
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '500', 'gas')).json().id;
    const { pideme } = servicesOf(t.app);
    const before = await balanceOf(t.app, user);
    // A crash after the send is reserved, before its transaction commits: all of it rolled back.
    const work = pideme.payPhases(user.id, id, 1_000_000);
    const quote = await work.prepare();
    await expect(
      t.db.transaction().execute(async (tx) => {
        await work.reserve(tx, quote);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await balanceOf(t.app, user)).toBe(before);
    expect((await call(t, user, 'GET', `/api/pideme-requests/${id}`)).json().request.status).toBe(
      'pending',
    );
    // A crash after the commit, before the answer: paid once; a retry cannot pay it again.
    const second = pideme.payPhases(user.id, id, 1_000_000);
    const fresh = await second.prepare();
    await t.db.transaction().execute((tx) => second.reserve(tx, fresh));
    expect(await balanceOf(t.app, user)).toBe(before - fresh.totalCents);
    const retry = await moneyPost(t.app, user, `/api/pideme-requests/${id}/pay`, {
      totalCents: fresh.totalCents,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('request_not_pending');
    expect(await balanceOf(t.app, user)).toBe(before - fresh.totalCents);
  });

  it('refuses to pay without the money, and leaves the request waiting', async () => {
    const { user, recipient } = await senderWithRecipient('+525511110008', 1_000);
    const link = await newLink(user, recipient.id);
    const id = (await ask(link.token, '3000', 'renta')).json().id;
    const { quote } = (await call(t, user, 'GET', `/api/pideme-requests/${id}`)).json();
    const paid = await moneyPost(t.app, user, `/api/pideme-requests/${id}/pay`, {
      totalCents: quote.totalCents,
    });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().error.code).toBe('insufficient_funds');
    expect(await balanceOf(t.app, user)).toBe(1_000);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/pideme-requests/${id}`,
      headers: bearer(user.token),
    });
    expect(after.json().request.status).toBe('pending');
  });
});
