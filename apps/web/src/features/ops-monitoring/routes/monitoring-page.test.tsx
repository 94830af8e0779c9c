import type { MonitoringHit, MonitoringRule } from '@pago/shared/contracts/monitoring';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

function signIn(role: 'compliance' | 'admin' | 'support') {
  sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
  sessionStorage.setItem(
    'pago.ops.staff',
    JSON.stringify({ id: 's1', email: 'lucia@pago.example', name: 'Lucía Ops', role }),
  );
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const hit: MonitoringHit = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  rule: 'structuring',
  status: 'open',
  reason: '3 transfers within 72 hours each just under a line',
  figures: {
    windowHours: 72,
    nearPercent: 10,
    nearTransfers: [
      { amountCents: 95_000, lineCents: 99_900 },
      { amountCents: 96_000, lineCents: 99_900 },
      { amountCents: 99_000, lineCents: 99_900 },
    ],
    nearDays: [],
  },
  customer: {
    id: '0190a1b2-0000-7000-8000-0000000000aa',
    name: 'Ana Rivera',
    email: 'ana@example.com',
    username: 'ana',
  },
  subject: 'Ana Rivera (@ana)',
  transfers: [95_000, 96_000, 99_000].map((amountCents, i) => ({
    id: `0190a1b2-0000-7000-8000-00000000010${i}`,
    kind: 'p2p',
    status: 'completed',
    amountCents,
    createdAt: '2026-11-27T15:00:00.000Z',
    senderName: 'Ana Rivera',
    counterpartyName: 'Beto Díaz',
  })),
  createdAt: '2026-11-27T16:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
};

const rules: MonitoringRule[] = [
  {
    code: 'credential_change_then_send',
    enabled: true,
    action: 'alert',
    thresholds: { withinHours: 24, largeSendCents: 50_000 },
    updatedAt: '2026-11-27T16:00:00.000Z',
  },
];

describe('the monitoring queue in the console (/ops/monitoring)', () => {
  it('shows compliance each alert in words with its customer and amounts, and escalates with a reason', async () => {
    signIn('compliance');
    const calls = stubRoutes({
      'GET /api/ops/monitoring/hits?status=open': ok({ items: [hit] }),
      [`POST /api/ops/monitoring/hits/${hit.id}/escalate`]: ok({
        ...hit,
        status: 'escalated',
        decidedAt: '2026-11-27T17:00:00.000Z',
        decidedBy: 's1',
        decisionReason: 'Revisar para reporte',
      }),
    });
    const user = userEvent.setup();
    await renderApp('/ops/monitoring');
    await screen.findByRole('heading', { name: 'Monitoreo de transacciones', level: 1 });
    expect(screen.getAllByRole('link', { name: 'Monitoreo' }).length).toBeGreaterThan(0);
    const card = await screen.findByRole('article', { name: /Fraccionamiento/ });
    expect(
      within(card).getByText(
        '3 transferencias en 72 horas, cada una justo debajo de un límite (hasta 10 % menos): $950.00 bajo $999.00, $960.00 bajo $999.00, $990.00 bajo $999.00.',
      ),
    ).toBeDefined();
    expect(within(card).getByRole('link', { name: /Ana Rivera · @ana/ })).toBeDefined();
    expect(within(card).getAllByText(/Envío a un usuario: Ana Rivera → Beto Díaz/)).toHaveLength(3);
    expect(within(card).getByText('$990.00')).toBeDefined();

    await user.click(within(card).getByRole('button', { name: 'Escalar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escalar la alerta' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo/ }),
      'Revisar para reporte',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Escalar' }));
    await screen.findByText('Alerta escalada.');
    const decision = calls.find((c) => c.path.endsWith('/escalate'));
    expect(decision?.body).toEqual({ reason: 'Revisar para reporte' });
    expect(decision?.path).toBe(`/api/ops/monitoring/hits/${hit.id}/escalate`);
  });

  it('lists the rules with their thresholds; only an admin may change one', async () => {
    signIn('compliance');
    stubRoutes({
      'GET /api/ops/monitoring/hits?status=open': ok({ items: [] }),
      'GET /api/ops/monitoring/rules': ok({ items: rules }),
    });
    const user = userEvent.setup();
    await renderApp('/ops/monitoring');
    await screen.findByText('No hay alertas abiertas.');
    await user.click(screen.getByRole('tab', { name: 'Reglas' }));
    const rule = await screen.findByRole('article');
    expect(within(rule).getByText('Cambio de datos de acceso y envío grande')).toBeDefined();
    expect(within(rule).getByText('$500.00')).toBeDefined();
    expect(within(rule).queryByRole('button', { name: 'Cambiar' })).toBeNull();
  });

  it('lets an admin change a threshold (in dollars) with a reason', async () => {
    signIn('admin');
    const calls = stubRoutes({
      'GET /api/ops/monitoring/hits?status=open': ok({ items: [] }),
      'GET /api/ops/monitoring/rules': ok({ items: rules }),
      'PATCH /api/ops/monitoring/rules/credential_change_then_send': ok({
        ...rules[0],
        thresholds: { withinHours: 24, largeSendCents: 75_000 },
      }),
    });
    const user = userEvent.setup();
    await renderApp('/ops/monitoring');
    await user.click(await screen.findByRole('tab', { name: 'Reglas' }));
    await user.click(await screen.findByRole('button', { name: 'Cambiar' }));
    const dialog = await screen.findByRole('dialog');
    const large = within(dialog).getByRole('textbox', { name: 'Envío grande desde (USD)' });
    await user.clear(large);
    await user.type(large, '750');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo/ }),
      'Menos alertas falsas',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Regla guardada: Cambio de datos de acceso y envío grande.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      enabled: true,
      thresholds: { withinHours: 24, largeSendCents: 75_000 },
      reason: 'Menos alertas falsas',
    });
  });

  it('is not in the menu of support staff', async () => {
    signIn('support');
    stubRoutes({ 'GET /api/ops/approvals?status=pending': ok({ items: [] }) });
    await renderApp('/ops/approvals');
    await screen.findByRole('heading', { name: 'Aprobaciones pendientes', level: 1 });
    expect(screen.queryByRole('link', { name: 'Monitoreo' })).toBeNull();
  });
});
