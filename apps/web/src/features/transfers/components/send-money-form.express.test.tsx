import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { SendMoneyForm } from './send-money-form';

const render = featureRenderer('transfers', { user: ANA });

describe('Send Money speed', () => {
  it('offers express to every region the fee table prices; the recipient’s payer decides at the quote', async () => {
    stubApi(() => undefined);
    await render(<SendMoneyForm to={null} />, { language: 'es' });
    const express = screen.getByRole('radio', { name: 'Exprés: llega en menos de 30 minutos' });
    expect(screen.getByRole('radio', { name: 'Estándar: llega en 1 día' })).toBeInTheDocument();
    expect(express).toBeEnabled();
    await userEvent.click(express);
    expect(express).toBeChecked();
    // Standard says the destination's own days (shared delivery-times), never "1 a 3 días".
    for (const [country, standard] of [
      ['GT', 'Estándar: llega en hasta 2 días'],
      ['CO', 'Estándar: llega en hasta 3 días'],
    ] as const) {
      await userEvent.selectOptions(screen.getByLabelText('País de destino'), country);
      expect(screen.getByRole('radio', { name: standard })).toBeInTheDocument();
      expect(express).toBeEnabled();
      expect(express).toBeChecked();
    }
  });
});
