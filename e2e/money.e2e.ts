import { expect, test, VIEWPORTS } from './support/browser';
import {
  addTestMoney,
  createUser,
  markVerified,
  saveMexicanRecipient,
  verifiedForTheBank,
} from './support/users';

const [, desktop] = VIEWPORTS;

test.describe('two verified users moving money, in Spanish', () => {
  test('adds test money, sends home with the fee shown first, requests, pays, pays a bill, and both see it', async ({
    app,
  }) => {
    const ana = await createUser('Ana', '+12125550187');
    const beto = await createUser('Beto', '+12125550182');
    // Sending abroad tells the payout partner the sender's name and birth date.
    await verifiedForTheBank(ana, 'Ana Prueba');
    await markVerified(beto);
    await addTestMoney(beto, 10_000);
    // A phone abroad is paid as the saved recipient with that phone.
    await saveMexicanRecipient(ana, '+525512345678');

    const page = await app.open('/dashboard', desktop, { token: ana.token });
    await page
      .getByRole('navigation', { name: 'Acciones principales' })
      .getByRole('button', { name: 'Agregar dinero' })
      .click();
    const addMoney = page.getByRole('dialog', { name: 'Agregar dinero' });
    await addMoney.getByRole('button', { name: 'Agregar dinero de prueba' }).click();
    await addMoney.getByLabel('Monto a agregar').fill('500');
    await addMoney.getByRole('button', { name: 'Agregar dinero', exact: true }).click();
    await addMoney.getByText('Agregamos $500.00 de dinero de prueba a tu saldo.').waitFor();

    await page.goto('/moneymover');
    await page.getByLabel('Código de país').selectOption({ value: 'MX' });
    await page.getByLabel('Teléfono de quien recibe').fill('55 1234 5678');
    await page.getByLabel('País de destino').selectOption({ value: 'MX' });
    await page.getByLabel('Monto en USD').fill('100');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    // A remittance: the Remittance Transfer Rule's disclosure before paying, as sending home shows.
    const review = page.getByRole('region', { name: 'Revisa los detalles antes de pagar' });
    await review.getByTestId('disclosure').waitFor();
    const reviewText = (await review.textContent()) ?? '';
    expect(reviewText).toContain('Comisión de envío$4.49');
    expect(reviewText).toContain('Impuestos del envío$0.00');
    expect(reviewText).toMatch(/Tipo de cambioUS\$1 = 17[.,]885/);
    expect(reviewText).toContain('Total$104.49');
    expect(reviewText).toContain('Total para el destinatario');
    expect(reviewText).toContain('Fecha de disponibilidad');
    expect(reviewText).toContain('El destinatario podría recibir menos');
    expect(reviewText).toContain('Pago no cobra otras comisiones ni impuestos');
    await page.getByRole('button', { name: 'Confirmar y enviar $104.49' }).click();
    const success = page.getByRole('status').filter({ hasText: '¡Dinero enviado con éxito!' });
    await success.getByRole('link', { name: 'Ver recibo y seguimiento' }).click();
    // The remittance's tracking page, where its receipt and the sender's rights are.
    await page.getByRole('button', { name: 'Ver recibo y tus derechos' }).click();
    await page
      .getByTestId('receipt')
      .getByText(/^Tienes derecho a cancelar este envío/)
      .waitFor();
    await page.goto('/moneymover');

    await page.getByRole('tab', { name: 'Solicitar dinero' }).click();
    await page.getByLabel('Usuario o teléfono').fill(beto.username);
    await page.getByLabel('Motivo o nota').fill('La cena del viernes');
    await page.getByRole('tabpanel').getByLabel('Monto en USD').fill('20');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Solicitar dinero' }).click();
    await page.getByText('¡Solicitud de dinero enviada con éxito!').waitFor();

    const betoPage = await app.open('/moneymover?tab=request', desktop, { token: beto.token });
    await betoPage.getByText('La cena del viernes').waitFor();
    await betoPage.getByRole('button', { name: 'Pagar', exact: true }).click();
    await betoPage.getByRole('dialog').getByRole('button', { name: 'Pagar $20.00' }).click();
    await betoPage.getByText('Solicitud pagada.').waitFor();

    await page.goto('/billpay');
    await page.getByRole('button', { name: 'Luz' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Empresa', { exact: true }).selectOption({ index: 1 });
    await dialog.getByLabel('Tu número de cuenta con la empresa').fill('7788-1234');
    await dialog.getByLabel('Monto en USD').fill('45,90');
    await dialog
      .getByRole('button', { name: /Revisar|Continuar|Pagar/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: /Pagar \$45\.90/ }).click();
    await page.getByText('¡Listo! Ya está pagado: Factura de luz.').waitFor();

    await page.goto('/dashboard');
    // 500.00 − 104.49 + 20.00 − 45.90
    await page.getByText('$369.61').first().waitFor();
    const activity = page.getByRole('region', { name: 'Actividad reciente' });
    for (const kind of [
      'Factura pagada',
      'Te pagaron una solicitud',
      'Envío internacional',
      'Dinero de prueba',
    ]) {
      await activity.getByText(kind).first().waitFor();
    }

    await betoPage.goto('/dashboard');
    await betoPage.getByText('$80.00').first().waitFor();
    await betoPage
      .getByRole('region', { name: 'Actividad reciente' })
      .getByText('Solicitud pagada')
      .first()
      .waitFor();
  });

  test('shows the room left, names the phone’s country, offers to invite a U.S. friend not on Pago, and leads to saving a recipient abroad', async ({
    app,
  }) => {
    const dora = await createUser('Dora', '+12125550186');
    await markVerified(dora);
    await addTestMoney(dora, 10_000);

    const page = await app.open('/moneymover', desktop, { token: dora.token });
    await page
      .getByText(
        'Puedes enviar hasta $999.00 por transferencia, $2,500.00 más hoy y $10,000.00 más este mes.',
      )
      .waitFor();

    await page.getByLabel('Código de país').selectOption({ value: 'CO' });
    await page.getByLabel('Teléfono de quien recibe').fill('300 123 4567');
    await page.getByLabel('País de destino').selectOption({ value: 'MX' });
    await page.getByLabel('Monto en USD').fill('50');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await page
      .getByText(
        'Este teléfono es de Colombia. El dinero al exterior va a un teléfono del país de destino: elige ese país o revisa el número.',
      )
      .waitFor();

    await page.getByLabel('Código de país').selectOption({ value: 'US' });
    await page.getByLabel('Teléfono de quien recibe').fill('212 555 0199');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    const invite = page.getByRole('region', { name: '+1 212 555 0199 todavía no está en Pago' });
    await invite.waitFor();
    const sms = await invite
      .getByRole('link', { name: 'Invitar por mensaje de texto' })
      .getAttribute('href');
    expect(decodeURIComponent(sms ?? '')).toContain('Quiero enviarte $50.00 con Pago');

    // A phone abroad that is none of Dora's saved recipients: save them first, on /send-home.
    await page.getByLabel('Código de país').selectOption({ value: 'MX' });
    await page.getByLabel('Teléfono de quien recibe').fill('55 8765 4321');
    await page.getByLabel('País de destino').selectOption({ value: 'MX' });
    await page.getByRole('button', { name: 'Cotizar' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'primero guarda al destinatario' });
    await refusal.getByRole('link', { name: 'Agregar destinatario' }).click();
    await page.waitForURL('**/send-home');
  });
});
