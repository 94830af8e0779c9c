import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import PaydayPage from './payday-page';

const renderPage = featureRenderer('payday', { user: ANA, path: '/direct-deposit/payday' });

const RECIPIENT = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  fullName: 'Rosa Pérez',
  firstName: 'Rosa',
  lastName: 'Pérez',
  country: 'MX',
  phone: '+525512345678',
  payout: {
    method: 'bank_deposit',
    payerId: '1',
    payerName: 'Banco',
    accountMask: '••••9411',
    walletPhone: null,
    fields: {},
  },
  needsUpdate: false,
  createdAt: '2026-11-01T12:00:00.000Z',
};
const RULE = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  share: { kind: 'percent', percentBps: 1000 },
  recipientId: RECIPIENT.id,
  recipientName: 'Rosa Pérez',
  recipientCountry: 'MX',
  maxCents: 15_000,
  minDepositCents: 0,
  speed: 'standard',
  enabled: true,
  createdAt: '2026-11-20T12:00:00.000Z',
};
const run = (status: string, reason: string | null, transferId: string | null) => ({
  id: `dddddddd-0000-4000-8000-00000000000${status.length}`,
  ruleId: RULE.id,
  recipientName: 'Rosa Pérez',
  depositId: '100',
  payer: 'ACME FOODS',
  depositCents: 250_000,
  amountCents: 15_000,
  status,
  reason,
  transferId,
  createdAt: '2026-11-27T15:00:00.000Z',
});

describe('the Día de pago page', () => {
  it('lists the rules and what they did, with why a send failed', async () => {
    stubRoutes({
      'GET /api/payday-rules': ok([RULE]),
      'GET /api/payday-runs': ok([
        run('sent', null, 'aaaaaaaa-0000-4000-8000-000000000001'),
        run('failed', 'insufficient_funds', null),
      ]),
      'GET /api/recipients': ok({ items: [RECIPIENT] }),
    });
    await renderPage(<PaydayPage />);
    const rules = await screen.findByRole('list', { name: 'Tus reglas' });
    expect(within(rules).getByText('10 % de cada depósito a Rosa Pérez')).toBeTruthy();
    expect(within(rules).getByText('Máximo $150.00 por depósito')).toBeTruthy();
    const runs = screen.getByRole('list', { name: 'Envíos de Día de pago' });
    expect(within(runs).getByText('Enviado')).toBeTruthy();
    expect(within(runs).getByRole('link', { name: 'Ver envío' }).getAttribute('href')).toBe(
      '/transfers/aaaaaaaa-0000-4000-8000-000000000001',
    );
    expect(within(runs).getByText('No enviado')).toBeTruthy();
    expect(
      within(runs).getByText('No alcanzaba tu saldo para el envío y la comisión.'),
    ).toBeTruthy();
  });

  it('creates a rule from what was typed in Spanish (12,5 %, at most $150), and turns one off', async () => {
    const calls = stubRoutes({
      'GET /api/payday-rules': ok([RULE]),
      'GET /api/payday-runs': ok([]),
      'GET /api/recipients': ok({ items: [RECIPIENT] }),
      'POST /api/payday-rules': ok({ ...RULE, id: 'cccccccc-0000-4000-8000-000000000002' }, 201),
      [`PATCH /api/payday-rules/${RULE.id}`]: ok({ ...RULE, enabled: false }),
    });
    await renderPage(<PaydayPage />);
    const percent = await screen.findByRole('textbox', { name: 'Porcentaje de cada depósito' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '12,5');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Máximo por depósito (opcional)' }),
      '150',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    await screen.findByText('Regla guardada.');
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/payday-rules');
    expect(created?.body).toEqual({
      share: { kind: 'percent', percentBps: 1250 },
      recipientId: RECIPIENT.id,
      maxCents: 15_000,
      minDepositCents: 0,
      speed: 'standard',
    });

    await userEvent.click(
      screen.getByRole('switch', { name: 'Activa: 10 % de cada depósito a Rosa Pérez' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }),
    );
  });

  it('refuses a percentage over 100 without calling the server', async () => {
    const calls = stubRoutes({
      'GET /api/payday-rules': ok([]),
      'GET /api/payday-runs': ok([]),
      'GET /api/recipients': ok({ items: [RECIPIENT] }),
    });
    await renderPage(<PaydayPage />);
    const percent = await screen.findByRole('textbox', { name: 'Porcentaje de cada depósito' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Escribe un porcentaje entre 0,01 y 100.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
