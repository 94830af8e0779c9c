import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

const TOKEN = 'Abc_-123'.repeat(5);

describe('the /sign-in-link page', () => {
  it('spends the e-mailed link only when asked, then signs in', async () => {
    const calls = stubRoutes({
      'POST /api/auth/sign-in-link/redeem': ok({ token: 'token-9', user: userProfile() }),
      'GET /api/user/profile': ok(userProfile()),
    });
    const user = userEvent.setup();
    const { location } = await renderApp(`/sign-in-link#token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Inicia sesión con tu enlace' });
    // A mail scanner that opens the page spends nothing.
    expect(calls.filter((c) => c.path === '/api/auth/sign-in-link/redeem')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/sign-in-link/redeem',
      body: { token: TOKEN },
    });
    expect(localStorage.getItem('token')).toBe('token-9');
  });

  it('says when the link was already used or expired', async () => {
    stubRoutes({
      'POST /api/auth/sign-in-link/redeem': apiError(400, 'sign_in_link_expired'),
    });
    const user = userEvent.setup();
    await renderApp(`/sign-in-link#token=${TOKEN}`, 'en');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link expired or was already used. Ask for a new one from the sign-in page.',
    );
    expect(screen.getByRole('link', { name: /log in|sign in/i })).toHaveAttribute('href', '/login');
  });

  it('asks for the two-step code when the account has codes on', async () => {
    stubRoutes({
      'POST /api/auth/sign-in-link/redeem': ok({
        twoStepRequired: true,
        challenge: 'c'.repeat(43),
      }),
    });
    const user = userEvent.setup();
    await renderApp(`/sign-in-link#token=${TOKEN}`, 'en');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('textbox')).toBeVisible();
  });

  it('says a link without its token is incomplete', async () => {
    stubRoutes({});
    await renderApp('/sign-in-link');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este enlace está incompleto. Vuelve a abrir el enlace del correo o pide uno nuevo en la página de inicio de sesión.',
    );
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
  });
});
