import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { bareLiveCapabilities, sandboxCapabilities } from '@/test/capabilities';
import { captureDownloads } from '@/test/downloads';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import DirectDepositPage from './direct-deposit-page';

const renderPage = featureRenderer('direct-deposit', { user: ANA, path: '/direct-deposit' });

const deposit = (state: string, extra: object = {}) => ({
  id: `1000${state.length}`,
  transferId: 'aaaaaaaa-0000-4000-8000-000000000001',
  amountCents: 25_000,
  companyName: 'ACME PAYROLL',
  description: 'PAYROLL',
  state,
  completionDate: '2026-11-30',
  owedCents: 0,
  returnReason: null,
  createdAt: '2026-11-27T15:00:00.000Z',
  ...extra,
});
const features = (bankAccount: boolean) =>
  ok(bankAccount ? sandboxCapabilities({ externalSignIn: null }) : bareLiveCapabilities());
const DATA = {
  accountNumber: '4403216789',
  routingNumber: '812345678',
  bankName: 'Pago Sandbox Bank',
  accountType: 'checking',
  earlyPay: true,
  deposits: [deposit('pending'), deposit('available_early', { id: '20001' })],
};

describe('the direct-deposit page', () => {
  it('shows the routing number, the account number masked until "Mostrar", and copies them', async () => {
    stubRoutes({ 'GET /api/features': features(true), 'GET /api/direct-deposit': ok(DATA) });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderPage(<DirectDepositPage />);
    expect(await screen.findByText('812345678')).toBeTruthy();
    expect(screen.getByText('Pago Sandbox Bank')).toBeTruthy();
    expect(screen.getByText('••••6789')).toBeTruthy();
    expect(screen.queryByText('4403216789')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar el número de cuenta' }));
    expect(screen.getByText('4403216789')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar número de cuenta' }));
    expect(writeText).toHaveBeenCalledWith('4403216789');
    expect(await screen.findByText('Número de cuenta copiado')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar número de ruta' }));
    expect(writeText).toHaveBeenLastCalledWith('812345678');
    vi.unstubAllGlobals();
  });

  it('lists the deposits by state and explains early pay without promising it', async () => {
    stubRoutes({
      'GET /api/features': features(true),
      'GET /api/direct-deposit': ok({
        ...DATA,
        deposits: [
          ...DATA.deposits,
          deposit('available', { id: '30001' }),
          deposit('returned', { id: '40001', owedCents: 2_000 }),
        ],
      }),
    });
    await renderPage(<DirectDepositPage />);
    const list = await screen.findByRole('list', { name: 'Depósitos recibidos' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0] as HTMLElement).getByText('Pendiente')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement).getByText('Disponible a más tardar el 30 de noviembre'),
    ).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Disponible antes')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('Disponible')).toBeTruthy();
    expect(within(items[3] as HTMLElement).getByText('Devuelto')).toBeTruthy();
    expect(
      within(items[3] as HTMLElement).getByText(
        'El banco que lo envió lo devolvió; tu cuenta debe $20.00',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('+$250.00')).toHaveLength(4);
    expect(screen.getByText(/hasta 2 días antes/)).toBeTruthy();
    expect(screen.getByText(/no siempre será antes/)).toBeTruthy();
    expect(screen.getByText(/1 o 2 periodos de pago/)).toBeTruthy();
  });

  it('downloads the form for a percentage of each paycheck, refusing a percentage over 100', async () => {
    localStorage.setItem('token', 'tok-123');
    const clicked = captureDownloads();
    const calls = stubRoutes({
      'GET /api/features': features(true),
      'GET /api/direct-deposit': ok({ ...DATA, deposits: [] }),
      'GET /api/direct-deposit/form.pdf?language=es&amountType=percent&value=40': {
        body: '%PDF-1.7',
      },
    });
    await renderPage(<DirectDepositPage />);
    expect(await screen.findByText('Aún no has recibido depósitos directos.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Un porcentaje' }));
    const field = screen.getByRole('textbox', { name: 'Porcentaje de cada pago' });
    await userEvent.type(field, '140');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar formulario (PDF)' }));
    expect(await screen.findByText('Escribe un número entero del 1 al 100.')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('form.pdf'))).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar formulario (PDF)' }));
    await waitFor(() => expect(clicked).toEqual(['pago-deposito-directo.pdf']));
    expect(calls.find((c) => c.path.includes('form.pdf'))?.authorization).toBe('Bearer tok-123');
  });

  it('asks for identity verification when the account cannot be opened yet (in English too)', async () => {
    stubRoutes({
      'GET /api/features': features(true),
      'GET /api/direct-deposit': apiError(403, 'identity_not_verified', 'Verify your identity'),
    });
    await renderPage(<DirectDepositPage />, { language: 'en' });
    expect(
      await screen.findByText('Verify your identity to receive direct deposits.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe(
      '/identity-verification',
    );
  });

  it('says direct deposit is not available in live mode without the bank', async () => {
    stubRoutes({
      'GET /api/features': features(false),
      // Asked before the capabilities answer (the feature counts as available until then).
      'GET /api/direct-deposit': apiError(503, 'feature_unavailable_in_live_mode', 'Unavailable'),
    });
    await renderPage(<DirectDepositPage />);
    expect(
      await screen.findByText(/Abrir una cuenta bancaria todavía no está disponible en modo real/),
    ).toBeTruthy();
    expect(screen.queryByText('Tus datos para depósito directo')).toBeNull();
  });
});
