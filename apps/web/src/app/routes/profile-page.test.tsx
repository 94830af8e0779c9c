import type { UpdateProfileBody, UserProfile } from '@pago/shared/contracts/accounts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_UPDATED } from '@/lib/events';
import { type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

/**
 * The profile page (the dashboard's cards before the home screen) as the app shows it: the real router, session and translations; only the
 * server is played by a stub. `profile` is what GET /api/user/profile answers.
 */
function serve(
  initial: UserProfile,
  extra: (call: ApiCall) => ReturnType<Parameters<typeof stubApi>[0]> = () => undefined,
) {
  let profile = initial;
  const calls = stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/user/profile' && call.method === 'GET') return { body: profile };
    if (call.path === '/api/user/profile' && call.method === 'PUT') {
      profile = { ...profile, ...(call.body as UpdateProfileBody) } as UserProfile;
      return { body: profile };
    }
    return undefined;
  });
  return { calls, current: () => profile };
}

async function openDashboard(language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp('/profile', language);
  // The first visit loads the page's chunk and translations, which is slow on a busy machine.
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Tu perfil' : 'Your profile',
  });
  return view;
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Editar perfil' }));
  return screen.findByRole('dialog', { name: 'Editar perfil' });
}

/** What the page asked the server to change: method, path and body of each call but a GET. */
function writes(calls: ApiCall[]) {
  return calls
    .filter((call) => call.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }));
}

