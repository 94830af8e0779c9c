import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';

// 06:00 UTC on 19 November: 01:00 on the 19th in New York, 22:00 on the 18th in Los Angeles.
const t = moneyTestApp(new Date('2026-11-19T06:00:00Z'));

async function pdfOf(user: MoneyUser, language: 'es' | 'en') {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/unit/statements/2026-11/pdf?language=${language}`,
    headers: bearer(user.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return pdfText(answer.rawPayload);
}

describe('the statement’s dates and times, in the user’s own zone', () => {
  it('dates each line and the issue time on the user’s clock, says which zone, and keeps the Eastern month', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 12,
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // A ZIP in California and no zone chosen: Pacific time, the evening of the 18th.
    await t.db
      .updateTable('users')
      .set({ zip_code: '94103', time_zone: null })
      .where('id', '=', ana.id)
      .execute();
    const es = await pdfOf(ana, 'es');
    expect(es).toContain('Fechas y horas en hora del Pacífico (America/Los_Angeles)');
    expect(es).toMatch(/Emitido: 18 nov 2026, 10:00 p\.\s?m\. PST/);
    // The month is the book's: 1–30 November, Eastern days, as the footer says.
    expect(es).toContain('1 de noviembre de 2026 – 30 de noviembre de 2026');
    expect(es).toContain('El periodo se cuenta en días de hora del Este de EE. UU.');
    const esDates = es.split('\n').filter((line) => /^\d\d\/\d\d$/.test(line));
    expect(esDates.length).toBeGreaterThanOrEqual(2); // the deposit and the send
    expect(new Set(esDates)).toEqual(new Set(['18/11']));

    // Chosen in the profile: that zone, whatever the ZIP; in English.
    await t.db
      .updateTable('users')
      .set({ zip_code: '10001', time_zone: 'America/Los_Angeles' })
      .where('id', '=', ana.id)
      .execute();
    const en = await pdfOf(ana, 'en');
    expect(en).toContain('Dates and times in Pacific Time (America/Los_Angeles)');
    expect(en).toMatch(/Issued: Nov 18, 2026, 10:00\sPM PST/);
    expect(new Set(en.split('\n').filter((line) => /^\d\d\/\d\d$/.test(line)))).toEqual(
      new Set(['11/18']),
    );

    // In New York (the ZIP's, nothing chosen) the same movements are on the 19th.
    await t.db.updateTable('users').set({ time_zone: null }).where('id', '=', ana.id).execute();
    const eastern = await pdfOf(ana, 'en');
    expect(eastern).toContain('Dates and times in Eastern Time (America/New_York)');
    expect(eastern).toMatch(/Issued: Nov 19, 2026, 1:00\sAM EST/);
    expect(new Set(eastern.split('\n').filter((line) => /^\d\d\/\d\d$/.test(line)))).toEqual(
      new Set(['11/19']),
    );
  });
});
