import type { SanctionsHit } from '@pago/shared/contracts/ops-sanctions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

const officer = { id: 's1', email: 'lucia@pago.example', name: 'Lucía Ops', role: 'compliance' };

const hit: SanctionsHit = {
  id: '0b5c7a52-8f9e-4d1a-9d3c-1a2b3c4d5e6f',
  status: 'open',
  createdAt: '2026-11-27T15:00:00.000Z',
  subject: {
    kind: 'recipient',
    id: 'r1',
    name: 'Juan Carlos Testcartel',
    birthDate: null,
    country: 'MX',
  },
  customer: { userId: 'u1', name: 'Ana Pérez', username: 'anap' },
  matches: [
    {
      source: 'sdn',
      entryId: '90001',
      listedName: 'TESTCARTEL GARCIA, Juan Carlos',
      matchedName: 'TESTCARTEL GARCIA, Juan Carlos',
      score: 0.98,
      entry: {
        type: 'individual',
        programs: ['SDNTK'],
        aliases: [{ type: 'aka', name: 'TESTCARTEL, Juanca' }],
        countries: ['Mexico'],
        birthDates: [{ year: 1970, month: 1, day: 1, circa: false, toYear: null }],
        placesOfBirth: ['Culiacan, Sinaloa, Mexico'],
        remarks: 'Sandbox entry, not a real person.',
      },
    },
  ],
  held: [
    {
      transferId: 't1',
      movement: 'remittance',
      amountCents: 10_000,
      feeCents: 399,
      status: 'held',
      createdAt: '2026-11-27T15:00:00.000Z',
    },
  ],
  heldCents: 10_399,
  decision: null,
  report: null,
};

afterEach(() => sessionStorage.clear());

function signedIn(role = 'compliance') {
  sessionStorage.setItem('pago.ops.token', 't'.repeat(43));
  sessionStorage.setItem('pago.ops.staff', JSON.stringify({ ...officer, role }));
}

describe('the sanctions queue', () => {
  it('shows the held money and the listed entry, and clears a match with a reason', async () => {
    signedIn();
    let open = [hit];
    const calls = stubRoutes({
      'GET /api/ops/sanctions/hits?status=open': () => ok({ items: open }),
      [`POST /api/ops/sanctions/hits/${hit.id}/clear`]: () => {
        open = [];
        return ok({ id: hit.id, status: 'cleared', movements: 1, reportDueOn: null });
      },
    });
    const user = userEvent.setup();
    await renderApp('/ops/sanctions');
    await screen.findByRole('heading', { name: 'Coincidencias con listas de sanciones', level: 1 });
    const card = await screen.findByRole('article', { name: 'Juan Carlos Testcartel' });
    expect(within(card).getByText(/Envío al extranjero · \$103\.99 · en revisión/)).toBeDefined();
    expect(within(card).getByText('TESTCARTEL GARCIA, Juan Carlos')).toBeDefined();
    expect(within(card).getByText('Similitud 98 %')).toBeDefined();
    expect(within(card).getByText('1/1/1970')).toBeDefined();
    expect(within(card).getByText('Mexico')).toBeDefined();
    expect(within(card).getByText('TESTCARTEL, Juanca')).toBeDefined();

    await user.click(within(card).getByRole('button', { name: 'Liberar: no es la persona' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Otra persona');
    await user.click(within(dialog).getByRole('button', { name: 'Liberar: no es la persona' }));
    await screen.findByText('Coincidencia liberada: 1 movimiento(s) siguen su camino.');
    expect(await screen.findByText('No hay coincidencias por revisar.')).toBeDefined();
    const decision = calls.find((c) => c.path.endsWith('/clear'));
    expect(decision?.body).toEqual({ reason: 'Otra persona' });
  });

  it('lets support read the queue but not decide', async () => {
    signedIn('support');
    stubRoutes({ 'GET /api/ops/sanctions/hits?status=open': ok({ items: [hit] }) });
    await renderApp('/ops/sanctions');
    const card = await screen.findByRole('article', { name: 'Juan Carlos Testcartel' });
    expect(
      screen.getByText('Solo Cumplimiento puede decidir sobre una coincidencia.'),
    ).toBeDefined();
    expect(within(card).queryByRole('button', { name: /Liberar|Bloquear/ })).toBeNull();
  });
});
