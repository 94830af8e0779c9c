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
    const express = screen.getByRole('radio', { name: 'Exprés (menos de 30 minutos)' });
    expect(express).toBeEnabled();
    await userEvent.click(express);
    expect(express).toBeChecked();
    for (const country of ['GT', 'CO']) {
      await userEvent.selectOptions(screen.getByLabelText('País de destino'), country);
      expect(express).toBeEnabled();
      expect(express).toBeChecked();
    }
  });
});
