import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { moneyPost, moneyTestApp, postQuote, verifiedUser } from '../../../test/money-helpers';
import { saveAbroad, THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';
import { csvField } from './activity-csv';
import { receiptReference, referenceHashPrefix } from './receipt-reference';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

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

  it('exports a date range as CSV in the account’s language, in US Eastern time with its zone', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    t.now = new Date('2026-11-18T17:00:00Z'); // 12:00 in New York (EST)
    const p2p = (
      await moneyPost(t.app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd: 12.34,
      })
    ).json();
    t.now = new Date('2026-11-19T03:30:00Z'); // still the 18th in New York: 22:30 EST
    const home = { recipientCountry: 'MX', amountUsd: 100, speed: 'standard' } as const;
    const mexicanPhone = '+525598765432';
    await saveAbroad(t, ana, mexicanPhone, 'MX');
    const q = (await postQuote(t.app, ana, { ...home, recipientPhone: mexicanPhone })).json();
    const remittance = (
      await moneyPost(t.app, ana, '/api/transactions/send', {
        ...home,
        recipientName: mexicanPhone,
        quoteId: q.quoteId,
      })
    ).json();
    const exportFor = async (language: 'es' | 'en') => {
      await t.db.updateTable('users').set({ language }).where('id', '=', ana.id).execute();
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/transactions/export.csv?from=2026-11-18&to=2026-11-18',
        headers: bearer(ana.token),
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      return csv.body.trim().split('\r\n');
    };

    const es = await exportFor('es');
    expect(es[0]).toBe(
      'Referencia,Fecha y hora: hora oriental (America/New_York),Tipo,Estado,Dirección,Otra persona,Teléfono,País,Monto (USD),Comisión (USD),Total (USD),Tipo de cambio,Moneda que se recibe,Monto que se recibe,ID',
    );
    expect(es).toHaveLength(3); // the day's two sends; the deposit came before
    expect(es[1]).toMatch(
      new RegExp(
        `^${remittance.reference},2026-11-18 22:30 EST,Envío internacional,[^,]+,Enviado,`,
      ),
    );
    // A phone reads as a phone (no leading '), with the country, the rate and the payout currency.
    expect(es[1]).toContain(',María López,+525598765432,MX,-100.00,');
    expect(es[1]).toContain(`,${q.payoutCurrency},${q.payoutAmount},${remittance.id}`);
    expect((es[1] ?? '').split(',')[11]).toMatch(new RegExp(`^${q.fxRate.replace('.', '\\.')}0*$`));
    expect(es[2]).toBe(
      `${p2p.reference},2026-11-18 12:00 EST,Envío entre usuarios de Pago,Completada,Enviado,Test User,${beto.phone},MX,-12.34,0.00,-12.34,,,,${p2p.id}`,
    );

    const en = await exportFor('en');
    expect(en[0]).toMatch(
      /^Reference,Date and time: Eastern Time \(America\/New_York\),Type,Status,Direction,/,
    );
    expect(en[2]).toBe(
      `${p2p.reference},2026-11-18 12:00 EST,Send between Pago users,Completed,Sent,Test User,${beto.phone},MX,-12.34,0.00,-12.34,,,,${p2p.id}`,
    );

    // Summer time is EDT: the zone is said on every line.
    t.now = new Date('2026-07-04T16:00:00Z');
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    const july = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/export.csv?from=2026-07-04&to=2026-07-04',
      headers: bearer(ana.token),
    });
    expect(july.body.split('\r\n')[1]).toContain(',2026-07-04 12:00 EDT,');
    t.now = new Date('2026-11-20T15:00:00Z');
  });

  it('writes the CSV’s times in the user’s own zone: chosen, else the ZIP’s', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    // 02:00 UTC on the 19th: 21:00 on the 18th in New York, 18:00 on the 18th in Los Angeles.
    t.now = new Date('2026-11-19T02:00:00Z');
    const p2p = (
      await moneyPost(t.app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd: 5,
      })
    ).json();
    const exportCsv = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/transactions/export.csv?from=2026-11-18&to=2026-11-18',
          headers: bearer(ana.token),
        })
      ).body
        .trim()
        .split('\r\n');

    // A ZIP in California, no zone chosen: Pacific time.
    await t.db
      .updateTable('users')
      .set({ zip_code: '90012', time_zone: null, language: 'es' })
      .where('id', '=', ana.id)
      .execute();
    const byZip = await exportCsv();
    expect(byZip[0]).toContain(',Fecha y hora: hora del Pacífico (America/Los_Angeles),');
    expect(byZip[1]).toMatch(new RegExp(`^${p2p.reference},2026-11-18 18:00 PST,`));

    // Chosen in the profile (users.time_zone), whatever the ZIP: that zone.
    await t.db.updateTable('users').set({ zip_code: '10001' }).where('id', '=', ana.id).execute();
    await t.db
      .updateTable('users')
      .set({ time_zone: 'America/Los_Angeles' })
      .where('id', '=', ana.id)
      .execute();
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', ana.id).execute();
    const chosen = await exportCsv();
    expect(chosen[0]).toContain(',Date and time: Pacific Time (America/Los_Angeles),');
    expect(chosen[1]).toMatch(new RegExp(`^${p2p.reference},2026-11-18 18:00 PST,`));

    // Back to the ZIP's (New York): Eastern.
    await t.db.updateTable('users').set({ time_zone: null }).where('id', '=', ana.id).execute();
    expect((await exportCsv())[1]).toMatch(new RegExp(`^${p2p.reference},2026-11-18 21:00 EST,`));
    t.now = new Date('2026-11-20T15:00:00Z');
  });

  it('neutralizes spreadsheet formulas in names and notes, but leaves phones and amounts as numbers', () => {
    expect(csvField('+525598765432')).toBe('+525598765432');
    expect(csvField('-12.34')).toBe('-12.34');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+cmd|calc')).toBe(`'+cmd|calc`);
    expect(csvField('-2+3')).toBe(`'-2+3`);
    expect(csvField('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvField('\t=1')).toBe(`'\t=1`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('+52 55 1234 5678')).toBe(`'+52 55 1234 5678`);
    expect(csvField('López, Ana')).toBe('"López, Ana"');
    expect(csvField('Ana')).toBe('Ana');
  });

  it('names a name that starts a formula safely in the CSV', async () => {
    const [ana, eve] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    await t.db.updateTable('users').set({ name: '=1+2' }).where('id', '=', eve.id).execute();
    t.now = new Date('2026-11-21T15:00:00Z');
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: eve.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/export.csv?from=2026-11-21&to=2026-11-21',
      headers: bearer(ana.token),
    });
    expect(csv.body.split('\r\n')[1]).toContain(`,'=1+2,${eve.phone},`);
    t.now = new Date('2026-11-20T15:00:00Z');
  });

  it('gives each transfer a short reference that finds its receipt, only for its own people', async () => {
    const [ana, beto, eve] = [
      await verifiedUser(t.app, t.db, 10_000),
      await verifiedUser(t.app, t.db),
      await verifiedUser(t.app, t.db),
    ];
    const payload = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 5 };
    const key = randomUUID();
    const sent = (await moneyPost(t.app, ana, '/api/transactions/send', payload, key)).json();
    expect(sent.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(sent.reference).toBe(receiptReference(sent.id));
    // A replay answers the same reference, byte for byte.
    const replay = await moneyPost(t.app, ana, '/api/transactions/send', payload, key);
    expect(replay.json()).toEqual(sent);
    const get = (user: { token: string }, key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/transactions/${encodeURIComponent(key)}`,
        headers: bearer(user.token),
      });
    const byId = (await get(ana, sent.id)).json();
    expect(byId.reference).toBe(sent.reference);
    const grouped = `${sent.reference.slice(0, 5)}-${sent.reference.slice(5)}`;
    for (const typed of [sent.reference, grouped, grouped.toLowerCase()]) {
      const receipt = await get(ana, typed);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.json().id).toBe(sent.id);
    }
    // The receiver sees the same reference; a stranger gets 404, as for an unknown reference.
    expect((await get(beto, sent.reference)).json().id).toBe(sent.id);
    expect((await get(eve, sent.reference)).statusCode).toBe(404);
    const other = sent.reference.endsWith('0') ? '1' : '0';
    expect((await get(ana, sent.reference.slice(0, 9) + other)).statusCode).toBe(404);
    expect((await get(ana, 'not-a-reference')).statusCode).toBe(404);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(ana.token) })
    ).json();
    expect(listed.items.find((i: { id: string }) => i.id === sent.id).reference).toBe(
      sent.reference,
    );
  });

  it('gives 10,000 transfer ids 10,000 different references, as the database hashes them', async () => {
    const { rows } = await sql<{ id: string; prefix: Buffer }>`
      select id::text as id, substring(sha256(id::text::bytea) from 1 for 6) as prefix
      from (select gen_random_uuid() as id from generate_series(1, 10000)) ids
    `.execute(t.db);
    const references = new Set(rows.map((r) => receiptReference(r.id)));
    expect(references.size).toBe(10_000);
    for (const row of rows.slice(0, 500)) {
      expect(referenceHashPrefix(receiptReference(row.id)).equals(row.prefix)).toBe(true);
    }
    expect(receiptReference(rows[0]?.id ?? '')).toBe(receiptReference(rows[0]?.id ?? ''));
  });
});
