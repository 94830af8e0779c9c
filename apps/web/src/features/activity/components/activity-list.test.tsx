import type { Transfer } from '@pago/shared/contracts/transfers';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureRenderer } from '@/test/render-feature';
import { makeTransfer } from '@/test/transfers';
import { ActivityList } from './activity-list';

const renderList = featureRenderer('activity');

const card = (overrides: Parameters<typeof makeTransfer>[0]) =>
  makeTransfer({
    direction: 'out',
    details: { last4: '4242', merchantName: 'Café Luna', merchantCity: 'Miami, FL' },
    ...overrides,
  }) as unknown as Transfer;

describe('card rows in the activity', () => {
  it('a released hold is neutral, “Retención liberada”, not a red failure', async () => {
    await renderList(
      <ActivityList
        transfers={[card({ id: 'h1', kind: 'card_purchase', status: 'failed' })]}
        onOpen={() => {}}
      />,
    );
    const chip = screen.getByText('Retención liberada').closest('.MuiChip-root');
    expect(chip).not.toBeNull();
    expect(chip?.className).not.toMatch(/colorError/);
    expect(screen.queryByText('Fallida')).toBeNull();
    expect(screen.queryByText('Cancelada')).toBeNull();
  });

  it('a declined charge stays red', async () => {
    await renderList(
      <ActivityList
        transfers={[
          card({
            id: 'd1',
            kind: 'card_purchase',
            status: 'failed',
            details: { last4: '4242', merchantName: 'X', declineReason: 'card_frozen' },
          }),
        ]}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText('Rechazada').closest('.MuiChip-root')?.className).toMatch(/colorError/);
  });

  it('a tipped purchase is one row of its final amount, with what was authorized', async () => {
    await renderList(
      <ActivityList
        transfers={[
          card({
            id: 't1',
            kind: 'card_purchase',
            status: 'completed',
            amountCents: 4800,
            totalCents: 4800,
            details: {
              last4: '4242',
              merchantName: 'Café Luna',
              authorizedCents: 4000,
              clearedCents: 4800,
            },
          }),
        ]}
        onOpen={() => {}}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('−$48.00')).toBeVisible();
    expect(screen.getByText('Autorizado $40.00 · Cobrado $48.00')).toBeVisible();
  });

  it('an ATM withdrawal shows its fee as a line of its own', async () => {
    await renderList(
      <ActivityList
        transfers={[
          card({
            id: 'a1',
            kind: 'card_atm_withdrawal',
            status: 'completed',
            amountCents: 2000,
            feeCents: 300,
            totalCents: 2300,
            details: { last4: '4242', atmName: 'Cajero Centro', atmCity: 'Dallas' },
          }),
        ]}
        onOpen={() => {}}
      />,
    );
    const row = screen.getByRole('listitem');
    expect(within(row).getByText('−$20.00')).toBeVisible();
    const fee = within(row).getByTestId('atm-fee-line');
    expect(fee).toHaveTextContent('Comisión del cajero');
    expect(fee).toHaveTextContent('−$3.00');
    expect(within(row).queryByText('−$23.00')).toBeNull();
  });
});