let onProfileUpdated: ReturnType<typeof vi.fn<(event: Event) => void>>;
beforeEach(() => {
  onProfileUpdated = vi.fn<(event: Event) => void>();
  window.addEventListener(PROFILE_UPDATED, onProfileUpdated);
});
afterEach(() => {
  window.removeEventListener(PROFILE_UPDATED, onProfileUpdated);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the profile page', () => {
  it('shows profile, balance, QR code and linked banks, and no separate banking place', async () => {
    serve(makeProfile());
    await openDashboard('es');

    await waitFor(() => expect(document.title).toBe('Tu perfil · Pago'));
    const profile = screen.getByRole('region', { name: 'Mi perfil' });
    expect(within(profile).getByText('@ana.lopez')).toBeVisible();
    const balance = screen.getByRole('region', { name: 'Saldo de la cuenta' });
    expect(within(balance).getByText('$1,234.56')).toBeVisible();
    expect(within(balance).getByText('Completada')).toBeVisible();
    expect(within(balance).getByText('15 de marzo de 2025')).toBeVisible();
    const qr = screen.getByRole('region', { name: 'Código QR de mi perfil' });
    expect(await within(qr).findByRole('link', { name: 'Descargar código QR' })).toHaveAttribute(
      'download',
      'ana.lopez.png',
    );
    expect(
      await within(screen.getByRole('region', { name: 'Cuentas bancarias externas' })).findByRole(
        'button',
        { name: 'Conectar cuenta bancaria' },
      ),
    ).toBeVisible();
    // One balance: no separate banking place, no partner internals on the screen.
    expect(screen.queryByRole('region', { name: 'Banca y transacciones' })).toBeNull();
    expect(screen.queryByText(/Método de acceso|Tradicional/)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('is in English when English is chosen', async () => {
    serve(makeProfile({ name: 'Sam Lee', kyc_status: 'pending', balanceCents: 5 }));
    await openDashboard('en');

    const balance = screen.getByRole('region', { name: 'Account Balance' });
    expect(within(balance).getByText('$0.05')).toBeVisible();
    expect(within(balance).getByText('Pending')).toBeVisible();
    expect(within(balance).getByText('March 15, 2025')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeEnabled();
  });
  it("shows the ledger's balance, not the profile's snapshot of it, beside the wallet", async () => {
    // The profile was read before money came in; the ledger already has it. Both cards show
    // the ledger's figure from the one balance query (it used to stay $0.00 until a reload).
    serve(makeProfile({ balanceCents: 0 }), (call) =>
      call.path === '/api/wallet/balance'
        ? { body: { balanceCents: 2500, availableBalanceCents: 2500, currency: 'USD' } }
        : undefined,
    );
    await openDashboard();

    const balance = screen.getByRole('region', { name: 'Saldo de la cuenta' });
    expect(await within(balance).findByText('$25.00')).toBeVisible();
    expect(within(balance).queryByText('$0.00')).toBeNull();
  });
});

describe('the Edit Profile modal', () => {
  it('opens with the user data', async () => {
    serve(makeProfile({ address: null, homeAddress: null }));
    await openDashboard();
    const dialog = await openEditor(userEvent.setup());

    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana López');
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de usuario' })).toHaveValue(
      'ana.lopez',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(
      'ana@example.com',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Teléfono (opcional)' })).toHaveValue(
      '+13055550123',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Calle y número' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Código postal (opcional)' })).toHaveValue(
      '33101',
    );
  });

  it('requires name, username and e-mail with the one message of the spec, and sends nothing', async () => {
    const { calls } = serve(makeProfile());
    await openDashboard();
    const user = userEvent.setup();
    const dialog = await openEditor(user);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Nombre' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }));
    // Also an invalid phone: the required message comes first, alone.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Teléfono (opcional)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono (opcional)' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El nombre, el nombre de usuario y el correo electrónico son obligatorios',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).queryByText(/Ingresa un teléfono válido/)).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('explains each invalid field', async () => {
    const { calls } = serve(makeProfile());
    await openDashboard('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, 'a b');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    const phone = within(dialog).getByRole('textbox', { name: 'Phone (optional)' });
    await user.clear(phone);
    await user.type(phone, '+1 555');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(
      await within(dialog).findByText('Username must be 3 to 30 letters, digits, _ or .'),
    ).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Enter a valid phone number with its country code, or leave it blank.',
      ),
    ).toBeVisible();
    expect(writes(calls)).toEqual([]);
  });

  it('saves, says so, closes 1.5 s later and fires profile-updated, which shows the new data', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve(makeProfile());
    await openDashboard();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openEditor(user);

    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await user.clear(name);
    await user.type(name, '  Ana María López ');
    const phone = within(dialog).getByRole('textbox', { name: 'Teléfono (opcional)' });
    await user.clear(phone);
    await user.type(phone, '+52 (55) 1234-5678');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Código postal (opcional)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByText('¡Perfil actualizado correctamente!')).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/user/profile',
        body: {
          name: 'Ana María López',
          username: 'ana.lopez',
          email: 'ana@example.com',
          phone: '+525512345678',
          zipCode: null,
        },
      },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(1300));
    expect(screen.getByRole('dialog', { name: 'Editar perfil' })).toBeVisible();
    expect(onProfileUpdated).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(onProfileUpdated).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The session refetched the profile on the event.
    const profile = screen.getByRole('region', { name: 'Mi perfil' });
    expect(await within(profile).findByText('Ana María López')).toBeVisible();
    expect(screen.getByText('+52 55 1234 5678')).toBeVisible();

    // The success message stays on the page 3 s from the save, then clears.
    expect(screen.getByText('¡Perfil actualizado correctamente!')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(screen.queryByText('¡Perfil actualizado correctamente!')).toBeNull();
  });

  it('still fires profile-updated once when closed by hand before the 1.5 s are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(makeProfile());
    await openDashboard();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openEditor(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Calle y número' }), ' B');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await within(dialog).findByText('¡Perfil actualizado correctamente!');
    await user.keyboard('{Escape}');
    expect(onProfileUpdated).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onProfileUpdated).toHaveBeenCalledOnce();
  });

  it('closes on Escape and on a click outside, without saving', async () => {
    const { calls } = serve(makeProfile());
    await openDashboard();
    const user = userEvent.setup();

    const dialog = await openEditor(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'x');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openEditor(user);
    // The form starts again from the profile, not from the abandoned edit.
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana López');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (!backdrop) throw new Error('No backdrop');
    await user.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(writes(calls)).toEqual([]);
    expect(onProfileUpdated).not.toHaveBeenCalled();
  });

  it('confirms a new e-mail with the code sent to it before saving', async () => {
    const { calls } = serve(makeProfile(), (call) => {
      if (call.path === '/api/email/send-verification') return { body: { success: true } };
      if (call.path === '/api/email/verify-code') {
        return (call.body as { code: string }).code === '123456'
          ? { body: { success: true, verified: true } }
          : apiError(400, 'invalid_verification_code');
      }
      return undefined;
    });
    await openDashboard('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'Ana.New@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' });
    expect(
      within(dialog).getByText(
        'We sent a 6-digit code to ana.new@example.com. Enter it to save your changes.',
      ),
    ).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/email/send-verification',
        body: { email: 'ana.new@example.com', name: 'Ana López', language: 'en' },
      },
    ]);

    // Back to the form keeps what was typed; saving again sends a fresh code.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(
      'Ana.New@Example.com',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' });

    const code = within(dialog).getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    expect(within(dialog).getByText('Please enter the verification code')).toBeVisible();
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    expect(within(dialog).getByText('Verification code must be 6 digits')).toBeVisible();

    await user.type(code, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(writes(calls).map((call) => call.path)).not.toContain('/api/user/profile');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByText('Profile updated successfully!')).toBeVisible();
    expect(writes(calls).slice(-2)).toEqual([
      {
        method: 'POST',
        path: '/api/email/verify-code',
        body: { email: 'ana.new@example.com', code: '123456' },
      },
      {
        method: 'PUT',
        path: '/api/user/profile',
        body: expect.objectContaining({ email: 'ana.new@example.com' }),
      },
    ]);
  });

  it('shows the server refusals in the reader’s language and keeps the modal open', async () => {
    serve(makeProfile(), (call) => {
      if (call.method === 'PUT') return apiError(409, 'username_taken');
      return undefined;
    });
    await openDashboard('es');
    const user = userEvent.setup();
    const dialog = await openEditor(user);

    const username = within(dialog).getByRole('textbox', { name: 'Nombre de usuario' });
    await user.clear(username);
    await user.type(username, 'taken_name');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ese nombre de usuario ya está en uso. Elige otro.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de usuario' })).toHaveValue(
      'taken_name',
    );
    expect(onProfileUpdated).not.toHaveBeenCalled();
  });

  it('asks a two-step code for a new phone when the server wants one, then saves with it', async () => {
    const { calls } = serve(makeProfile(), (call) => {
      if (call.method !== 'PUT') return undefined;
      const code = (call.body as { twoStepCode?: string }).twoStepCode;
      if (!code) return apiError(403, 'two_step_required');
      return code === '123456' ? undefined : apiError(400, 'invalid_two_step_code');
    });
    await openDashboard('es');
    const user = userEvent.setup();
    const dialog = await openEditor(user);
    const phone = within(dialog).getByLabelText(/^Teléfono/);
    await user.clear(phone);
    await user.type(phone, '+12025550143');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await within(dialog).findByText(
      'Escribe un código de tu app de autenticación para confirmar este cambio.',
    );
    const code = within(dialog).getByRole('textbox', {
      name: 'Código de la app o de recuperación',
    });
    await user.type(code, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ese código no es correcto o ya se usó.',
    );
    const again = within(dialog).getByRole('textbox', {
      name: 'Código de la app o de recuperación',
    });
    await user.clear(again);
    await user.type(again, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await within(dialog).findByText('¡Perfil actualizado correctamente!');
    const puts = writes(calls).filter((call) => call.method === 'PUT');
    expect(puts.map((call) => (call.body as { twoStepCode?: string }).twoStepCode)).toEqual([
      undefined,
      '999999',
      '123456',
    ]);
  });

  it('explains a refused code request (rate limit) and stays on the form', async () => {
    serve(makeProfile(), (call) =>
      call.path === '/api/email/send-verification' ? apiError(429, 'rate_limited') : undefined,
    );
    await openDashboard('es');
    const user = userEvent.setup();
    const dialog = await openEditor(user);

    const email = within(dialog).getByRole('textbox', { name: 'Correo electrónico' });
    await user.clear(email);
    await user.type(email, 'otra@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    );
    expect(screen.getByRole('dialog', { name: 'Editar perfil' })).toBeVisible();
  });
});

