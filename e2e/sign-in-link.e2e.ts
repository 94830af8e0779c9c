import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { createUser, serverQuery } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** The sign-in link the sandbox mailbox holds for `email`, waiting briefly for it to arrive. */
async function signInLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const response = await fetch(
      `${baseUrl()}/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
    );
    const messages = (await response.json()) as Array<{ text: string }>;
    const link = messages
      .map((m) => /https?:\/\/\S+\/sign-in-link#token=[\w-]+/.exec(m.text)?.[0])
      .find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No sign-in link for ${email} in the sandbox mailbox`);
}

test.describe('a sign-in held back by guessing from many networks', () => {
  test('the owner asks for a link by e-mail and signs in with it, once', async ({ app }) => {
    const user = await createUser('Marta Gil', '+12125550177', '10001', { verifyPhone: false });
    // Wrong passwords from many networks filled the account's hour, as 20 guesses would; the
    // browser's own network has tried nothing.
    const [row] = await serverQuery<{ id: string }>('select id from users where username = $1', [
      user.username,
    ]);
    await serverQuery(
      `insert into rate_limits (key, hits, allowed, updated_at)
       values ($1, array_fill(now(), array[20]), false, now())`,
      [`password-fail:user:${row?.id}:3600s`],
    );

    const page = await app.open('/login', phone);
    await page.getByLabel('Usuario o correo electrónico').fill(user.username);
    await page.getByLabel('Contraseña').fill('E2e-secret-pass-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page
      .getByText('Se intentaron demasiadas contraseñas incorrectas en esta cuenta', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('button', { name: 'Envíame un enlace para iniciar sesión' }).click();
    await page.getByText('Si la cuenta existe, enviamos un enlace', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const link = await signInLink(user.email);
    const opened = await app.open(link.replace(/^https?:\/\/[^/]+/, ''), phone);
    await opened.getByRole('heading', { name: 'Inicia sesión con tu enlace' }).waitFor();
    expect(await seriousA11yViolations(opened)).toEqual([]);
    await shot(opened, 'sign-in-link-es-phone.png', { fullPage: true });
    await opened.getByRole('button', { name: 'Iniciar sesión' }).click();
    await opened.waitForURL('**/dashboard');

    // The same link again, in English on a desktop: spent.
    const again = await app.open(link.replace(/^https?:\/\/[^/]+/, ''), desktop, {
      language: 'en',
    });
    await again.getByRole('heading', { name: 'Sign in with your link' }).waitFor();
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again
      .getByText('This sign-in link expired or was already used.', { exact: false })
      .waitFor();
    expect(await seriousA11yViolations(again)).toEqual([]);
  });
});
