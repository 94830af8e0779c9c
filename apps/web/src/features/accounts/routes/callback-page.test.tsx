import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { fakeSession } from '@/test/fake-session';
import { makeProfile } from '@/test/profiles';
import { renderWithSession } from '@/test/render';
import CallbackPage from './callback-page';

const USER = makeProfile({ _id: 'u1', name: 'Rosa Díaz', email: 'rosa@example.com' });

describe('the /callback page', () => {
  it('sends the code and state once, then asks what a new account lacks and goes to identity verification', async () => {
    const adopted: unknown[] = [];
    const calls = stubRoutes({
      'POST /api/auth/external/callback': ok({
        status: 'details_required',
        ticket: 't'.repeat(43),
        email: 'rosa@example.com',
        name: 'Rosa Díaz',
        suggestedUsername: 'rosa1234',
      }),
      'POST /api/auth/external/complete': ok({ token: 'x'.repeat(43), user: USER }, 201),
    });
    const user = userEvent.setup();
    const { location } = await renderWithSession(
      <CallbackPage />,
      fakeSession({ adoptSession: (r) => adopted.push(r) }),
      { path: '/callback?code=abc&state=def&iss=http%3A%2F%2Fi', namespace: 'accounts' },
    );
    await screen.findByRole('heading', { name: 'Completa tu cuenta' });
    expect(calls[0]?.body).toEqual({ code: 'abc', state: 'def', iss: 'http://i' });
    expect(screen.getByLabelText('Nombre de usuario')).toHaveValue('rosa1234');
    // The provider gave the name: it is not asked again.
    expect(screen.queryByLabelText('Nombre completo')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Escribe un nombre de usuario y tu código postal.',
    );
    await user.type(screen.getByLabelText('Código postal (ZIP)'), '10001');
    // The same terms box as every sign-up path: no account before it is ticked.
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Acepta los Términos y condiciones para continuar',
    );
    expect(calls.some((c) => c.path === '/api/auth/external/complete')).toBe(false);
    expect(screen.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await user.click(screen.getByRole('checkbox', { name: /Acepto los Términos y condiciones/ }));
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(location().pathname).toBe('/onboarding/verify'));
    expect(calls.filter((c) => c.path === '/api/auth/external/callback')).toHaveLength(1);
    expect(calls.at(-1)?.body).toMatchObject({
      username: 'rosa1234',
      zipCode: '10001',
      language: 'es',
      termsVersion: TERMS_VERSION,
    });
    expect(adopted).toHaveLength(1);
  });

  it('asks the name when the provider gave none, and sends it with the rest', async () => {
    const calls = stubRoutes({
      'POST /api/auth/external/callback': ok({
        status: 'details_required',
        ticket: 't'.repeat(43),
        email: 'marta@example.com',
        name: '',
        suggestedUsername: 'marta1234',
      }),
      'POST /api/auth/external/complete': ok({ token: 'x'.repeat(43), user: USER }, 201),
    });
    const user = userEvent.setup();
    const { location } = await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?code=abc&state=def',
      namespace: 'accounts',
    });
    await screen.findByRole('heading', { name: 'Completa tu cuenta' });
    await user.type(screen.getByLabelText('Código postal (ZIP)'), '10001');
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Escribe tu nombre completo, un nombre de usuario y tu código postal.',
    );
    await user.type(screen.getByLabelText('Nombre completo'), 'Marta Quispe');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los Términos y condiciones/ }));
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(location().pathname).toBe('/onboarding/verify'));
    expect(calls.at(-1)?.body).toMatchObject({ name: 'Marta Quispe', username: 'marta1234' });
  });

  it('links only with the Pago password, and says so when it is wrong', async () => {
    const replies = [
      apiError(401, 'invalid_credentials'),
      ok({ token: 'x'.repeat(43), user: USER }),
    ];
    stubRoutes({
      'POST /api/auth/external/callback': ok({
        status: 'link_required',
        ticket: 't'.repeat(43),
        email: 'rosa@example.com',
      }),
      'POST /api/auth/external/link': () => replies.shift() ?? 'network_error',
    });
    const user = userEvent.setup();
    const { location } = await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?code=abc&state=def',
      language: 'en',
      namespace: 'accounts',
    });
    await screen.findByRole('heading', { name: 'Link your account' });
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await screen.findByText('That is not your Pago account’s password. Nothing was linked.');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it('asks the two-step code when the account has codes on, then signs in with it', async () => {
    const codes: unknown[] = [];
    stubRoutes({
      'POST /api/auth/external/callback': ok({
        status: 'two_step_required',
        challenge: 'c'.repeat(43),
      }),
    });
    const user = userEvent.setup();
    const { location } = await renderWithSession(
      <CallbackPage />,
      fakeSession({
        loginWithCode: async (challenge, code) => {
          codes.push([challenge, code]);
        },
      }),
      { path: '/callback?code=abc&state=def', namespace: 'accounts' },
    );
    await user.type(await screen.findByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(codes).toEqual([['c'.repeat(43), '123456']]);
  });

  it("words a refused exchange by the server's reason, and a cancelled sign-in", async () => {
    stubRoutes({
      'POST /api/auth/external/callback': apiError(401, 'external_signin_failed', {
        reason: 'email_not_verified',
      }),
    });
    const first = await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?code=abc&state=def',
      namespace: 'accounts',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu proveedor no nos dio un correo electrónico verificado. Verifica tu correo con tu proveedor o regístrate con correo y contraseña.',
    );
    first.unmount();
    stubRoutes({
      'POST /api/auth/external/callback': apiError(401, 'external_signin_failed', {
        reason: 'code_refused',
      }),
    });
    const second = await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?code=abc&state=def',
      language: 'en',
      namespace: 'accounts',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your provider refused this sign-in (it may have been used already or taken too long). Please start again.',
    );
    expect(screen.queryByText(/Get access token failed/)).toBeNull();
    second.unmount();
    stubRoutes({
      'POST /api/auth/external/callback': apiError(400, 'external_signin_other_browser'),
    });
    const third = await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?code=abc&state=def',
      namespace: 'accounts',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este inicio de sesión se empezó en otro navegador. Vuelve a empezarlo en este.',
    );
    third.unmount();
    await renderWithSession(<CallbackPage />, fakeSession(), {
      path: '/callback?error=access_denied&state=def',
      namespace: 'accounts',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cancelaste el inicio de sesión con tu proveedor.',
    );
  });
});
