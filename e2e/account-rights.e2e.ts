import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { unzipText } from '../apps/server/test/zip-helpers';
import { expect, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { addTestMoney, createUser, markVerified, post } from './support/users';

const [phone, desktop] = VIEWPORTS;
const PASSWORD = 'E2e-secret-pass-1';

test.describe('a customer’s rights over their account, in Spanish', () => {
  test('downloads their data, closes the account at zero balance; sign-in then fails and the other party still sees the transfer, named', async ({
    app,
  }) => {
    const ana = await createUser('Ana Cierre', '+12125550298');
    const beto = await createUser('Beto Sigue', '+12125550172');
    await markVerified(ana);
    await markVerified(beto);
    await addTestMoney(ana, 2_000);
    const auth = (token: string) => ({
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    });
    const paid = await post(
      '/api/transactions/send',
      { recipientUsername: beto.username, amountUsd: 15, note: 'Renta' },
      auth(ana.token),
    );

    // With $5 left, closing is not possible yet: the dialog says why and where to withdraw.
    const wide = await app.open('/profile', desktop, { token: ana.token });
    await wide.getByRole('heading', { name: 'Tus datos' }).waitFor();
    await wide.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
    const blocked = wide.getByRole('dialog', { name: 'Cerrar mi cuenta' });
    await blocked.getByText('Todavía no puedes cerrar tu cuenta:').waitFor();
    await expect(blocked.getByText(/Tienes \$5\.00 de saldo/)).toBeVisible();
    await expect(blocked.getByRole('link', { name: 'Retirar a mi banco' })).toBeVisible();
    await shot(wide, 'account-close-blocked-es-1366x768.png');
    await blocked.getByRole('button', { name: 'Cancelar' }).click();
    await post(
      '/api/transactions/send',
      { recipientUsername: beto.username, amountUsd: 5 },
      auth(ana.token),
    );

    // On the phone: download my data, then close the account.
    const page = await app.open('/profile', phone, { token: ana.token });
    const section = page.getByRole('region', { name: 'Tus datos' });
    await section.scrollIntoViewIfNeeded();
    await shot(section, 'your-data-es-390x844.png');
    await section.getByRole('button', { name: 'Descargar mis datos' }).click();
    const download = page.getByRole('dialog', { name: 'Descargar mis datos' });
    await download.getByLabel('Tu contraseña').fill(PASSWORD);
    const downloading = page.waitForEvent('download');
    await download.getByRole('button', { name: 'Descargar', exact: true }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^pago-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzipText(fs.readFileSync((await file.path()) as string));
    const transfers = JSON.parse(files.get('transfers.json') ?? '[]') as { id: string }[];
    expect(transfers.map((t) => t.id)).toContain(paid.id);
    expect(files.get('transfers.csv')).toContain(paid.reference);
    expect(files.get('LEEME.txt')).toContain('Lo que no incluimos');
    await download.getByText('Listo. Tu archivo se descargó.').waitFor();
    await download.getByRole('button', { name: 'Cancelar' }).click();

    await section.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
    const closing = page.getByRole('dialog', { name: 'Cerrar mi cuenta' });
    await closing.getByText('Al cerrar tu cuenta:').waitFor();
    await closing.getByLabel('¿Por qué te vas? (opcional)').fill('Ya no lo necesito');
    await closing.getByLabel('Tu contraseña').fill(PASSWORD);
    await shot(page, 'account-close-es-390x844.png');
    await closing.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
    const done = page.getByRole('dialog', { name: 'Tu cuenta está cerrada' });
    await done.getByText(/Cerramos tu cuenta de Pago el/).waitFor();
    await shot(page, 'account-closed-es-390x844.png');
    await done.getByRole('button', { name: 'Listo' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Signing in again fails, saying the account is closed.
    const login = await app.open('/login', phone);
    await login.getByLabel('Usuario o correo electrónico').fill(ana.username);
    await login.getByLabel('Contraseña').fill(PASSWORD);
    await login.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(login.getByRole('alert')).toContainText('Esta cuenta está cerrada');

    // Beto's activity still shows Ana's payments, with her name.
    const betoPage = await app.open('/activity', desktop, { token: beto.token });
    const fromAna = betoPage
      .getByRole('button', { name: /^Dinero recibido Ana Cierre/ })
      .filter({ hasText: 'Completada' });
    await expect(fromAna.filter({ hasText: '+$15.00' })).toBeVisible();
    await expect(fromAna.filter({ hasText: '+$5.00' })).toBeVisible();
  });
});
