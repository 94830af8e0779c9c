import type { Transfer } from '@pago/shared/contracts/transfers';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { makeTransfer } from '@/test/transfers';
import { TransferTracker } from './transfer-tracker';

const render = featureRenderer('transfers', { user: ANA });

const REMITTANCE = makeTransfer({
  id: '9d0f3c55-0b1a-4c1e-8d7e-3a2b1c0d9e8f',
  kind: 'remittance',
  status: 'processing',
  direction: 'out',
  amountCents: 10_000,
  feeCents: 449,
  totalCents: 10_449,
  details: { recipientPhone: '+525512345678' },
}) as unknown as Transfer;

/** The transfer as the receipt look-up answers it (the tracker follows it). */
function serve(transfer: Transfer) {
  stubApi((call) =>
    call.path === `/api/transactions/${transfer.id}`
      ? { body: { ...transfer, statusHistory: [] } }
      : undefined,
  );
}

describe('the tracker of the last send', () => {
  it('links a remittance to its receipt and tracking page, where it stays after the success message', async () => {
    serve(REMITTANCE);
    await render(<TransferTracker transfer={REMITTANCE} />, { language: 'es' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('+52 55 1234 5678');
    expect(within(status).getByRole('link', { name: 'Ver recibo y seguimiento' })).toHaveAttribute(
      'href',
      `/transfers/${REMITTANCE.id}`,
    );
  });

  it('says it in English', async () => {
    serve(REMITTANCE);
    await render(<TransferTracker transfer={REMITTANCE} />, { language: 'en' });
    expect(screen.getByRole('link', { name: 'See receipt and tracking' })).toBeVisible();
  });

  it('has no such link for a send to a Pago user', async () => {
    const p2p = {
      ...REMITTANCE,
      kind: 'p2p',
      status: 'completed',
      counterparty: { userId: 'u_eva', name: 'Eva Ruiz', username: 'eva.r', phone: null },
    } as Transfer;
    serve(p2p);
    await render(<TransferTracker transfer={p2p} />, { language: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent('Eva Ruiz');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the recipient and says cash waiting at the agent is ready for pickup, not delivered', async () => {
    const ready = {
      ...REMITTANCE,
      status: 'delivered',
      details: {
        recipientPhone: '+50222345678',
        recipientName: 'Carmen Ajú',
        payoutMethod: 'cash_pickup',
      },
    } as unknown as Transfer;
    serve(ready);
    await render(<TransferTracker transfer={ready} />, { language: 'es' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Listo para cobrar: Carmen Ajú ya puede cobrar tus $100.00 en efectivo con el código.',
    );
    expect(status).not.toHaveTextContent('Entregado');
  });
});
