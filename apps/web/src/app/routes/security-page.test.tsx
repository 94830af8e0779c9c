import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const SESSIONS = [
  {
    id: 'a1',
    device: 'Chrome (Windows)',
    method: 'password',
    place: 'Austin, TX, US',
    createdAt: '2026-11-23T15:00:00Z',
    lastSeenAt: '2026-11-23T15:00:00Z',
    current: true,
  },
  {
    id: 'c3',
    device: 'Safari (iOS)',
    method: 'external',
    place: null,
    createdAt: '2026-11-22T12:00:00Z',
    lastSeenAt: '2026-11-22T12:00:00Z',
    current: false,
  },
  {
    id: 'b2',
    device: null,
    method: null,
    place: null,
    createdAt: '2026-11-22T15:00:00Z',
    lastSeenAt: '2026-11-22T15:00:00Z',
    current: false,
  },
];

function serve(overrides: Record<string, Parameters<typeof stubRoutes>[0][string]> = {}) {
  let enabled = false;
  let sessions = SESSIONS;
  return stubRoutes({
    'GET /api/user/profile': ok(userProfile()),
    'GET /api/security': () => ok({ twoStepEnabled: enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
    'POST /api/security/two-step/setup': ok({
      secret: SECRET,
      otpauthUri: `otpauth://totp/Pago:ana?secret=${SECRET}&issuer=Pago`,
    }),
    'POST /api/security/two-step/confirm': (call) => {
      if ((call.body as { code: string }).code !== '123456') {
        return apiError(400, 'invalid_two_step_code');
      }
      enabled = true;
      return ok({ recoveryCodes: CODES });
    },
    'GET /api/security/sessions': () => ok({ sessions }),
    'POST /api/security/sessions/sign-out-others': () => {
      sessions = sessions.filter((session) => session.current);
      return ok();
    },
    ...overrides,
  });
}

async function open(language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  await renderApp('/security', language);
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Seguridad' : 'Security',
  });
}

describe('the security page', () => {
  it('turns two-step codes on: the key to type, a first code, the recovery codes once', async () => {
    const calls = serve();
    await open();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Códigos de dos pasos' });
    await user.click(await within(card).findByRole('button', { name: 'Activar' }));
    expect(await within(card).findByLabelText('Clave para escribir a mano')).toHaveValue(SECRET);

    const code = within(card).getByLabelText('Código de 6 dígitos de la app');
    await user.type(code, '999999');
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Ese código no es correcto');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));
    await within(card).findByText('Los códigos de dos pasos están activados.');
    const list = within(card).getByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(within(card).getByRole('button', { name: 'Ya los guardé' }));
    await within(card).findByText('Te quedan 10 códigos de recuperación.');
    expect(within(card).queryByTestId('recovery-codes')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/security/two-step/confirm')).toHaveLength(2);
  });

  it('lists the sessions, this one marked, and signs out everywhere else (in English)', async () => {
    const calls = serve();
    await open('en');
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Active sessions' });
    await within(card).findByText('Chrome (Windows)');
    expect(within(card).getByText('Unknown device')).toBeVisible();
    expect(within(card).getByText('This session')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    await within(card).findByText('We signed out your sessions on other devices.');
    await waitFor(() => expect(within(card).queryByText('Unknown device')).toBeNull());
    expect(calls.some((call) => call.path === '/api/security/sessions/sign-out-others')).toBe(true);
  });

  it('tells the sessions apart: how each signed in, about where, and when last used', async () => {
    serve({
      'GET /api/user/profile': ok(userProfile({ timeZone: 'America/Chicago' })),
    });
    await open();
    const card = screen.getByRole('region', { name: 'Sesiones activas' });
    await within(card).findByText('Chrome (Windows)');
    const rows = within(card).getAllByTestId('session-row');
    expect(within(rows[0] as HTMLElement).getByTestId('session-how')).toHaveTextContent(
      'Con contraseña · Cerca de Austin, TX, US',
    );
    // The sandbox provider's name, from /api/features.
    expect(within(rows[1] as HTMLElement).getByTestId('session-how')).toHaveTextContent(/^Con /);
    // A session from before methods were kept says nothing it does not know.
    expect(within(rows[2] as HTMLElement).queryByTestId('session-how')).toBeNull();
    // The last use, in the user's zone (15:00 UTC is 9:00 a. m. in Chicago).
    expect(rows[0]).toHaveTextContent(/Última actividad: .*9:00/);
  });

  it('changes the password: a wrong current one is said, not taken for an ended session', async () => {
    serve({
      'POST /api/security/password': (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'old-secret-pass'
          ? ok()
          : apiError(400, 'invalid_credentials'),
    });
    await open();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Cambiar contraseña' });
    await user.type(within(card).getByLabelText('Contraseña actual'), 'wrong-pass');
    await user.type(within(card).getByLabelText('Contraseña nueva'), 'Brand-New-Secret-77');
    await user.type(within(card).getByLabelText('Confirma tu contraseña'), 'Brand-New-Secret-77');
    await user.click(within(card).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'La contraseña actual no es correcta.',
    );
    expect(localStorage.getItem('token')).toBe('test-token');
    const current = within(card).getByLabelText('Contraseña actual');
    await user.clear(current);
    await user.type(current, 'old-secret-pass');
    await user.click(within(card).getByRole('button', { name: 'Cambiar contraseña' }));
    await within(card).findByText('Tu contraseña cambió. Cerramos tus otras sesiones.');
  });
});
