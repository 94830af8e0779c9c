import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, type Routes, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

const SIGNUP_OK = (overrides: { testMode?: boolean; verificationNeeded?: boolean } = {}) =>
  ok(
    {
      token: 'new-token',
      user: userProfile({ verificationService: 'plaid' }),
      testMode: false,
      verificationNeeded: false,
      ...overrides,
    },
    201,
  );

/** Fills /signup and arrives on /verify with the registration held by the session. */
async function registerAndReachVerify(routes: Routes, language: 'es' | 'en' = 'es') {
  const calls = stubRoutes({ 'POST /api/email/send-verification': ok(), ...routes });
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = await renderApp('/signup', language);
  const labels =
    language === 'es'
      ? ['Nombre completo', 'Correo electrónico', 'Teléfono (opcional)', 'Nombre de usuario']
      : ['Full name', 'Email', 'Phone (optional)', 'Username'];
  const values = ['Jason Rivera', 'jason@example.com', '+52 55 1234 5678', 'jason'];
  for (const [index, label] of labels.entries()) {
    await user.type(await screen.findByLabelText(label), values[index] ?? '');
  }
  const rest =
    language === 'es'
      ? ['Contraseña', 'Confirma tu contraseña', 'Código postal (ZIP)']
      : ['Password', 'Confirm password', 'ZIP/postal code'];
  await user.type(screen.getByLabelText(rest[0] ?? ''), 'correct horse');
  await user.type(screen.getByLabelText(rest[1] ?? ''), 'correct horse');
  await user.type(screen.getByLabelText(rest[2] ?? ''), '10001');
  await user.click(
    screen.getByRole('checkbox', {
      name: language === 'es' ? /Acepto los Términos/ : /I accept the Terms/,
    }),
  );
  await user.click(
    screen.getByRole('button', { name: language === 'es' ? 'Regístrate' : 'Sign up' }),
  );
  await waitFor(() => expect(view.location().pathname).toBe('/verify'));
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Verifica tu correo electrónico' : 'Verify your email',
  });
  return { ...view, calls, user };
}

async function submitCode(user: UserEvent, code: string, language: 'es' | 'en' = 'es') {
  const input = screen.getByLabelText(
    language === 'es' ? 'Código de verificación' : 'Verification code',
  );
  await user.clear(input);
  if (code) await user.type(input, code);
  await user.click(
    screen.getByRole('button', { name: language === 'es' ? 'Verificar' : 'Verify' }),
  );
}

