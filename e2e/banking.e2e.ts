import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { createUser, post, serverQuery, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;
/** Set to a directory to keep the panel's screenshots (phone in Spanish, desktop in English). */
const SHOTS = process.env.PAGO_SCREENSHOT_DIR;

test.describe('the banking panel', () => {
  test('shows the card, the numbers on demand, the transactions and a statement PDF per month', async ({
    app,
  }) => {
    const ana = await createUser('Ana Peña', '+13055550161');
    await verifiedForTheBank(ana, 'Ana Peña Núñez');
    await post(
      '/api/unit/accounts/create',
      {},
      { authorization: `Bearer ${ana.token}`, 'idempotency-key': randomUUID() },
    );
    const account = await (
      await fetch(`${baseUrl()}/api/unit/accounts/me`, {
        headers: { authorization: `Bearer ${ana.token}` },
      })
    ).json();
    expect(account.routingNumber).toBe('812345678');
    const [bank] = await serverQuery<{ unit_account_id: string }>(
      'select b.unit_account_id from bank_accounts b join users u on u.id = b.user_id where u.email = $1',
      [ana.email],
    );
    if (!bank) throw new Error('no bank account stored');
    // Money from outside, as Unit's sandbox incoming ACH (the fake's org token is the sandbox one).
    await post(
      '/sandbox/unit/sandbox/payments',
      {
        data: {
          type: 'achPayment',
          attributes: { amount: 25_000, direction: 'Credit', description: 'Nómina' },
          relationships: {
            account: { data: { type: 'depositAccount', id: bank.unit_account_id } },
          },
        },
      },
      {
        authorization: 'Bearer unit_sandbox_org_token',
        'content-type': 'application/vnd.api+json',
      },
    );

    const page = await app.open('/profile', phone, { language: 'es', token: ana.token });
    await page.getByText('Listo', { exact: true }).waitFor();
    await page.getByText('Método de acceso: Tradicional').waitFor();
    await page.getByRole('img', { name: /Tarjeta de tu cuenta bancaria/ }).waitFor();
    await page.getByRole('list', { name: 'Liquidadas' }).getByText('Nómina').waitFor();
    await page.getByRole('button', { name: 'Mostrar números' }).click();
    await page.getByText('812345678').first().waitFor();
    const statements = page.getByRole('list', { name: 'Estados de cuenta' });
    await statements.waitFor();
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      // The panel at the top of the screen, below the sticky header.
      await page.getByText('Conexión segura con el banco:').evaluate((element) => {
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 140);
      });
      await page.screenshot({ path: path.join(SHOTS, 'banking-es-390x844.png') });
    }
    const month = new Date().toISOString().slice(0, 7);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statements.getByRole('button').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pago-estado-de-cuenta-${month}.pdf`);
    const file = fs.readFileSync((await download.path()) as string);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const english = await app.open('/profile', desktop, { language: 'en', token: ana.token });
    await english.getByText('Ready', { exact: true }).waitFor();
    await english.getByRole('list', { name: 'Statements' }).waitFor();
    if (SHOTS) {
      await english.getByText('Secure connection to the bank:').evaluate((element) => {
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 140);
      });
      await english.screenshot({ path: path.join(SHOTS, 'banking-en-1366x768.png') });
    }
  });
});
