import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { CheckDepositFlow } from './check-deposit-flow';

const renderFlow = featureRenderer('checks', { user: ANA, path: '/deposit-check' });

const ID = 'dddddddd-0000-4000-8000-000000000001';
const deposit = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  amountCents: 12_000,
  description: 'Mobile check deposit',
  status: 'AwaitingImages',
  funds: 'none',
  reason: null,
  frontUploaded: false,
  backUploaded: false,
  availableBy: null,
  owedCents: 0,
  transferId: null,
  createdAt: '2026-11-27T15:00:00.000Z',
  confirmedAt: null,
  ...overrides,
});
// Confirmed on Friday, November 27: available two business days later, Tuesday, December 1.
const LIMITS = {
  perCheckCents: 250_000,
  day: { limitCents: 250_000, usedCents: 30_000, remainingCents: 220_000 },
  month: { limitCents: 500_000, usedCents: 30_000, remainingCents: 470_000 },
  availableBy: '2026-12-01T15:00:00.000Z',
  availabilityBusinessDays: 2,
};

const photo = (name: string, type = 'image/jpeg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type });

describe('depositing a check', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'token-ana');
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => localStorage.clear());

  it('takes the amount, both photos with a preview, and confirms after showing limits and the date', async () => {
    const uploads: string[] = [];
    const calls = stubRoutes({
      'GET /api/user/profile': ok(ANA),
      'GET /api/check-deposits/limits': ok(LIMITS),
      'POST /api/check-deposits': ok(deposit(), 201),
      [`PUT /api/check-deposits/${ID}/front`]: () => {
        uploads.push('front');
        return ok(deposit({ status: 'AwaitingBackImage', frontUploaded: true }));
      },
      [`PUT /api/check-deposits/${ID}/back`]: () => {
        uploads.push('back');
        return ok(
          deposit({
            status: 'AwaitingCustomerConfirmation',
            frontUploaded: true,
            backUploaded: true,
          }),
        );
      },
      [`POST /api/check-deposits/${ID}/confirm`]: ok(
        deposit({
          status: 'PendingReview',
          funds: 'held',
          frontUploaded: true,
          backUploaded: true,
          availableBy: LIMITS.availableBy,
          confirmedAt: '2026-11-27T15:01:00.000Z',
        }),
      ),
    });
    const confirmed = vi.fn();
    await renderFlow(<CheckDepositFlow onConfirmed={confirmed} />);
    expect(
      await screen.findByText(
        'Puedes depositar $2,200.00 más hoy y $4,700.00 más este mes en cheques.',
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Monto del cheque'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    // The front: guidance, the camera, a preview, another try, then this one.
    expect(await screen.findByRole('heading', { name: 'Frente del cheque' })).toBeTruthy();
    expect(screen.getByText(/superficie plana y oscura/)).toBeTruthy();
    const front = screen.getByLabelText('Tomar foto del frente') as HTMLInputElement;
    expect(front.getAttribute('capture')).toBe('environment');
    expect(front.getAttribute('accept')).toBe('image/*');
    // Not a photo: refused here, nothing sent.
    await userEvent.upload(front, new File(['hola'], 'nota.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Usa una foto JPG o PNG.',
    );
    await userEvent.upload(front, photo('frente.jpg'));
    expect(await screen.findByAltText('Vista previa del frente del cheque')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tomar otra' })).toBeTruthy();
    await userEvent.upload(front, photo('frente-2.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Usar esta foto' }));

    // The back: the endorsement first.
    expect(await screen.findByRole('heading', { name: 'Reverso del cheque' })).toBeTruthy();
    expect(screen.getByText(/«Solo para depósito móvil en Pago»/)).toBeTruthy();
    await userEvent.upload(
      screen.getByLabelText('Tomar foto del reverso'),
      photo('reverso.png', 'image/png'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Usar esta foto' }));

    // The review: limits left and the day the money is available, before confirming.
    expect(await screen.findByRole('heading', { name: 'Revisa y confirma' })).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('$2,200.00')).toBeTruthy();
    expect(screen.getByText('$4,700.00')).toBeTruthy();
    expect(screen.getByText('martes, 1 de diciembre')).toBeTruthy();
    expect(confirmed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(confirmed).toHaveBeenCalled());
    expect(confirmed.mock.calls[0]?.[0]).toMatchObject({ status: 'PendingReview', funds: 'held' });

    expect(uploads).toEqual(['front', 'back']);
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/check-deposits');
    expect(created?.body).toEqual({ amountCents: 12_000 });
  });

  it('says the limit left when the check is over it', async () => {
    stubRoutes({
      'GET /api/user/profile': ok(ANA),
      'GET /api/check-deposits/limits': ok(LIMITS),
      'POST /api/check-deposits': apiError(422, 'limit_exceeded', 'Over', {
        limit: 'check_deposit_daily',
        limitCents: 250_000,
        remainingCents: 220_000,
      }),
    });
    await renderFlow(<CheckDepositFlow onConfirmed={vi.fn()} />);
    await userEvent.type(await screen.findByLabelText('Monto del cheque'), '2300');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText(
        'Esto supera tu límite de depósitos de cheques. Todavía puedes depositar $2,200.00.',
      ),
    ).toBeTruthy();
  });
});
