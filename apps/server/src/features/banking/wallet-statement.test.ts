import type { WalletStatement } from '@pago/shared/contracts/banking';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { openBankAccount, tickUntil, unitFake } from '../../../test/banking-helpers';
import { atm, insertCard, purchase } from '../../../test/card-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  verifiedUser,
} from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import { linkSandboxBank } from '../../../test/plaid-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { easternMonthOf, monthBounds } from './statement-months';

// The clock starts now (the partner's fakes keep real time) and moves a month on later.
const t = moneyTestApp(new Date(), {
  ...THUNES_TEST_TIMINGS,
  sandboxAchSettleMs: 200,
  sandboxSameDayAchSettleMs: 20,
});

const get = (user: { token: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function statementOf(user: MoneyUser, month: string, language?: 'es' | 'en') {
  const answer = await get(
    user,
    `/api/unit/statements/${month}${language ? `?language=${language}` : ''}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as WalletStatement;
}
async function pdfOf(user: MoneyUser, month: string, language?: 'es' | 'en') {
  const answer = await get(
    user,
    `/api/unit/statements/${month}/pdf${language ? `?language=${language}` : ''}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}

/** Opening + every line = closing, and each line's balance is the running sum. */
function expectArithmetic(statement: WalletStatement) {
  let running = statement.openingBalanceCents;
  for (const line of statement.lines) {
    running += line.amountCents;
    expect(line.balanceCents, `${line.description} ${line.counterparty}`).toBe(running);
  }
  expect(statement.closingBalanceCents).toBe(running);
  expect(
    statement.openingBalanceCents +
      statement.creditsCents +
      statement.debitsCents +
      statement.feesCents,
  ).toBe(statement.closingBalanceCents);
}

const usd = (c: number, language: 'es' | 'en') =>
  new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(c / 100);

describe('the wallet’s monthly statement', () => {
  it('has every movement of every type, fees on their own lines, and closes at the app’s balance', async () => {
    const { app, db } = t;
    const month = easternMonthOf(t.now);
    const ana = await verifiedUser(app, db, 100_000);
    await db
      .updateTable('users')
      .set({ legal_name: 'Ana María Núñez' })
      .where('id', '=', ana.id)
      .execute();
    const beto = await verifiedUser(app, db, 5_000);

    // Deposits: test money above, and a payroll to the wallet's account number (the employer).
    const { accountNumber, routingNumber } = (await get(ana, '/api/direct-deposit')).json();
    const payroll = await app.inject({
      method: 'POST',
      url: '/sandbox/direct-deposit/payroll',
      payload: {
        accountNumber,
        amountCents: 25_000,
        companyName: 'ACME PAYROLL',
        completesInDays: 2,
      },
    });
    expect(payroll.statusCode, payroll.body).toBe(201);
    await tickUntil(app, async () => (await balanceOf(app, ana)) === 125_000);
    // The partner completes it (Unit's sandbox completion), so the account holds it too.
    const { receivedPaymentId } = payroll.json();
    const completed = await unitFake(
      app,
      'POST',
      `/sandbox/received-payments/${receivedPaymentId}/complete`,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    await tickUntil(app, async () => {
      const deposits = (await get(ana, '/api/direct-deposit')).json().deposits;
      return deposits[0]?.state === 'available';
    });

    // P2P out and in.
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 25,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const received = await moneyPost(app, beto, '/api/transactions/send', {
      recipientName: ana.phone,
      amountUsd: 10,
    });
    expect(received.statusCode, received.body).toBe(201);

    // A remittance with its fee.
    const abuela = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
      firstName: 'Rosa',
      lastName: 'Núñez',
    });
    const remittance = await sendHome(t, ana, abuela, 100);
    expect(remittance.statusCode, remittance.body).toBe(201);
    const remittanceFee = remittance.json().feeCents as number;
    expect(remittanceFee).toBeGreaterThan(0);

    // The card: a purchase, and an ATM withdrawal with its fee.
    const account = await openBankAccount(app, ana);
    const card = await insertCard(db, ana, account);
    expect(
      (
        await purchase(app, card, 1_234, {
          name: 'Café Luna',
          city: 'Miami, FL',
          category: 'restaurant',
        })
      ).statusCode,
    ).toBe(200);
    expect((await atm(app, card, 4_000, 'out')).statusCode).toBe(200);

    // A bill.
    const [biller] = (await get(ana, '/api/billers?category=utilities')).json() as Array<{
      id: string;
      name: string;
      paymentType: string;
    }>;
    if (!biller) throw new Error('no biller');
    const bill = await moneyPost(app, ana, '/api/unit/bill-payment', {
      paymentType: biller.paymentType,
      payeeId: biller.id,
      amount: 8_450,
      accountId: '7788-1234-9',
      memo: 'Diciembre',
    });
    expect(bill.statusCode, bill.body).toBe(201);

    // An instant withdrawal with its fee.
    const linked = await linkSandboxBank(app, ana);
    const bank = linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0];
    if (!bank) throw new Error('no linked account');
    const withdrawal = await moneyPost(app, ana, '/api/funding/withdrawals', {
      plaidAccountId: bank.id,
      amountCents: 2_000,
      speed: 'instant',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const balance = await balanceOf(app, ana);
    const statement = await statementOf(ana, month, 'es');
    expectArithmetic(statement);
    expect(statement).toMatchObject({
      month,
      language: 'es',
      toDate: true,
      openingBalanceCents: 0,
      closingBalanceCents: balance,
      holder: { name: 'Ana María Núñez' },
      accountNumberMasked: `••••${accountNumber.slice(-4)}`,
      routingNumber,
    });
    const line = (kind: string, part: 'amount' | 'fee' = 'amount') => {
      const found = statement.lines.filter((l) => l.kind === kind && l.part === part);
      expect(found, `${kind} ${part}`).toHaveLength(1);
      return found[0] as WalletStatement['lines'][number];
    };
    expect(line('deposit')).toMatchObject({ amountCents: 100_000 });
    expect(line('ach_received')).toMatchObject({
      amountCents: 25_000,
      counterparty: 'ACME PAYROLL',
    });
    const p2p = statement.lines.filter((l) => l.kind === 'p2p');
    expect(p2p.map((l) => [l.amountCents, l.counterparty])).toEqual([
      [-2_500, expect.any(String)],
      [1_000, expect.any(String)],
    ]);
    const betoName = (await get(beto, '/api/user/profile')).json().name;
    expect(p2p.every((l) => l.counterparty === betoName)).toBe(true);
    expect(line('remittance')).toMatchObject({ amountCents: -10_000, counterparty: 'Rosa Núñez' });
    expect(line('remittance', 'fee')).toMatchObject({
      amountCents: -remittanceFee,
      description: 'Comisión del envío internacional',
      counterparty: 'Rosa Núñez',
    });
    expect(line('card_purchase')).toMatchObject({
      amountCents: -1_234,
      counterparty: 'Café Luna, Miami, FL',
    });
    const atmLine = line('card_atm_withdrawal');
    expect(atmLine.amountCents).toBe(-4_000);
    expect(atmLine.counterparty).toBeTruthy();
    const atmFee = line('card_atm_withdrawal', 'fee');
    expect(atmFee.description).toBe('Comisión de cajero automático');
    expect(atmFee.amountCents).toBeLessThan(0);
    expect(line('bill_payment')).toMatchObject({ amountCents: -8_450, counterparty: biller.name });
    expect(line('bank_withdrawal')).toMatchObject({
      amountCents: -2_000,
      counterparty: expect.stringContaining('••••0000'),
    });
    expect(line('bank_withdrawal', 'fee')).toMatchObject({
      amountCents: -175,
      description: 'Comisión del retiro inmediato',
    });
    // Every fee the wallet paid is on a fee line: nothing hides in the movements.
    expect(-statement.feesCents).toBe(remittanceFee + -atmFee.amountCents + 175);
    expect(statement.closingBalanceCents).toBe(
      100_000 +
        25_000 -
        2_500 +
        1_000 -
        10_000 -
        remittanceFee -
        1_234 -
        4_000 +
        atmFee.amountCents -
        8_450 -
        2_000 -
        175,
    );

    // The PDF is the same statement, in Spanish by default (the account's language) and English.
    const es = await pdfOf(ana, month);
    for (const text of [
      'Estado de cuenta del mes en curso (hasta hoy)',
      'Ana María Núñez',
      `Número de cuenta: ••••${accountNumber.slice(-4)}`,
      `Número de ruta: ${routingNumber}`,
      'Comisión del envío internacional',
      'Comisión de cajero automático',
      'Comisión del retiro inmediato',
      'Café Luna, Miami, FL',
      'ACME PAYROLL',
      'Rosa Núñez',
      biller.name,
      'Otra parte',
    ]) {
      expect(es).toContain(text);
    }
    expect(es).not.toContain(accountNumber);
    expect(es).toContain(`Saldo final\n${usd(balance, 'es')}\n`);
    expect(es).toContain(`Saldo inicial\n${usd(0, 'es')}\n`);
    const en = await pdfOf(ana, month, 'en');
    expect(en).toContain(`Closing balance\n${usd(balance, 'en')}\n`);
    for (const text of ['ATM fee', 'Instant withdrawal fee', 'International transfer fee']) {
      expect(en).toContain(text);
    }
    expect(en).not.toContain('Saldo');

    // The activity CSV's card rows name the merchant.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(t.now);
    const csv = (await get(ana, `/api/transactions/export.csv?from=${today}&to=${today}`)).body;
    const cardRow = csv.split('\r\n').find((row) => row.includes('Compra con tarjeta'));
    expect(cardRow).toContain('Café Luna');

    // The partner's money and the wallets agree in total after all of it (reconciliation).
    const reconciled = await app.inject({ method: 'POST', url: '/sandbox/unit/reconcile' });
    expect(
      (reconciled.json().differences as { kind: string }[]).filter(
        (d) => d.kind === 'total_mismatch',
      ),
    ).toEqual([]);

    // A month on: the new month opens where the last one closed; the list has both, newest first.
    t.now = new Date(monthBounds(month).end.getTime() + 12 * 3_600_000);
    const next = easternMonthOf(t.now);
    const later = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 5,
    });
    expect(later.statusCode, later.body).toBe(201);
    expect((await get(ana, '/api/unit/statements')).json()).toEqual({
      statements: [{ month: next }, { month }],
    });
    const closed = await statementOf(ana, month, 'en');
    expect(closed).toMatchObject({ toDate: false, closingBalanceCents: balance });
    const current = await statementOf(ana, next, 'en');
    expectArithmetic(current);
    expect(current).toMatchObject({
      openingBalanceCents: balance,
      closingBalanceCents: balance - 500,
      lines: [expect.objectContaining({ kind: 'p2p', amountCents: -500, counterparty: betoName })],
    });
    expect(current.closingBalanceCents).toBe(await balanceOf(app, ana));
    expect(await pdfOf(ana, month, 'en')).toContain('Monthly account statement');

    // Another user's month is no month of theirs: Carla's wallet opened this month.
    const carla = await verifiedUser(app, db, 1_000);
    expect((await get(carla, '/api/unit/statements')).json()).toEqual({
      statements: [{ month: next }],
    });
    for (const url of [
      `/api/unit/statements/${month}`,
      `/api/unit/statements/${month}/pdf`,
      '/api/unit/statements/2099-01/pdf',
    ]) {
      const answer = await get(carla, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error.code).toBe('statement_not_found');
    }
    for (const url of [
      '/api/unit/statements/2026-13',
      '/api/unit/statements/2026-11/pdf?language=fr',
      '/api/unit/statements/2026-11?x=1',
    ]) {
      expect((await get(carla, url)).statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/unit/statements' })).statusCode).toBe(
      401,
    );
  }, 120_000);
});
