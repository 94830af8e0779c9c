import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const CHALLENGE = 'c'.repeat(43);

describe('the /login page with two-step codes on', () => {
  it('asks for the code after the password, and signs in only with a right one', async () => {
    const calls = stubRoutes({
      'POST /api/auth/login': ok({ twoStepRequired: true, challenge: CHALLENGE }),
      'POST /api/auth/login/two-step': (call) =>
        (call.body as { code: string }).code === '123456'
          ? ok({ token: 'token-2', user: userProfile() })
          : apiError(400, 'invalid_two_step_code', 'Invalid or already used code'),
      'GET /api/user/profile': ok(userProfile()),
    });
    const user = userEvent.setup();
    const { location } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Usuario o correo electrónico'), 'ana');
    await user.type(screen.getByLabelText('Contraseña'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await screen.findByRole('heading', { name: 'Código de dos pasos' });
    expect(localStorage.getItem('token')).toBeNull();
    await user.type(screen.getByLabelText('Código'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ese código no es correcto o ya se usó. Prueba con el código más reciente.',
    );
    expect(location().pathname).toBe('/login');

    await user.type(screen.getByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('token-2');
    const codeCalls = calls.filter((call) => call.path === '/api/auth/login/two-step');
    expect(codeCalls.map((call) => call.body)).toEqual([
      { challenge: CHALLENGE, code: '000000' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('goes back to the password when the sign-in expired (in English)', async () => {
    stubRoutes({
      'POST /api/auth/login': ok({ twoStepRequired: true, challenge: CHALLENGE }),
      'POST /api/auth/login/two-step': apiError(401, 'unauthorized', 'Sign-in expired'),
    });
    const user = userEvent.setup();
    await renderApp('/login', 'en');
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-step code' });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in expired. Sign in again.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await screen.findByLabelText('Username or email');
  });
});
