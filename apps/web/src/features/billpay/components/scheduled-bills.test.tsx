import type { BillPaymentView } from '@pago/shared/contracts/billpay';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ScheduledBills } from './scheduled-bills';

const renderBills = featureRenderer(['billpay', 'accountDetails'], { user: ANA });

beforeEach(() => localStorage.setItem('token', 'token-ana'));
afterEach(() => vi.unstubAllGlobals());

const payment = (over: Partial<BillPaymentView>): BillPaymentView => ({
  id: 'p1',
  billerId: 'electricity-1',
  billerName: 'Lone Star Power & Light',
  method: 'ach',
  amountCents: 4590,
  payDate: '2026-11-20',
  status: 'processing',
  partnerStatus: null,
  reason: null,
  transferId: null,
  reference: null,
  cancelable: false,
  underReview: false,
  expectedBy: '2026-11-24',
  ...over,
});

function serve(payments: BillPaymentView[]) {
  stubApi((call) => {
    if (call.path === '/api/billpay/schedules') return { body: [] };
    if (call.path === '/api/billpay/payments') return { body: payments };
    return undefined;
  });
}

describe('the bill payments list', () => {
  it('says a payment held for a compliance review is under review, not in process', async () => {
    serve([
      payment({ id: 'held', billerName: 'Renta Ficticia', underReview: true }),
      payment({ id: 'sent', billerName: 'Lone Star Power & Light' }),
    ]);
    await renderBills(<ScheduledBills enabled />);
    const list = await screen.findByRole('list', { name: 'Tus pagos de facturas' });
    const held = (await within(list).findByText(/Renta Ficticia/)).closest('li') as HTMLElement;
    expect(within(held).getByText('En revisión')).toBeVisible();
    const sent = within(list)
      .getByText(/Lone Star/)
      .closest('li') as HTMLElement;
    expect(within(sent).getByText('En proceso')).toBeVisible();
    expect(within(sent).queryByText('En revisión')).toBeNull();
  });

  it('in English too', async () => {
    serve([payment({ id: 'held', underReview: true })]);
    await renderBills(<ScheduledBills enabled />, { language: 'en' });
    expect(await screen.findByText('Under review')).toBeVisible();
  });
});
