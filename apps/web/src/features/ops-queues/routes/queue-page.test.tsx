import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

const staff = { id: 's1', email: 'lucia@pago.example', name: 'Lucía Ops', role: 'compliance' };

const claim = (id: string, overdue: boolean) => ({
  queue: 'error_claims',
  id,
  title: 'not_received',
  customer: { id: `u-${id}`, name: `Ana ${id}`, email: `ana${id}@example.com` },
  money: { amountCents: 10_000, feeCents: 449, currency: 'USD' },
  history: [{ at: '2026-11-20T15:00:00.000Z', status: 'claim_opened', note: 'No ha llegado' }],
  waitingSince: '2026-11-20T15:00:00.000Z',
  dueBy: overdue ? '2026-11-21T15:00:00.000Z' : '2099-12-30T15:00:00.000Z',
  overdue,
  details: { reason: 'not_received', remedy: 'refund' },
  actions: ['investigate', 'resolve', 'no_error'],
});

afterEach(() => {
  sessionStorage.clear();
});

function signedIn(role = 'compliance') {
  sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
  sessionStorage.setItem('pago.ops.staff', JSON.stringify({ ...staff, role }));
}

describe('the ops queues', () => {
  it('shows each queue with its count and overdue items, in Spanish', async () => {
    signedIn();
    stubRoutes({
      'GET /api/ops/queues': ok({
        queues: [
          { queue: 'held_payouts', count: 2, overdue: 0 },
          { queue: 'identity_reviews', count: 0, overdue: 0 },
          { queue: 'error_claims', count: 3, overdue: 1 },
          { queue: 'card_disputes', count: 0, overdue: 0 },
          { queue: 'debts', count: 1, overdue: 0 },
          { queue: 'reconciliation', count: 0, overdue: 0 },
          { queue: 'failed_jobs', count: 0, overdue: 0 },
        ],
      }),
    });
    await renderApp('/ops/queues');
    await screen.findByRole('heading', { name: 'Colas de trabajo', level: 1 });
    const claims = await screen.findByRole('link', { name: /Reclamos por errores en envíos/ });
    expect(within(claims).getByText('1 vencido')).toBeDefined();
    expect(claims.getAttribute('href')).toBe('/ops/queues/error_claims');
    expect(screen.getAllByRole('link', { name: 'Colas' }).length).toBeGreaterThan(0);
  });

  it('lists claims with the customer, the money and the deadline, overdue marked; resolving asks the finding and a reason', async () => {
    signedIn();
    let items = [claim('1', true), claim('2', false)];
    const calls = stubRoutes({
      'GET /api/ops/queues/error_claims': () => ok({ queue: 'error_claims', items }),
      'POST /api/ops/queues/error_claims/1/resolve': () => {
        items = items.slice(1);
        return ok({
          status: 'done',
          result: { queue: 'error_claims', id: '1', action: 'resolve', done: true, message: 'x' },
        });
      },
      'GET /api/ops/queues': ok({ queues: [] }),
    });
    const user = userEvent.setup();
    await renderApp('/ops/queues/error_claims');
    await screen.findByRole('heading', { name: 'Reclamos por errores en envíos', level: 1 });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getAllByText(/Vencido/).length).toBeGreaterThan(0);
    expect(within(first).getByRole('link', { name: 'Ana 1' }).getAttribute('href')).toBe(
      '/ops/customers/u-1',
    );
    expect(within(first).getByText(/\$100\.00 más \$4\.49 de comisión/)).toBeDefined();
    expect(within(cards[1] as HTMLElement).queryByText('Vencido')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Hubo un error: reembolsar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /¿Cuál fue el error\?/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Llegó después de la fecha indicada' }),
    );
    await user.type(within(dialog).getByLabelText(/Motivo/), 'El socio confirmó la demora');
    await user.click(within(dialog).getByRole('button', { name: 'Hubo un error: reembolsar' }));
    await screen.findByText('Listo. El caso salió de la cola.');
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.path).toBe('/api/ops/queues/error_claims/1/resolve');
    expect(posted?.body).toEqual({ reason: 'El socio confirmó la demora', finding: 'late' });
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('shows support only the actions its role may take', async () => {
    signedIn('support');
    stubRoutes({
      'GET /api/ops/queues/error_claims': ok({
        queue: 'error_claims',
        items: [{ ...claim('1', false), actions: ['investigate'] }],
      }),
    });
    await renderApp('/ops/queues/error_claims');
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('button', { name: 'Investigar con el socio' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Hubo un error: reembolsar' })).toBeNull();
  });
});