describe('verifying the phone on the dashboard', () => {
  it('shows "Sin verificar" and Verificar, sends the SMS code and turns the badge to Verificado', async () => {
    let verified = false;
    const { calls } = serve(makeProfile({ phone_verified: false }), (call) => {
      if (call.path === '/api/user/profile' && call.method === 'GET' && verified) {
        return { body: makeProfile({ phone_verified: true }) };
      }
      if (call.path === '/api/phone/send-code') {
        return { body: { success: true, expiresInSeconds: 600 } };
      }
      if (call.path === '/api/phone/verify') {
        if ((call.body as { code: string }).code !== '123456') {
          return apiError(400, 'invalid_verification_code');
        }
        verified = true;
        return { body: { success: true, verified: true, phone: '+13055550123' } };
      }
      return undefined;
    });
    await openDashboard('es');
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Mi perfil' });
    expect(within(card).getByText('Sin verificar')).toBeVisible();
    expect(within(card).queryByText('Verificado')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Verificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verifica tu teléfono' });
    expect(
      within(dialog).getByText(
        /Te enviaremos un código de 6 dígitos por SMS al \+1 \(305\) 555-0123/,
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    const code = await within(dialog).findByRole('textbox', { name: 'Código de verificación' });
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/phone/send-code', body: { phone: '+13055550123' } },
    ]);

    await user.type(code, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(
      within(dialog).getByText('El código de verificación debe tener 6 dígitos'),
    ).toBeVisible();
    await user.type(code, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El código de verificación no es válido',
    );

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('¡Tu teléfono está verificado!')).toBeVisible();
    expect(await within(card).findByText('Verificado')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Verificar' })).toBeNull();
    expect(onProfileUpdated).toHaveBeenCalled();
  });

  it('explains a refused SMS in English and keeps the dialog open', async () => {
    serve(makeProfile({ phone_verified: false }), (call) =>
      call.path === '/api/phone/send-code' ? apiError(429, 'rate_limited') : undefined,
    );
    await openDashboard('en');
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'My Profile' });
    expect(within(card).getByText('Not verified')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone' });
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });
});