const alertText = () => screen.getByRole('alert').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('the /verify page', () => {
  it('shows the masked address and a numeric 6-character code box', async () => {
    await registerAndReachVerify({});
    expect(screen.getByText('j***n@example.com')).toBeVisible();
    const input = screen.getByLabelText('Código de verificación');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('checks the code before asking the server, then reports a wrong code', async () => {
    const { user, calls } = await registerAndReachVerify({
      'POST /api/email/verify-code': apiError(
        400,
        'invalid_verification_code',
        'Invalid verification code',
      ),
    });
    await submitCode(user, '');
    expect(alertText()).toBe('Ingresa el código de verificación');
    await submitCode(user, '12345');
    expect(alertText()).toBe('El código de verificación debe tener 6 dígitos');
    await submitCode(user, '12a456');
    expect(alertText()).toBe('El código de verificación debe tener 6 dígitos');
    expect(calls.map((call) => call.path)).toEqual(['/api/email/send-verification']);

    await submitCode(user, '123456');
    await waitFor(() => expect(alertText()).toBe('El código de verificación no es válido'));
    expect(calls.at(-1)).toMatchObject({
      path: '/api/email/verify-code',
      body: { email: 'jason@example.com', code: '123456' },
      authorization: null,
    });
  });

  it('reports a wrong code in English, as the server answers it', async () => {
    const { user, calls } = await registerAndReachVerify(
      {
        'POST /api/email/verify-code': apiError(
          400,
          'invalid_verification_code',
          'Invalid verification code',
        ),
      },
      'en',
    );
    await submitCode(user, '123456', 'en');
    await waitFor(() => expect(alertText()).toBe('Invalid verification code'));
    expect(calls.some((call) => call.path === '/api/auth/signup')).toBe(false);
  });

  it('creates the account with the held data, stores the session and goes to identity verification', async () => {
    const { user, calls, location } = await registerAndReachVerify({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': SIGNUP_OK(),
    });
    await submitCode(user, '654321');
    await waitFor(() => expect(location().pathname).toBe('/onboarding/verify'));
    expect(calls.find((call) => call.path === '/api/auth/signup')?.body).toEqual({
      name: 'Jason Rivera',
      email: 'jason@example.com',
      phone: '+525512345678',
      username: 'jason',
      password: 'correct horse',
      zipCode: '10001',
      // A bare 5-digit code with a Mexican phone goes to Persona (kyc-routing's rule).
      verificationService: 'persona',
      termsVersion: TERMS_VERSION,
      emailVerified: true,
      language: 'es',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('verificationService')).toBe('persona');
  });

  it('survives a reload: keeps the sign-up, asks for the password again, then creates the account', async () => {
    const { unmount } = await registerAndReachVerify({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': SIGNUP_OK(),
    });
    // The tab keeps the sign-up, never its password.
    expect(sessionStorage.getItem('pendingSignup')).not.toContain('correct horse');
    unmount();

    // A reload: a new page on /verify, nothing in memory but what the tab stored.
    const calls = stubRoutes({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': SIGNUP_OK(),
    });
    const user = userEvent.setup();
    const { location } = await renderApp('/verify', 'es');
    expect(await screen.findByText('j***n@example.com')).toBeVisible();
    expect(
      screen.getByText(
        'Por seguridad no guardamos tu contraseña en el navegador. Escríbela otra vez para terminar de crear tu cuenta.',
      ),
    ).toBeVisible();

    await submitCode(user, '654321');
    expect(alertText()).toBe('Escribe tu contraseña otra vez para terminar de crear tu cuenta.');
    await user.type(screen.getByLabelText('Contraseña'), 'password123');
    await user.type(screen.getByLabelText('Confirma tu contraseña'), 'password123');
    await submitCode(user, '654321');
    await waitFor(() =>
      expect(alertText()).toBe('Esta contraseña es demasiado común. Elige una menos común.'),
    );
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'correct horse');
    await user.clear(screen.getByLabelText('Confirma tu contraseña'));
    await user.type(screen.getByLabelText('Confirma tu contraseña'), 'correct horse');
    await submitCode(user, '654321');
    await waitFor(() => expect(location().pathname).toBe('/onboarding/verify'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['/api/email/verify-code', '/api/auth/signup']);
    expect(posts.at(-1)?.body).toEqual({
      name: 'Jason Rivera',
      email: 'jason@example.com',
      phone: '+525512345678',
      username: 'jason',
      password: 'correct horse',
      zipCode: '10001',
      verificationService: 'persona',
      // The accepted terms survive the reload with the rest of the sign-up.
      termsVersion: TERMS_VERSION,
      emailVerified: true,
      language: 'es',
    });
    expect(sessionStorage.getItem('pendingSignup')).toBeNull();
  });

  it('resends the code after a reload', async () => {
    const { unmount } = await registerAndReachVerify({});
    unmount();
    const calls = stubRoutes({ 'POST /api/email/send-verification': ok() });
    const user = userEvent.setup();
    await renderApp('/verify', 'en');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Verification email resent!');
    expect(calls.at(-1)?.body).toEqual({
      email: 'jason@example.com',
      name: 'Jason Rivera',
      language: 'en',
    });
  });

  it('goes to /dashboard in test mode', async () => {
    const { user, location } = await registerAndReachVerify({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': SIGNUP_OK({ testMode: true }),
    });
    await submitCode(user, '654321');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it('says so when the code is locked after too many tries', async () => {
    const { user } = await registerAndReachVerify({
      'POST /api/email/verify-code': apiError(429, 'verification_code_locked', 'Locked'),
    });
    await submitCode(user, '111111');
    await waitFor(() =>
      expect(alertText()).toBe(
        'Demasiados intentos incorrectos. Pide un código nuevo e inténtalo otra vez.',
      ),
    );
  });

  it('lets the person pick another username when theirs was taken, without a second code check', async () => {
    let signups = 0;
    const { user, calls, location } = await registerAndReachVerify({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': () =>
        ++signups === 1 ? apiError(409, 'username_taken', 'Username taken') : SIGNUP_OK(),
    });
    await submitCode(user, '654321');
    await waitFor(() => expect(alertText()).toMatch(/^Alguien eligió ese nombre de usuario/));
    await user.type(screen.getByLabelText('Nuevo nombre de usuario'), 'jason_r');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(location().pathname).toBe('/onboarding/verify'));
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === '/api/email/verify-code')).toHaveLength(1);
    const signupCalls = calls.filter((call) => call.path === '/api/auth/signup');
    expect(signupCalls.at(-1)?.body).toMatchObject({ username: 'jason_r', emailVerified: true });
  });

  it('offers to log in when the e-mail already has an account', async () => {
    const { user } = await registerAndReachVerify({
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': apiError(409, 'email_taken', 'Email taken'),
    });
    await submitCode(user, '654321');
    await waitFor(() =>
      expect(alertText()).toContain('Ya existe una cuenta con este correo electrónico.'),
    );
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
  });

  it('resends the code, says so, and clears that message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { user, calls } = await registerAndReachVerify({});
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      '¡Te reenviamos el correo de verificación! Revisa tu bandeja de entrada.',
    );
    expect(calls.map((call) => call.path)).toEqual([
      '/api/email/send-verification',
      '/api/email/send-verification',
    ]);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByRole('status')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    [apiError(500, 'internal_error', 'Boom'), false],
    [apiError(429, 'rate_limited', 'Too many requests'), true],
  ])('reports a failed resend (%#)', async (reply, wait) => {
    let sends = 0;
    const { user } = await registerAndReachVerify({
      'POST /api/email/send-verification': () => (++sends === 1 ? ok() : reply),
    });
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText('No se pudo reenviar el correo de verificación.')).toBeVisible();
    expect(screen.queryByText(/Puedes pedir un código nuevo una vez por minuto/) !== null).toBe(
      wait,
    );
  });

  it('without a registration under way: Email address not found, and nothing sent', async () => {
    const calls = stubRoutes({});
    const user = userEvent.setup();
    await renderApp('/verify', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    await submitCode(user, '123456', 'en');
    expect(alertText()).toBe('Email address not found');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend verification email.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
