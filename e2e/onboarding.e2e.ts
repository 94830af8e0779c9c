import type { Locator, Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/browser';
import { completePlaidFlow, plaidFrame } from './support/identity-flows';
import { latestCode, uniqueSuffix } from './support/mailbox';
import { shot } from './support/shots';
import { nextSmsCode, smsTo } from './support/sms';

/**
 * A new user, in Spanish on a phone (390×844), from the landing page to a first send home with no
 * dead end: the terms on the sign-up dialog, the phone verified in the onboarding step, the home
 * address asked inside "Agregar dinero" after "Confirmar" (prefilled with the sign-up ZIP) and the
 * deposit going on, then test money and a first send home from home's "Enviar a casa". The taps
 * (Pago's own screens; the vendors' hosted frames counted apart) are written in docs/onboarding.md.
 */

const [phone] = VIEWPORTS;
const PAYER = 'Red de Pagos Ejemplo Guatemala';

test.describe('onboarding with no dead end, in Spanish on a phone', () => {
  test('joins from the landing page, verifies identity and phone, gives the address inside "Agregar dinero", and sends home', async ({
    app,
  }) => {
    test.setTimeout(300_000);
    const suffix = uniqueSuffix();
    const email = `maria.${suffix}@example.com`;
    const password = 'Mi-clave-segura-2026';
    // A number no other test uses: the last four digits from the run.
    const mobile = `+1713555${suffix.replace(/\D/g, '').slice(-4).padStart(4, '0')}`;
    const page = await app.open('/', phone);
    const taps = { signup: 0, addMoney: 0, sendHome: 0 };
    let phase: keyof typeof taps = 'signup';
    const tap = async (target: Locator, how: 'click' | 'check' = 'click') => {
      taps[phase] += 1;
      await (how === 'check' ? target.check() : target.click());
    };

    // Sign up: the dialog from the landing page, the terms box, the e-mail code.
    await tap(page.getByRole('button', { name: 'Únete a Pago' }));
    const dialog = page.getByRole('dialog', { name: 'Crea tu cuenta' });
    await dialog.getByLabel('Nombre completo', { exact: true }).fill('María García');
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await dialog.getByLabel('Nombre de usuario', { exact: true }).fill(`maria_${suffix}`);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
    await dialog.getByLabel('Confirma tu contraseña', { exact: true }).fill(password);
    await dialog.getByLabel('Código postal (ZIP)', { exact: true }).fill('77002');
    await tap(dialog.getByRole('checkbox', { name: /Acepto los Términos y condiciones/ }), 'check');
    await tap(dialog.getByRole('button', { name: 'Regístrate' }));
    await page.waitForURL('**/verify');
    await page.getByLabel('Código de verificación').fill(await latestCode(email));
    await tap(page.getByRole('button', { name: 'Verificar' }));

    // Identity (the vendor's hosted frame), then the phone step in the same onboarding page.
    await page.waitForURL('**/onboarding/verify');
    await tap(page.getByRole('button', { name: 'Iniciar verificación' }));
    expect(await completePlaidFlow(page, 'García', 'es', 'María')).toBe('passed');
    await plaidFrame(page).getByRole('button', { name: 'Continuar' }).click();
    const phoneStep = page.getByRole('region', { name: 'Verifica tu teléfono' });
    await phoneStep.getByLabel('Tu número de teléfono').fill(mobile.slice(2));
    await shot(page, 'pago-onboarding-phone-es-phone.png', { fullPage: true });
    const before = (await smsTo(mobile)).length;
    await tap(phoneStep.getByRole('button', { name: 'Enviar código' }));
    await phoneStep
      .getByText(/Escribe el código de 6 dígitos que enviamos por SMS al \+1 \(713\)/)
      .waitFor();
    await phoneStep.getByLabel('Código de verificación').fill(await nextSmsCode(mobile, before));
    await tap(phoneStep.getByRole('button', { name: 'Verificar' }));
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: '¡Hola, María!' }).waitFor();
    // The phone is verified: no reminder on home.
    await expect(page.getByText(/Verifica tu teléfono para recibir dinero/)).toHaveCount(0);
    const signupTaps = taps.signup;

    // Link a bank (Plaid Link, the vendor's frame) from the profile, as "Agregar dinero" offers.
    phase = 'addMoney';
    const actions = page.getByRole('navigation', { name: 'Acciones principales' });
    await tap(actions.getByRole('button', { name: 'Agregar dinero' }));
    const addMoney = page.getByRole('dialog', { name: 'Agregar dinero' });
    await tap(addMoney.getByRole('link', { name: 'Vincular una cuenta bancaria' }));
    await page.waitForURL('**/profile#banks');
    await tap(page.getByRole('button', { name: 'Conectar cuenta bancaria' }));
    await linkFirstPlatypus(page);
    await page.getByText('¡Cuenta bancaria conectada con éxito!').waitFor();

    // Agregar dinero from the bank: the address is asked after "Confirmar", in place.
    await page.goto('/dashboard');
    await tap(actions.getByRole('button', { name: 'Agregar dinero' }));
    const add = addMoney.getByRole('region', { name: 'Agregar dinero', exact: true });
    await add.getByLabel('Monto a agregar desde tu banco').fill('200');
    await tap(add.getByRole('button', { name: 'Revisar' }));
    await add.getByRole('heading', { name: 'Revisa y confirma' }).waitFor();
    await tap(add.getByRole('button', { name: 'Confirmar' }));
    const address = add.getByRole('region', { name: 'Tu dirección' });
    await address.getByText(/El banco necesita tu dirección de casa para agregar dinero/).waitFor();
    // What Pago knows is already there: the ZIP code from sign-up.
    await expect(address.getByLabel(/Código postal/)).toHaveValue('77002');
    await address.getByLabel(/Calle y número/).fill('1200 Main St');
    await address.getByLabel(/Ciudad/).fill('Houston');
    await address.getByLabel(/Estado/).selectOption({ label: 'Texas' });
    await shot(page, 'pago-onboarding-address-es-phone.png', { fullPage: true });
    await tap(address.getByRole('button', { name: 'Guardar y continuar' }));
    // The same $200 goes on, never typed again.
    await add.getByText(/Agregaste \$200\.00 desde First Platypus Bank/).waitFor();

    // The deposit is on hold until the bank settles it: sandbox test money to send with today.
    await tap(addMoney.getByRole('button', { name: 'Agregar dinero de prueba' }));
    await addMoney.getByLabel('Monto a agregar', { exact: true }).fill('200');
    await tap(addMoney.getByRole('button', { name: 'Agregar dinero', exact: true }));
    await addMoney.getByText(/Agregamos \$200\.00/).waitFor();
    await tap(addMoney.getByRole('button', { name: 'Cerrar' }));

    // The first send home, from home's send-home link: a new cash-pickup recipient in Guatemala.
    phase = 'sendHome';
    await tap(page.getByRole('link', { name: 'Enviar dinero a otro país' }));
    // No recipient yet: the price first (the calculator), for each speed, then the form.
    await page.getByRole('heading', { name: '¿Cuánto envías?' }).waitFor();
    await page.getByLabel('País de destino').selectOption('GT');
    await page.getByLabel('Envías (USD)').fill('100');
    await tap(page.getByRole('button', { name: 'Continuar con estándar' }));
    await page.getByRole('heading', { name: 'Agregar destinatario' }).waitFor();
    await page.getByLabel('Nombre(s)').fill('José Luis');
    await page.getByLabel('Apellido(s)').fill('García');
    await page.getByLabel('País').selectOption('GT');
    await page.getByLabel('Teléfono').fill('2234 5678');
    await tap(page.getByRole('radio', { name: 'Retiro en efectivo' }), 'check');
    await page.getByText(`Paga ${PAYER}`).waitFor();
    await page.getByLabel('Tipo de identificación').selectOption('NATIONAL_ID');
    await page.getByLabel('Número de identificación').fill('2456 78901 0101');
    await tap(page.getByRole('button', { name: 'Guardar destinatario' }));
    // Saved: the amount and speed from the calculator are quoted at once.
    await page.getByText('José Luis García').waitFor();
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await tap(page.getByRole('button', { name: /^Confirmar y enviar \$/ }));
    await page.getByTestId('receipt').getByRole('heading', { name: 'Recibo' }).waitFor();
    await shot(page, 'pago-onboarding-sent-es-phone.png', { fullPage: true });

    // docs/onboarding.md records these counts.
    console.log(
      `taps: sign-up ${signupTaps}, adding money ${taps.addMoney}, first send home ${taps.sendHome}`,
    );
    expect(signupTaps).toBe(7);
    expect(taps.sendHome).toBeLessThanOrEqual(6);
  });
});

/** First Platypus Bank through the sandbox Plaid Link, step by step (the vendor's frame). */
async function linkFirstPlatypus(page: Page) {
  const link = plaidFrame(page);
  const steps: [kind: 'heading' | 'text' | 'button' | 'field', name: string, value?: string][] = [
    ['heading', 'Elige tu banco'],
    ['text', 'First Platypus Bank'],
    ['button', 'Continuar'],
    ['field', 'Usuario', 'user_good'],
    ['field', 'Contraseña', 'pass_good'],
    ['button', 'Enviar'],
    ['heading', 'Elige tus cuentas'],
    ['button', 'Conectar'],
    ['heading', 'Listo'],
    ['button', 'Continuar'],
  ];
  for (const [kind, name, value] of steps) {
    if (kind === 'heading') await link.getByRole('heading', { name }).waitFor();
    else if (kind === 'text') await link.getByText(name).click();
    else if (kind === 'field') await link.getByLabel(name).fill(value ?? '');
    else await link.getByRole('button', { name }).click();
  }
}
