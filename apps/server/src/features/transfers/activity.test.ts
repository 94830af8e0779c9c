import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), { sandboxPayoutDelayMs: 1000 });

describe('activity', () => {
  it('pages through the owner’s transfers with filters, and hides others’ transfers', async () => {
    const [ana, beto, eve] = [
      await verifiedUser(t.app, t.db, 10_000),
      await verifiedUser(t.app, t.db),
      await verifiedUser(t.app, t.db),
    ];
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      t.now = new Date(t.now.getTime() + 1000);
      ids.push(
        (
          await moneyPost(t.app, ana, '/api/transactions/send', {
            recipientName: beto.phone,
            recipientCountry: 'MX',
            amountUsd: i,
          })
        ).json().id,
      );
    }
    const page1 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/transactions?limit=2&type=p2p',
        headers: bearer(ana.token),
      })
    ).json();
    expect(page1.items.map((t: { id: string }) => t.id)).toEqual([ids[4], ids[3]]);
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/transactions?limit=2&type=p2p&cursor=${page1.nextCursor}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(page2.items.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    const page3 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/transactions?limit=2&type=p2p&cursor=${page2.nextCursor}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(page3.items.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
    expect(page3.nextCursor).toBeNull();
    const deposits = (
      await t.app.inject({
        method: 'GET',
        url: '/api/transactions?type=deposit',
        headers: bearer(ana.token),
      })
    ).json();
    expect(deposits.items).toHaveLength(1);

    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${ids[0]}`,
      headers: bearer(eve.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(eve.token) })
      ).json().items,
    ).toEqual([]);
  });

  it('exports a date range as CSV', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    t.now = new Date('2026-11-18T17:00:00Z');
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 12.34,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/export.csv?from=2026-11-18&to=2026-11-18',
      headers: bearer(ana.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,date,type,status,direction,counterparty,amount_usd,fee_usd,total_usd',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,p2p,completed,out,Test User,-12\.34,0\.00,-12\.34$/);
    t.now = new Date('2026-11-20T15:00:00Z');
  });
});
