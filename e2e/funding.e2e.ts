import { expect, test, VIEWPORTS } from './support/browser';
import { plaidFrame } from './support/identity-flows';
import { addTestMoney, createUser, type E2eUser, markVerified, serverQuery } from './support/users';

const [phone] = VIEWPORTS;

/** What the banking partner's application needs of a verified holder: birth date and street. */
async function giveHolderDetails(user: E2eUser): Promise<void> {
  await serverQuery(
    `update users set legal_birth_date = '1988-06-02', address = '350 Fifth Avenue, New York, NY 10118',
         address_street = '350 Fifth Avenue', address_city = 'New York', address_state = 'NY',
         address_postal_code = '10118'
       where email = $1`,
    [user.email],
  );
}

test.describe('money in from a bank and out to it, in Chromium', () => {
  test('adds $200 from a linked bank (pending, on hold, then available), withdraws $50 instantly (same-day ACH) and test money through the omnibus, in Spanish on a phone', async ({
    app,
  }) => {
    const carla = await createUser('Carla Méndez', '+12125550181', '10118');
    await markVerified(carla);
    await giveHolderDetails(carla);
    const page = await app.open('/profile', phone, { token: carla.token });

    // Link First Platypus Bank through the sandbox Plaid Link, step by step.
    await page.getByRole('button', { name: 'Conectar cuenta bancaria' }).click();
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
    await page.getByText('¡Cuenta bancaria conectada con éxito!').waitFor();

    // Agregar dinero from the home screen: $200 from the checking account, reviewed, confirmed.
    await page.goto('/dashboard');
    const openAddMoney = () =>
      page
        .getByRole('navigation', { name: 'Acciones principales' })
        .getByRole('button', { name: 'Agregar dinero' })
        .click();
    await openAddMoney();
    const dialog = page.getByRole('dialog', { name: 'Agregar dinero' });
    const add = dialog.getByRole('region', { name: 'Agregar dinero', exact: true });
    await add.getByLabel(/Plaid Checking ••0000/).check();
    await add.getByLabel('Monto').fill('200');
    await add.getByRole('button', { name: 'Revisar' }).click();
    await add.getByRole('heading', { name: 'Revisa y confirma' }).waitFor();
    // Before confirming: when she can use it (a new link's first deposit waits out its hold).
    const when = add.getByRole('region', { name: 'Cuándo podrás usarlo' });
    await when.getByText(/^\$200\.00 el \S+, \d+ de \S+$/).waitFor();
    await when
      .getByText(/queda en espera 3 días hábiles después de que tu banco lo liquide/)
      .waitFor();
    await add.getByText(/Verás el dinero en tu saldo como pendiente/).waitFor();
    await add.getByRole('button', { name: 'Confirmar' }).click();
    await add
      .getByText(/Agregaste \$200\.00 desde First Platypus Bank.*podrás usarlo a más tardar el/)
      .waitFor();

    // Pending first (in the balance, not spendable), then on hold once the bank settles it.
    await page.getByText('Pendiente de tu banco: $200.00').waitFor();
    await page.getByText(/^En espera hasta el \S+, \d+ de \S+: \$200\.00$/).waitFor();
    await page.getByText('Disponible para usar: $0.00').waitFor();
    // Its banking days pass (the hold's time moved to now): the job releases it.
    await serverQuery(
      `update funding_transfers set available_at = now()
         where user_id = (select id from users where email = $1) and on_hold_cents > 0`,
      [carla.email],
    );
    await expect
      .poll(async () => {
        const [row] = await serverQuery<{ held: string }>(
          `select held_cents as held from ledger_accounts
             where user_id = (select id from users where email = $1)`,
          [carla.email],
        );
        return row?.held;
      })
      .toBe('0');
    // The page asks again when the hold's day comes; here the day came early: look again.
    await page.reload();
    await page.getByText('Disponible para usar: $200.00').waitFor();
    await openAddMoney();

    // Retirar a tu banco: $50 instantly, with the $1.75 fee shown before confirming.
    const withdraw = dialog.getByRole('region', { name: 'Retirar a tu banco', exact: true });
    await withdraw.getByLabel('Monto').fill('50');
    // Instant is same-day ACH, said as such; what can leave is the available money less its fee.
    await withdraw
      .getByLabel(
        /Instantáneo \(ACH el mismo día\): llega en minutos u horas, el mismo día hábil; comisión de \$1\.75/,
      )
      .check();
    await withdraw.getByText('Disponible para retirar: $198.25').waitFor();
    await withdraw.getByRole('button', { name: 'Revisar' }).click();
    // Inside the same-day hours (Mon–Fri 8–8 Eastern) it arrives today, else the next business day.
    await withdraw
      .getByText(/^(El mismo día hábil, en minutos u horas|El siguiente día hábil: .*)$/)
      .waitFor();
    await withdraw.getByRole('definition').filter({ hasText: '$1.75' }).waitFor();
    await withdraw.getByRole('definition').filter({ hasText: '$51.75' }).waitFor();
    await withdraw.getByRole('button', { name: 'Confirmar' }).click();
    await withdraw.getByText(/Enviamos \$50\.00 a First Platypus Bank/).waitFor();
    await page.getByText('Disponible para usar: $148.25').waitFor();

    // Both in the activity.
    await page.getByText('Dinero agregado desde tu banco').first().waitFor();
    await page.getByText('Retiro a tu banco').first().waitFor();

    // Money that never went through the bank partner (test money) leaves too: Pago's omnibus
    // account covers what her own partner account lacks ($150.00 is there).
    await addTestMoney(carla, 10_000);
    await page.reload();
    await page.getByText('Disponible para usar: $248.25').waitFor();
    await openAddMoney();
    await withdraw.getByLabel('Monto').fill('240');
    await withdraw.getByLabel(/^Estándar/).check();
    await withdraw.getByText('Disponible para retirar: $248.25').waitFor();
    await withdraw.getByRole('button', { name: 'Revisar' }).click();
    await withdraw.getByRole('button', { name: 'Confirmar' }).click();
    await withdraw.getByText(/Enviamos \$240\.00 a First Platypus Bank/).waitFor();
    await page.getByText('Disponible para usar: $8.25').waitFor();
  });
});
