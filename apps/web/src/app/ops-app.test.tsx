import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

const staff = {
  id: 's1',
  email: 'lucia@pago.example',
  name: 'Lucía Ops',
  role: 'compliance' as const,
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the operations console shell', () => {
  it('signs a staff member in with the password and then the code, keeping the token apart from the customer’s', async () => {
    localStorage.setItem('token', 'customer-token-aaaaaaaaaaaaaaaaaaaaa');
    const calls = stubRoutes({
      'POST /api/ops/auth/login': ok({ challenge: 'c'.repeat(43) }),
      'POST /api/ops/auth/two-step': (call) =>
        (call.body as { code: string }).code === '123456'
          ? ok({
              token: 's'.repeat(43),
              expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
              idleMinutes: 15,
              staff,
            })
          : apiError(400, 'invalid_two_step_code'),
      'GET /api/ops/approvals?status=pending': ok({ items: [] }),
    });
    const user = userEvent.setup();
    const view = await renderApp('/ops');
    await screen.findByRole('heading', { name: 'Consola de operaciones' });
    expect(view.location().pathname).toBe('/ops/login');

    await user.type(screen.getByLabelText(/Correo electrónico/), 'lucia@pago.example');
    await user.type(screen.getByLabelText(/Contraseña/), 'Ops-Console-Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.type(await screen.findByLabelText(/Código de verificación/), '000000');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await screen.findByText(/Código incorrecto o ya usado/);
    await user.type(screen.getByLabelText(/Código de verificación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await screen.findByRole('heading', { name: 'Aprobaciones pendientes', level: 1 });
    expect(view.location().pathname).toBe('/ops/approvals');
    const menu = screen.getAllByRole('navigation', { name: 'Menú de operaciones' })[0];
    expect(menu).toBeDefined();
    expect(screen.getAllByRole('link', { name: 'Registro de auditoría' }).length).toBeGreaterThan(
      0,
    );
    expect(sessionStorage.getItem('pago.ops.token')).toBe('s'.repeat(43));
    expect(localStorage.getItem('pago.ops.token')).toBeNull();
    // The customer's token never went to /api/ops; the staff token went only there.
    for (const call of calls.filter((c) => c.path.startsWith('/api/ops/'))) {
      expect(call.authorization ?? '').not.toContain('customer-token');
    }
    expect(calls.at(-1)?.authorization).toBe(`Bearer ${'s'.repeat(43)}`);
  });

  it('hides pages a role may not see, and goes back to the sign-in when the session has ended', async () => {
    sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
    sessionStorage.setItem('pago.ops.staff', JSON.stringify({ ...staff, role: 'support' }));
    stubRoutes({
      // An ended staff session is answered as an unknown route.
      'GET /api/ops/approvals?status=pending': apiError(
        404,
        'not_found',
        'No such endpoint: GET /api/ops/approvals',
      ),
    });
    const view = await renderApp('/ops/approvals');
    await screen.findByRole('heading', { name: 'Consola de operaciones' });
    await waitFor(() => expect(view.location().pathname).toBe('/ops/login'));
    expect(sessionStorage.getItem('pago.ops.token')).toBeNull();
  });

  it('does not show the audit log to support', async () => {
    sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
    sessionStorage.setItem('pago.ops.staff', JSON.stringify({ ...staff, role: 'support' }));
    stubRoutes({ 'GET /api/ops/approvals?status=pending': ok({ items: [] }) });
    await renderApp('/ops/approvals');
    await screen.findByRole('heading', { name: 'Aprobaciones pendientes', level: 1 });
    expect(screen.queryByRole('link', { name: 'Registro de auditoría' })).toBeNull();
  });
});
