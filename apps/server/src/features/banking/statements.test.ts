import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { fundAtPartner, openBankAccount, unitFake } from '../../../test/banking-helpers';
import { type MoneyUser, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import { listeningTestApp } from '../../../test/test-app';

const context = listeningTestApp();

const get = (user: { token: string }, url: string) =>
  context.app.inject({ method: 'GET', url, headers: bearer(user.token) });

const monthOf = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsAgo = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 2, 12));
};

async function pdfOf(user: { token: string }, month: string, language?: 'es' | 'en') {
  const answer = await get(
    user,
    `/api/unit/statements/${month}/pdf${language ? `?language=${language}` : ''}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}

/** Ana (funded in the ledger, verified as `legalName`) and Beto, each with a bank account. */
async function anaAndBeto(deposit: number, legalName?: string) {
  const { app, db } = context;
  const ana = await verifiedUser(app, db, deposit);
  if (legalName) {
    await db.updateTable('users').set({ legal_name: legalName }).where('id', '=', ana.id).execute();
  }
  const beto = await verifiedUser(app, db);
  const [anaBank] = await Promise.all([openBankAccount(app, ana), openBankAccount(app, beto)]);
  return { ana, beto, anaBank };
}

/** A book payment from Ana's bank account to Beto, which must go through. */
async function bankPayment(from: MoneyUser, receiver: string, amount: number, description: string) {
  const sent = await moneyPost(context.app, from, '/api/unit/payments/send', {
    receiver,
    amount,
    description,
  });
  expect(sent.statusCode, sent.body).toBe(201);
}

describe('monthly statements', () => {
  it('lists the months of the user’s account and renders each as a bilingual PDF with its totals', async () => {
    const { app, db } = context;
    const { ana, beto, anaBank } = await anaAndBeto(10_000, 'María José Peña Núñez');
    // The account opened two months ago; the ACH credit arrived last month.
    await sql`update sandbox_unit_accounts set created_at = ${monthsAgo(2)} where id = ${anaBank.accountId}`.execute(
      db,
    );
    const funding = await fundAtPartner(app, anaBank.accountId, 10_000);
    await sql`update sandbox_unit_transactions set created_at = ${monthsAgo(1)} where payment_id = ${funding.id}`.execute(
      db,
    );
    await bankPayment(ana, beto.phone, 1234, 'Renta de diciembre, señor');

    const [current, last, first] = [
      monthOf(new Date()),
      monthOf(monthsAgo(1)),
      monthOf(monthsAgo(2)),
    ];
    const list = await get(ana, '/api/unit/statements');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      statements: [{ month: current }, { month: last }, { month: first }],
    });
    const { accountNumber } = (await get(ana, '/api/unit/accounts/me/numbers')).json();

    // Spanish (the account's language when none is asked).
    const es = await pdfOf(ana, current);
    for (const text of [
      'Pago',
      'Estado de cuenta mensual',
      'María José Peña Núñez',
      '350 Fifth Avenue',
      'New York, NY 1',
      `Número de cuenta: ••••${accountNumber.slice(-4)}`,
      'Número de ruta: 812345678',
      'Descripción',
      'Renta de diciembre, señor',
      '¿Preguntas? Escríbenos desde la app.',
      'Página 1 de 1',
    ]) {
      expect(es).toContain(text);
    }
    expect(es).not.toContain(accountNumber);
    // Opening $100.00, one debit of $12.34, closing $87.66.
    expect(es).toMatch(/Saldo inicial\n\$100\.00\n/);
    expect(es).toMatch(/Depósitos y créditos\n\$0\.00\n/);
    expect(es).toMatch(/Retiros y débitos\n-\$12\.34\n/);
    expect(es).toMatch(/Saldo final\n\$87\.66\n/);
    expect(es).toMatch(/de \w+ de \d{4} – \d{1,2} de \w+ de \d{4}/);

    const en = await pdfOf(ana, current, 'en');
    expect(en).toContain('Monthly account statement');
    expect(en).toContain('Account number: ••••');
    expect(en).toMatch(/Opening balance\n\$100\.00\n/);
    expect(en).toMatch(/Closing balance\n\$87\.66\n/);
    expect(en).not.toContain('Saldo');

    const previous = await pdfOf(ana, last, 'en');
    expect(previous).toMatch(/Opening balance\n\$0\.00\n/);
    expect(previous).toMatch(/Deposits and credits\n\$100\.00\n/);
    expect(previous).toMatch(/Closing balance\n\$100\.00\n/);
    expect(previous).toContain('Test funds');
    expect(await pdfOf(ana, first, 'es')).toContain('No hubo movimientos en este periodo.');

    // A month of Ana's account is no month of Beto's; before the account there is none.
    for (const [user, month] of [
      [beto, first],
      [ana, monthOf(monthsAgo(3))],
      [ana, '2099-01'],
    ] as const) {
      const answer = await get(user, `/api/unit/statements/${month}/pdf`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('statement_not_found');
    }
  });

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
    const noAccount = await signUp(app);
    expect((await get(noAccount, '/api/unit/statements')).json().error.code).toBe(
      'bank_account_required',
    );
    expect((await app.inject({ method: 'GET', url: '/api/unit/statements' })).statusCode).toBe(401);
  });

  it('keeps characters the PDF fonts lack from breaking the statement', async () => {
    const { app } = context;
    const { ana, beto, anaBank } = await anaAndBeto(500);
    await fundAtPartner(app, anaBank.accountId, 500);
    await bankPayment(ana, beto.email, 100, 'Pizza 🍕 披萨');
    const text = await pdfOf(ana, monthOf(new Date()), 'es');
    expect(text).toContain('Pizza ? ??');
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
