import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

describe('signing in to a closed account', () => {
  it.each([
    [
      'es',
      'Usuario o correo electrónico',
      'Contraseña',
      'Iniciar sesión',
      /Esta cuenta está cerrada/,
    ],
    ['en', 'Username or email', 'Password', 'Sign in', /This account is closed/],
  ] as const)('says so plainly (%s)', async (language, username, password, submit, text) => {
    stubRoutes({ 'POST /api/auth/login': apiError(403, 'account_closed') });
    const user = userEvent.setup();
    await renderApp('/login', language);
    await user.type(await screen.findByLabelText(username), 'ana');
    await user.type(screen.getByLabelText(password), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(text));
  });
});
