import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, type Reply, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

async function open(language: 'es' | 'en' = 'en') {
  const view = await renderApp('/forgot-password', language);
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Restablece tu contraseña' : 'Reset your password',
  });
  return view;
}

async function requestCode(user: UserEvent, email: string) {
  const input = screen.getByLabelText('Email');
  await user.clear(input);
  if (email) await user.type(input, email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

async function confirm(user: UserEvent, code: string, password: string, repeat = password) {
  for (const [label, value] of [
    ['Verification code', code],
    ['New password', password],
    ['Confirm password', repeat],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

const alertText = () => screen.getByRole('alert').textContent;

describe('the /forgot-password page', () => {
  it('asks for a valid e-mail, sends the code request, then checks code and password before the server', async () => {
    const calls = stubRoutes({ 'POST /api/auth/password-reset/request': ok() });
    const user = userEvent.setup();
    await open();

    await requestCode(user, '');
    expect(alertText()).toBe('Please enter your email address');
    await requestCode(user, 'ana@');
    expect(alertText()).toBe('Please enter a valid email address');
    await requestCode(user, 'ana@example.com');
    expect(await screen.findByText('a***a@example.com')).toBeVisible();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password-reset/request',
        authorization: null,
        body: { email: 'ana@example.com', language: 'en' },
      },
    ]);

    await confirm(user, '', '');
    expect(alertText()).toBe('Please enter the verification code');
    await confirm(user, '123', '');
    expect(alertText()).toBe('Verification code must be 6 digits');
    await confirm(user, '123456', '');
    expect(alertText()).toBe('Please enter a new password');
    await confirm(user, '123456', 'short');
    expect(alertText()).toBe('Password must be 8 to 128 characters');
    await confirm(user, '123456', 'correct horse', 'correct horses');
    expect(alertText()).toBe('Passwords do not match');
    expect(calls).toHaveLength(1);
  });

  it('changes the password and offers to log in', async () => {
    const calls = stubRoutes({
      'POST /api/auth/password-reset/request': ok(),
      'POST /api/auth/password-reset/confirm': ok(),
    });
    const user = userEvent.setup();
    await open();
    await requestCode(user, 'ana@example.com');
    await screen.findByLabelText('Verification code');
    await confirm(user, '123456', 'correct horse');
    expect(
      await screen.findByText('Your password was changed. Sign in with your new password.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.at(-1)?.body).toEqual({
      email: 'ana@example.com',
      code: '123456',
      password: 'correct horse',
    });
  });

  it.each([
    [
      apiError(400, 'invalid_verification_code', 'Invalid verification code'),
      'Invalid verification code. Check it or ask for a new one.',
    ],
    [
      apiError(429, 'verification_code_locked', 'Locked'),
      'Too many incorrect attempts. Ask for a new code and try again.',
    ],
    [
      apiError(400, 'weak_password', 'Password too weak'),
      'That password is too easy to guess. Choose a stronger one (at least 8 characters).',
    ],
    [
      apiError(500, 'internal_error', 'Boom'),
      "We couldn't change your password. Please try again.",
    ],
  ] as [Reply, string][])('words a refused change (%#)', async (reply, text) => {
    stubRoutes({
      'POST /api/auth/password-reset/request': ok(),
      'POST /api/auth/password-reset/confirm': reply,
    });
    const user = userEvent.setup();
    await open();
    await requestCode(user, 'ana@example.com');
    await screen.findByLabelText('Verification code');
    await confirm(user, '123456', 'correct horse');
    await waitFor(() => expect(alertText()).toBe(text));
  });

  it('sends a new code, and lets the person use another address', async () => {
    const calls = stubRoutes({ 'POST /api/auth/password-reset/request': ok() });
    const user = userEvent.setup();
    await open('es');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar un código nuevo' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Te enviamos un código nuevo. Revisa tu bandeja de entrada.',
    );
    expect(calls).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Usar otro correo electrónico' }));
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
  });

  it('says when too many codes were asked for', async () => {
    stubRoutes({
      'POST /api/auth/password-reset/request': apiError(429, 'rate_limited', 'Too many requests'),
    });
    const user = userEvent.setup();
    await open();
    await requestCode(user, 'ana@example.com');
    await waitFor(() =>
      expect(alertText()).toBe('Too many requests. Please wait a few minutes and try again.'),
    );
  });
});
