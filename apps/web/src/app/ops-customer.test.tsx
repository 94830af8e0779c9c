import type { CustomerView } from '@pago/shared/contracts/ops-customers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, ok, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';

const CUSTOMER = '0b9d6f4e-3c1a-4e8b-9f0a-2d7c5e6b1a90';

function view(frozen: boolean, closedAt: string | null = null): CustomerView {
  return {
    profile: {
      id: CUSTOMER,
      name: 'Ana Ocampo',
      username: 'ana_o',
      email: 'ana@example.com',
      phone: '+12125550271',
      frozen,
      createdAt: '2026-11-01T15:00:00.000Z',
      legalName: 'Ana Ocampo Ruiz',
      birthDate: '1990-04-02',
      address: '1 Main St, New York, NY 10001',
      phoneVerified: true,
      kycStatus: 'completed',
      language: 'es',
      twoStepEnabled: false,
      frozenAt: frozen ? '2026-11-27T17:00:00.000Z' : null,
      frozenReason: frozen ? 'Actividad inusual' : null,
      closedAt,
    },
    identity: [],
    balances: { balanceCents: 50_000, heldCents: 0, owedCents: 0, availableCents: 50_000 },
    activity: [
      {
        id: '01a21dfa-a80e-7c8b-afd9-2e6226a3f12c',
        reference: 'WCM43P1HC0',
        kind: 'p2p',
        status: 'completed',
        direction: 'out',
        amountCents: 2_000,
        feeCents: 0,
        counterparty: 'Beto Ibarra',
        createdAt: '2026-11-27T16:00:00.000Z',
        refundable: true,
        refundedBy: null,
      },
    ],
    sessions: [],
    notes: [],
  };
}

function signedInAs(role: 'support' | 'compliance') {
  sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
  sessionStorage.setItem(
    'pago.ops.staff',
    JSON.stringify({ id: 's1', email: 'x@pago.example', name: 'Marta', role }),
  );
}

afterEach(() => sessionStorage.clear());

describe('a customer in the console', () => {
  it('asks why before reading, sends the reason with the read, and freezes with a reason', async () => {
    signedInAs('compliance');
    let frozen = false;
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `/api/ops/customers/${CUSTOMER}`) {
        return ok(view(frozen));
      }
      if (call.method === 'POST' && call.path === `/api/ops/customers/${CUSTOMER}/freeze`) {
        frozen = true;
        return ok({ frozen: true });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp(`/ops/customers/${CUSTOMER}`);
    await screen.findByRole('heading', { name: '¿Por qué abres este cliente?' });
    expect(calls.some((c) => c.path.startsWith('/api/ops/customers/'))).toBe(false);

    await user.type(screen.getByLabelText(/Motivo/), 'Llamada del cliente, ticket 77');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('heading', { name: 'Ana Ocampo', level: 1 });
    const read = calls.find((c) => c.path === `/api/ops/customers/${CUSTOMER}`);
    expect(decodeURIComponent(read?.headers['x-ops-reason'] ?? '')).toBe(
      'Llamada del cliente, ticket 77',
    );
    expect(read?.headers.authorization).toBe(`Bearer ${'t'.repeat(43)}`);
    expect(screen.getByText('Dinero enviado · Beto Ibarra')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Congelar cuenta' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Congelar cuenta' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Posible fraude');
    await user.click(confirm);
    await screen.findByText('Cuenta congelada.');
    const freeze = calls.find((c) => c.method === 'POST');
    expect(freeze?.body).toEqual({ reason: 'Posible fraude' });
    await screen.findByRole('button', { name: 'Descongelar cuenta' });
  });

  it('does not offer freezing to support', async () => {
    signedInAs('support');
    stubApi((call) =>
      call.path === `/api/ops/customers/${CUSTOMER}` ? ok(view(false)) : undefined,
    );
    const user = userEvent.setup();
    await renderApp(`/ops/customers/${CUSTOMER}`);
    await user.type(await screen.findByLabelText(/Motivo/), 'Revisión de saldo');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('heading', { name: 'Ana Ocampo', level: 1 });
    expect(screen.queryByRole('button', { name: 'Congelar cuenta' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cerrar todas sus sesiones' })).toBeDefined();
  });

  it('closes an account with a reason, and says in staff words what stops a closing', async () => {
    signedInAs('compliance');
    let closedAt: string | null = null;
    let attempts = 0;
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `/api/ops/customers/${CUSTOMER}`) {
        return ok(view(false, closedAt));
      }
      if (call.method === 'POST' && call.path === `/api/ops/customers/${CUSTOMER}/close`) {
        attempts += 1;
        if (attempts === 1) {
          return apiError(409, 'account_not_closable', {
            blockers: [{ code: 'balance', amountCents: 50_000 }, { code: 'open_card_dispute' }],
          });
        }
        closedAt = '2026-11-27T18:00:00.000Z';
        return ok({ closedAt, recordsKeptUntil: '2031-11-27T18:00:00.000Z' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp(`/ops/customers/${CUSTOMER}`);
    await user.type(
      await screen.findByLabelText(/Motivo/),
      'El cliente pidió el cierre por teléfono',
    );
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('heading', { name: 'Ana Ocampo', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Cerrar cuenta' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Pedido del cliente, ticket 91');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar cuenta' }));
    await within(dialog).findByText(
      'No se puede cerrar todavía: tiene saldo, tiene una disputa de tarjeta abierta.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar cuenta' }));
    await screen.findByText('Cuenta cerrada.');
    const closes = calls.filter((c) => c.path.endsWith('/close'));
    expect(closes.map((c) => c.body)).toEqual([
      { reason: 'Pedido del cliente, ticket 91' },
      { reason: 'Pedido del cliente, ticket 91' },
    ]);
    expect(await screen.findByText(/Cuenta cerrada el/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cerrar cuenta' })).toBeNull();
  });

  it('does not offer closing to support', async () => {
    signedInAs('support');
    stubApi((call) =>
      call.path === `/api/ops/customers/${CUSTOMER}` ? ok(view(false)) : undefined,
    );
    const user = userEvent.setup();
    await renderApp(`/ops/customers/${CUSTOMER}`);
    await user.type(await screen.findByLabelText(/Motivo/), 'Revisión de saldo');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('heading', { name: 'Ana Ocampo', level: 1 });
    expect(screen.queryByRole('button', { name: 'Cerrar cuenta' })).toBeNull();
  });
});
