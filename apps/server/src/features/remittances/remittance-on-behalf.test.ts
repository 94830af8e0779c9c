import { cents } from '@pago/shared/money';
import { describe, expect, it } from 'vitest';
import { balanceOf, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  saveRecipient,
  THUNES_TEST_TIMINGS,
  track,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

describe('sending home on the sender’s behalf (quoteFor, sendQuoted)', () => {
  it('quotes the saved recipient now and sends in the caller’s transaction, with its origin', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const { remittances } = servicesOf(t.app);
    const budget = async () =>
      (await t.db.selectFrom('rate_limits').select('hits').execute()).flatMap((r) => r.hits).length;
    const before = await budget();
    const quote = await remittances.quoteFor(ana.id, mama.id, cents(20_000), 'standard');
    expect(quote).toMatchObject({ transferKind: 'remittance', amountCents: 20_000 });
    // Pago quoting the user's own recipient looks no one up: nothing taken from the budget.
    expect(await budget()).toBe(before);

    const origin = { kind: 'schedule', id: '0190b3c4-0000-7000-8000-000000000001' } as const;
    const sent = await t.db.transaction().execute((tx) =>
      remittances.sendQuoted(tx, ana.id, {
        recipientId: mama.id,
        quoteId: quote.quoteId,
        amountCents: cents(20_000),
        speed: 'standard',
        origin,
      }),
    );
    expect(sent).toMatchObject({
      kind: 'remittance',
      status: 'processing',
      totalCents: quote.totalCents,
      details: { recipientId: mama.id, origin },
    });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - quote.totalCents);
    // The payout job hands it to the partner after the commit, as any send.
    await until(
      t,
      async () => (await track(t, ana, sent.id)).json().transfer.status === 'delivered',
    );

    // A quote is used once: a second send on it is refused and moves nothing.
    await expect(
      t.db.transaction().execute((tx) =>
        remittances.sendQuoted(tx, ana.id, {
          recipientId: mama.id,
          quoteId: quote.quoteId,
          amountCents: cents(20_000),
          speed: 'standard',
          origin,
        }),
      ),
    ).rejects.toMatchObject({ code: 'quote_expired' });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - quote.totalCents);
  });

  it('rolls the send back with the caller’s transaction, and refuses another user’s recipient', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const beto = await verifiedUser(t.app, t.db, 50_000);
    const mama = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345679',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const { remittances } = servicesOf(t.app);
    await expect(
      remittances.quoteFor(beto.id, mama.id, cents(1_000), 'standard'),
    ).rejects.toMatchObject({ statusCode: 404 });
    const quote = await remittances.quoteFor(ana.id, mama.id, cents(1_000), 'standard');
    await expect(
      t.db.transaction().execute(async (tx) => {
        await remittances.sendQuoted(tx, ana.id, {
          recipientId: mama.id,
          quoteId: quote.quoteId,
          amountCents: cents(1_000),
          speed: 'standard',
          origin: { kind: 'payday', id: '0190b3c4-0000-7000-8000-000000000002' },
        });
        throw new Error('the caller fails after the send');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    const rows = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'remittance')
      .execute();
    expect(rows).toEqual([]);
  });
});
