import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { openBankAccount, unitFake } from '../../../test/banking-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import { listeningTestApp } from '../../../test/test-app';

const context = listeningTestApp();

const get = (user: { token: string }, url: string) =>
  context.app.inject({ method: 'GET', url, headers: bearer(user.token) });

const monthOf = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
async function pdfOf(user: { token: string }, month: string, language?: 'es' | 'en') {
  const answer = await get(
    user,
    `/api/unit/statements/${month}/pdf${language ? `?language=${language}` : ''}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}

describe('monthly statements', () => {
  it('shows the whole address on the statement, the apartment (street2) included', async () => {
    const { app, db } = context;
    const ana = await verifiedUser(app, db);
    await db
      .updateTable('users')
      .set({
        address: '350 Fifth Avenue, Apt 4B, New York, NY 10118',
        address_street2: 'Apt 4B',
      })
      .where('id', '=', ana.id)
      .execute();
    await openBankAccount(app, ana);
    for (const language of ['es', 'en'] as const) {
      const text = await pdfOf(ana, monthOf(new Date()), language);
      // Street, apartment, city line, in that order (the account details sit beside them).
      expect(text).toMatch(/\n350 Fifth Avenue\n(?:.*\n)?Apt 4B\n(?:.*\n)?New York, NY 10118\n/);
    }
  });

  it('refuses what is no month or no language, and users without an account', async () => {
    const { app, db } = context;
    const ana = await verifiedUser(app, db);
    await openBankAccount(app, ana);
    for (const url of [
      '/api/unit/statements/2026-13/pdf',
      '/api/unit/statements/26-11/pdf',
      '/api/unit/statements/2026-11%2F..%2F1/pdf',
      '/api/unit/statements/2026-11/pdf?language=fr',
      '/api/unit/statements/2026-11/pdf?language=es&x=1',
    ]) {
      const answer = await get(ana, url);
      expect(answer.statusCode, url).toBe(400);
    }
    // No movement yet: the month under way, an empty statement (the wallet is the account).
    const noAccount = await signUp(app);
    expect((await get(noAccount, '/api/unit/statements')).json()).toEqual({
      statements: [{ month: monthOf(new Date()) }],
    });
    expect(await pdfOf(noAccount, monthOf(new Date()), 'es')).toContain(
      'No hubo movimientos en este periodo.',
    );
    expect((await app.inject({ method: 'GET', url: '/api/unit/statements' })).statusCode).toBe(401);
  });

  it('keeps characters the PDF fonts lack from breaking the statement', async () => {
    const { app, db } = context;
    const ana = await verifiedUser(app, db, 500);
    const beto = await verifiedUser(app, db);
    await db
      .updateTable('users')
      .set({ legal_name: 'Beto 🍕 披萨' })
      .where('id', '=', beto.id)
      .execute();
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 1,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await pdfOf(ana, monthOf(new Date()), 'es')).toContain('Beto ? ??');
  });

  it('is Unit’s statement: the fake lists and renders it through Unit’s documented API', async () => {
    const { app, db } = context;
    const ana = await verifiedUser(app, db);
    const { accountId, customerId } = await openBankAccount(app, ana);
    const list = await unitFake(app, 'GET', `/statements?filter[accountId]=${accountId}`);
    expect(list.statusCode).toBe(200);
    const [statement] = list.json().data;
    expect(statement).toMatchObject({
      type: 'accountStatementDTO',
      attributes: { period: monthOf(new Date()) },
      relationships: {
        account: { data: { id: accountId } },
        customer: { data: { id: customerId } },
      },
    });
    const pdf = await unitFake(app, 'GET', `/statements/${statement.id}/pdf?language=es`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Estado de cuenta mensual');
    // Another customer's filter, or an unknown statement, is Unit's 404.
    for (const path of [
      `/statements/${statement.id}/pdf?filter[customerId]=1`,
      `/statements/9${statement.id}/pdf`,
      '/statements/abc/pdf',
    ]) {
      expect((await unitFake(app, 'GET', path)).statusCode, path).toBe(404);
    }
  });
});
