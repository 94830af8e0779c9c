import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { atEachSize, expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { createUser, post, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

/**
 * A small photo of a "check" drawn by the browser itself (a canvas), as JPEG or PNG bytes:
 * different every call (the sandbox bank refuses the same front twice as a duplicate).
 */
async function checkPhoto(page: Page, type: 'image/jpeg' | 'image/png', label: string) {
  const base64 = await page.evaluate(
    ([mime, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 280;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#222';
      g.fillRect(0, 0, 640, 280);
      g.fillStyle = '#f4f1e6';
      g.fillRect(20, 20, 600, 240);
      g.fillStyle = '#333';
      g.font = '24px sans-serif';
      g.fillText(text, 50, 80);
      g.fillText(`$120.00 · ${Math.random().toString(36).slice(2)}`, 50, 140);
      g.fillRect(50, 200, 300, 2);
      return canvas.toDataURL(mime).split(',')[1] ?? '';
    },
    [type, label] as const,
  );
  return {
    name: `${label}.${type === 'image/png' ? 'png' : 'jpg'}`,
    mimeType: type,
    buffer: Buffer.from(base64, 'base64'),
  };
}

test.describe('mobile check deposit, in Chromium', () => {
  test('deposits a $120.00 check with two photos on a phone, in Spanish, and sees it credited', async ({
    app,
  }) => {
    test.setTimeout(120_000);
    const rosa = await createUser('Rosa Díaz', '+13055550196');
    await verifiedForTheBank(rosa, 'Rosa Díaz Pérez');
    await post(
      '/api/unit/accounts/create',
      {},
      { authorization: `Bearer ${rosa.token}`, 'idempotency-key': randomUUID() },
    );
    const page = await app.open('/dashboard', phone, { language: 'es', token: rosa.token });

    // From the home's "Agregar dinero".
    await page
      .getByRole('navigation', { name: 'Acciones principales' })
      .getByRole('button', { name: 'Agregar dinero' })
      .click();
    await page
      .getByRole('dialog', { name: 'Agregar dinero' })
      .getByRole('link', { name: 'Depositar un cheque' })
      .click();
    await page.getByRole('heading', { name: 'Depositar un cheque', level: 1 }).waitFor();
    await page.getByText('Todavía no has depositado cheques.').waitFor();
    await page
      .getByText('Puedes depositar $2,500.00 más hoy y $5,000.00 más este mes en cheques.')
      .waitFor();
    await page.getByLabel('Monto del cheque').fill('120');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The front: guidance, the camera (a file here), a preview, another try, then this one.
    await page.getByRole('heading', { name: 'Frente del cheque' }).waitFor();
    await page.getByText(/superficie plana y oscura/).waitFor();
    const front = page.getByTestId('check-photo-front');
    expect(await front.getAttribute('capture')).toBe('environment');
    await front.setInputFiles(await checkPhoto(page, 'image/jpeg', 'PAGUESE A ROSA DIAZ'));
    await page.getByRole('img', { name: 'Vista previa del frente del cheque' }).waitFor();
    await page.getByRole('button', { name: 'Tomar otra' }).waitFor();
    await front.setInputFiles(await checkPhoto(page, 'image/jpeg', 'PAGUESE A ROSA DIAZ'));
    await shot(page, 'check-front-phone-es.png');
    expect(await seriousA11yViolations(page), 'the photo step').toEqual([]);
    await page.getByRole('button', { name: 'Usar esta foto' }).click();

    // The back: endorsed "Solo para depósito móvil en Pago".
    await page.getByRole('heading', { name: 'Reverso del cheque' }).waitFor();
    await page.getByText(/«Solo para depósito móvil en Pago»/).waitFor();
    await page
      .getByTestId('check-photo-back')
      .setInputFiles(await checkPhoto(page, 'image/png', 'Solo para deposito movil en Pago'));
    await page.getByRole('img', { name: 'Vista previa del reverso del cheque' }).waitFor();
    await page.getByRole('button', { name: 'Usar esta foto' }).click();

    // The review: free, the limits left, and the day the money is available, before confirming.
    await page.getByRole('heading', { name: 'Revisa y confirma' }).waitFor();
    await page.getByText('Gratis', { exact: true }).waitFor();
    await page.getByText('Disponible a más tardar').waitFor();
    await page.getByText(/^\S+, \d+ de \S+$/).waitFor();
    await shot(page, 'check-review-phone-es.png');
    await page.getByRole('button', { name: 'Confirmar' }).click();

    // The status page: in review (pending in the balance), then available, by the sandbox bank's
    // own review (SANDBOX_CHECK_REVIEW_MS per step).
    await page.getByRole('heading', { name: 'Tu depósito de cheque' }).waitFor();
    await expect(page.getByTestId('check-status')).toHaveText(
      /En revisión|Aprobado, pendiente|En compensación/,
    );
    await page.getByText(/El dinero aparece como pendiente en tu saldo/).waitFor();
    await shot(page, 'check-status-phone-es.png');
    await expect(page.getByTestId('check-status')).toHaveText('Disponible', { timeout: 60_000 });
    await page.getByText('¡Listo! El dinero ya está disponible en tu saldo.').waitFor();
    await page
      .getByRole('region', { name: 'Tus depósitos de cheques' })
      .getByText('$120.00')
      .waitFor();
    await shot(page, 'check-sent-phone-es.png', { fullPage: true });
    await shot(page, 'check-sent-desktop-es.png', {
      size: { width: desktop.width, height: desktop.height },
    });

    await atEachSize(page, async (viewport) => {
      expect(await seriousA11yViolations(page), `the status at ${viewport.name}`).toEqual([]);
    });

    // In English too, on a computer: the past deposit, available.
    const english = await app.open('/deposit-check', desktop, {
      language: 'en',
      token: rosa.token,
    });
    await english.getByRole('heading', { name: 'Deposit a check', level: 1 }).waitFor();
    await english
      .getByRole('region', { name: 'Your check deposits' })
      .getByText(/^Available · /)
      .waitFor();
    await english.getByLabel('Check amount').waitFor();
    await shot(english, 'check-desktop-en.png');

    // The home's balance has it, spendable.
    await page.goto('/dashboard');
    await page.getByText('$120.00').first().waitFor();
  });
});
