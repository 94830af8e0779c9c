import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { cents, formatUsd } from '../packages/shared/src/money';
import { expect, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { pdfText } from './support/pdf-text';
import { shot } from './support/shots';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  markVerified,
  post,
  saveMexicanRecipient,
  serverQuery,
  verifiedForTheBank,
} from './support/users';

const [phone] = VIEWPORTS;

const auth = (user: E2eUser) => ({ authorization: `Bearer ${user.token}` });
const money = (user: E2eUser) => ({ ...auth(user), 'idempotency-key': randomUUID() });
async function get<T>(user: E2eUser, url: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${url}`, { headers: auth(user) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A message of the sandbox card network (a merchant's terminal, an ATM). */
async function network(path: string, body: unknown) {
  const answer = await post(`/sandbox/cards/network/${path}`, body);
  expect(answer).toMatchObject({ approved: true });
}

test.describe('one balance', () => {
  test('the statement PDF closes at the balance on the home screen, after every kind of movement', async ({
    app,
  }) => {
    const ana = await createUser('Ana Núñez', '+13055550261');
    await verifiedForTheBank(ana, 'Ana Núñez Ruiz');
    await addTestMoney(ana, 100_000);
    const beto = await createUser('Beto Díaz', '+13055550262');
    await markVerified(beto);
    await addTestMoney(beto, 2_000);

    // P2P out and in.
    await post('/api/transactions/send', { recipientName: beto.phone, amountUsd: 25 }, money(ana));
    await post('/api/transactions/send', { recipientName: ana.phone, amountUsd: 10 }, money(beto));

    // A remittance home, with its fee.
    const recipientId = await saveMexicanRecipient(ana, '+525512345678', ['Rosa', 'Núñez']);
    const quote = await post(
      '/api/transactions/quote',
      { recipientCountry: 'MX', amountUsd: 100, speed: 'standard', recipientId },
      auth(ana),
    );
    await post(
      '/api/remittances',
      { recipientId, amountUsd: 100, speed: 'standard', quoteId: quote.quoteId },
      money(ana),
    );

    // The card: a purchase and an ATM withdrawal (with its fee), at the sandbox network.
    await post('/api/unit/accounts/create', {}, money(ana));
    const card = await post('/api/cards', { type: 'virtual' }, money(ana));
    const [numbers] = await serverQuery<{ pan: string; cvv: string; expiration_date: string }>(
      `select s.pan, s.cvv, s.expiration_date from sandbox_unit_cards s
         join cards c on c.partner_card_id = s.id where c.id = $1`,
      [card.id],
    );
    if (!numbers) throw new Error('the card is not at the partner');
    const [expYear, expMonth] = numbers.expiration_date.split('-').map(Number);
    const plastic = { pan: numbers.pan, expMonth, expYear };
    await network('purchase', {
      ...plastic,
      cvv: numbers.cvv,
      amountCents: 1_234,
      merchant: { name: 'Café Luna', city: 'Miami', category: 'restaurant' },
    });
    await network('atm', { ...plastic, amountCents: 4_000, network: 'out' });

    // A bill, then a withdrawal, after the card: the card spends the same money.
    const [biller] = await get<{ id: string; name: string; paymentType: string }[]>(
      ana,
      '/api/billers?category=utilities',
    );
    if (!biller) throw new Error('no biller');
    await post(
      '/api/unit/bill-payment',
      {
        paymentType: biller.paymentType,
        payeeId: biller.id,
        amount: 8_450,
        accountId: '7788-1234-9',
        memo: 'Noviembre',
      },
      money(ana),
    );

    // An instant withdrawal to a linked bank (Plaid's sandbox link, then the exchange), with its fee.
    const plaidHeaders = {
      'plaid-client-id': 'sandbox-client-id',
      'plaid-secret': 'sandbox-secret',
    };
    const created = await post(
      '/sandbox/plaid/sandbox/public_token/create',
      {
        institution_id: 'ins_109508',
        initial_products: ['auth'],
        options: { override_username: 'user_good', override_password: 'pass_good' },
      },
      plaidHeaders,
    );
    const linked = await post(
      '/api/plaid/exchange-token',
      { public_token: created.public_token, institution_name: 'First Platypus Bank' },
      auth(ana),
    );
    const bank =
      linked.accounts.find((a: { mask: string }) => a.mask === '0000') ?? linked.accounts[0];
    await post(
      '/api/funding/withdrawals',
      { plaidAccountId: bank.id, amountCents: 2_000, speed: 'instant' },
      money(ana),
    );

    // The home screen's balance.
    const home = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    const shown = home.getByTestId('home-balance');
    await shown.waitFor();
    const { balanceCents } = await get<{ balanceCents: number }>(ana, '/api/wallet/balance');
    const balance = formatUsd(cents(balanceCents), 'es');
    await expect(shown).toHaveText(balance);
    // The wallet's numbers are a tap away, and no banking panel is left on the screen.
    await expect(home.getByRole('link', { name: 'Tus datos de cuenta' })).toHaveAttribute(
      'href',
      '/direct-deposit',
    );
    await expect(home.getByText(/Método de acceso|cuenta bancaria en Pago/)).toHaveCount(0);
    await shot(home, 'one-balance-home-es-phone.png');

    // The month's statement, downloaded through the page, in Spanish.
    const page = await app.open('/activity', phone, { language: 'es', token: ana.token });
    const statements = page.getByRole('region', { name: 'Estados de cuenta' });
    const button = statements.getByRole('button', { name: /^Descargar PDF/ }).first();
    await button.scrollIntoViewIfNeeded();
    await shot(page, 'one-balance-statements-es-phone.png');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    expect(download.suggestedFilename()).toBe(`pago-estado-de-cuenta-${month}.pdf`);
    const text = await pdfText(fs.readFileSync((await download.path()) as string));
    const closing = /Saldo final\n(.+)\n/.exec(text)?.[1];
    expect(closing).toBe(balance);
    for (const line of [
      'Café Luna, Miami',
      'Rosa Núñez',
      biller.name,
      'Comisión del envío internacional',
      'Comisión de cajero automático',
      'Comisión del retiro inmediato',
      'Beto Díaz',
    ]) {
      expect(text).toContain(line);
    }
    // Nothing moved meanwhile: the home screen still shows the statement's closing balance.
    await home.reload();
    await expect(home.getByTestId('home-balance')).toHaveText(closing as string);
  });
});
