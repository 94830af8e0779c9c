import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, type Reply, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const LABELS = {
  es: {
    username: 'Usuario o correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
  },
  en: { username: 'Username or email', password: 'Password', submit: 'Sign in' },
} as const;

async function logIn(
  user: UserEvent,
  username: string,
  password: string,
  language: 'es' | 'en' = 'es',
) {
  const labels = LABELS[language];
  const usernameInput = await screen.findByLabelText(labels.username);
  await user.clear(usernameInput);
  if (username) await user.type(usernameInput, username);
  const passwordInput = screen.getByLabelText(labels.password);
  await user.clear(passwordInput);
  if (password) await user.type(passwordInput, password);
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

const LOGIN_OK = ok({ token: 'token-1', user: userProfile({ verificationService: 'persona' }) });

describe.each([
  [
    'es',
    {
      required: 'Ingresa tu nombre de usuario y tu contraseña',
      invalid: 'No pudimos iniciar tu sesión. Revisa tus datos.',
      failed: 'Ocurrió un error al iniciar sesión. Inténtalo de nuevo.',
      limited: 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.',
    },
  ],
  [
    'en',
    {
      required: 'Please enter both username and password',
      invalid: 'Sign-in failed. Please check your credentials.',
      failed: 'An error occurred while signing in. Please try again.',
      limited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    },
  ],
] as const)('the /login page in %s', (language, text) => {
  it('asks for both fields, then words each kind of failure', async () => {
    const replies: Reply[] = [
      apiError(401, 'invalid_credentials', 'Invalid credentials'),
      apiError(500, 'internal_error', 'Internal error'),
      'network_error',
      apiError(429, 'rate_limited', 'Too many requests'),
    ];
    const calls = stubRoutes({ 'POST /api/auth/login': () => replies.shift() ?? 'network_error' });
    const user = userEvent.setup();
    await renderApp('/login', language);
    await screen.findByRole('heading', {
      level: 1,
      name: language === 'es' ? 'Hola de nuevo' : 'Good to see you again',
    });

    await logIn(user, '', '', language);
    expect(screen.getByRole('alert').textContent).toBe(text.required);
    await logIn(user, 'jason', '', language);
    expect(screen.getByRole('alert').textContent).toBe(text.required);
    await logIn(user, '', 'secret', language);
    expect(screen.getByRole('alert').textContent).toBe(text.required);
    expect(calls).toEqual([]);

    for (const expected of [text.invalid, text.failed, text.failed, text.limited]) {
      await logIn(user, 'jason', 'wrong password', language);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expected));
    }
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      authorization: null,
      body: { username: 'jason', password: 'wrong password' },
    });
  });
});

describe('the /login page', () => {
  it('signs in, keeps the token and verification service, and returns to the remembered page', async () => {
    const calls = stubRoutes({
      'POST /api/auth/login': LOGIN_OK,
      'GET /api/user/profile': ok(userProfile()),
    });
    const user = userEvent.setup();
    const { location } = await renderApp('/dashboard?tab=qr');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await logIn(user, 'jason@example.com', 'correct horse');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(location().search).toBe('?tab=qr');
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(localStorage.getItem('verificationService')).toBe('persona');
    expect(calls[0]?.body).toEqual({ username: 'jason@example.com', password: 'correct horse' });
  });

  it('goes to /dashboard when it remembers no page', async () => {
    stubRoutes({ 'POST /api/auth/login': LOGIN_OK, 'GET /api/user/profile': ok(userProfile()) });
    const user = userEvent.setup();
    const { location } = await renderApp('/login');
    await logIn(user, 'jason', 'correct horse');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it.each([
    [
      'es',
      'Se intentaron demasiadas contraseñas incorrectas en esta cuenta, desde varias redes. Inténtalo más tarde o inicia sesión con un enlace que te enviamos por correo.',
      'Envíame un enlace para iniciar sesión',
      'Si la cuenta existe, enviamos un enlace para iniciar sesión a su correo. Sirve una sola vez, durante una hora.',
    ],
    [
      'en',
      'Too many wrong passwords were tried on this account, from several networks. Try again later, or sign in with a link we e-mail you.',
      'E-mail me a sign-in link',
      'If this account exists, we sent a sign-in link to its e-mail. It works once, for an hour.',
    ],
  ] as const)(
    'in %s, offers a sign-in link by e-mail when the account is held back',
    async (language, locked, send, sent) => {
      const calls = stubRoutes({
        'POST /api/auth/login': apiError(429, 'rate_limited', {
          retryAfterSeconds: 3600,
          scope: 'account',
        }),
        'POST /api/auth/sign-in-link': ok({ success: true }),
      });
      const user = userEvent.setup();
      await renderApp('/login', language);
      await logIn(user, 'jason', 'correct horse', language);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(locked));
      await user.click(screen.getByRole('button', { name: send }));
      expect((await screen.findByRole('status')).textContent).toBe(sent);
      expect(calls.at(-1)).toMatchObject({
        path: '/api/auth/sign-in-link',
        body: { username: 'jason', language },
      });
    },
  );

  it('says a link was sent recently when another is refused for now', async () => {
    stubRoutes({
      'POST /api/auth/login': apiError(429, 'rate_limited', { scope: 'network' }),
      'POST /api/auth/sign-in-link': apiError(429, 'rate_limited'),
    });
    const user = userEvent.setup();
    await renderApp('/login', 'en');
    await logIn(user, 'jason', 'correct horse', 'en');
    await user.click(await screen.findByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If this account exists, we sent it a sign-in link recently. Use the newest one in its e-mail.',
    );
  });

  it('links to /forgot-password and /signup', async () => {
    stubRoutes({});
    await renderApp('/login', 'en');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('says the session expired when a stored token is refused', async () => {
    localStorage.setItem('token', 'expired-token');
    stubRoutes({
      'GET /api/user/profile': apiError(401, 'unauthorized', 'Not authenticated'),
    });
    const { location } = await renderApp('/dashboard', 'en');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText('Session expired. Please sign in again.')).toBeVisible();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('once signed in, the menu offers Sign out instead of Sign in', async () => {
    stubRoutes({ 'POST /api/auth/login': LOGIN_OK });
    const user = userEvent.setup();
    const { location } = await renderApp('/login', 'en');
    await logIn(user, 'jason', 'correct horse', 'en');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    await user.click(screen.getByLabelText('Open menu'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('Sign out in the menu tells the server, forgets the session and lands here', async () => {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('verificationService', 'plaid');
    const calls = stubRoutes({
      'GET /api/user/profile': ok(userProfile()),
      'POST /api/auth/logout': apiError(500, 'internal_error', 'Boom'),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { location } = await renderApp('/fees', 'en');
    await user.click(screen.getByLabelText('Open menu'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(await within(menu).findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout',
      authorization: 'Bearer token-1',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('verificationService')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Logout call failed', expect.anything());
    expect(screen.queryByText('Session expired. Please sign in again.')).toBeNull();
  });
});
