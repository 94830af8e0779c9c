import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionFlowError } from '@/lib/session-registration';
import { fakeSession } from '@/test/fake-session';
import { renderWithSession } from '@/test/render';
import VerifyPage from './verify-page';

// Failures the real session produces only in states a person cannot reach through the screens
// (a remembered e-mail without the held sign-up data); the page must still word them.
describe('the /verify page, given a session failure', () => {
  it.each([
    ['userDataNotFound', 'No se encontraron los datos del usuario', 'User data not found'],
    ['emailNotFound', 'No se encontró el correo electrónico', 'Email address not found'],
    ['invalidCode', 'El código de verificación no es válido', 'Invalid verification code'],
  ] as const)('%s', async (reason, spanish, english) => {
    for (const [language, text] of [
      ['es', spanish],
      ['en', english],
    ] as const) {
      const session = fakeSession({
        emailForVerification: 'jo@example.com',
        verifyEmail: async () => {
          throw new SessionFlowError(reason);
        },
      });
      const user = userEvent.setup();
      const view = await renderWithSession(<VerifyPage />, session, {
        path: '/verify',
        language,
        namespace: 'accounts',
      });
      expect(screen.getByText('j***@example.com')).toBeVisible();
      await user.type(screen.getByRole('textbox'), '123456');
      await user.click(
        screen.getByRole('button', { name: language === 'es' ? 'Verificar' : 'Verify' }),
      );
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
      view.unmount();
    }
  });

  it('goes where verifyEmail says', async () => {
    const session = fakeSession({
      emailForVerification: 'jo@example.com',
      verifyEmail: async () => ({ next: '/dashboard' }),
    });
    const user = userEvent.setup();
    const { location } = await renderWithSession(<VerifyPage />, session, {
      path: '/verify',
      namespace: 'accounts',
    });
    await user.type(screen.getByRole('textbox'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(location()?.pathname).toBe('/dashboard'));
  });
});
