import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { RecipientForm } from './recipient-form';

const render = featureRenderer('remittances', { user: ANA });

beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

describe('the recipient form', () => {
  it('checks the CLABE’s check digit as the server does, then saves it without spaces', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/recipients'
        ? {
            status: 201,
            body: {
              id: 'r1',
              fullName: 'María López',
              country: 'MX',
              phone: '+525512345678',
              payout: {
                method: 'bank_deposit',
                accountMask: '••••9411',
                walletPhone: null,
                location: null,
              },
              createdAt: '2026-11-21T15:00:00.000Z',
            },
          }
        : undefined,
    );
    const onSaved = vi.fn();
    await render(<RecipientForm onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Nombre completo'), 'María López');
    await userEvent.type(screen.getByLabelText('Teléfono'), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('CLABE (18 dígitos)'), '002 115 016003269412');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    expect(
      await screen.findByText('Este número de cuenta no es válido. Revisa los dígitos.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const account = screen.getByLabelText('CLABE (18 dígitos)');
    await userEvent.clear(account);
    await userEvent.type(account, '002 115 016003269411');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fullName: 'María López',
      country: 'MX',
      phone: '+525512345678',
      payout: { method: 'bank_deposit', accountNumber: '002115016003269411' },
    });
  });

  it('offers the methods of the chosen country and its pickup locations', async () => {
    stubApi((call) =>
      call.path === '/api/remittances/pickup-locations?country=GT'
        ? {
            body: {
              items: [
                {
                  id: 'GT-1',
                  country: 'GT',
                  name: 'Agencia Quetzal',
                  address: '6a Avenida',
                  city: 'Ciudad de Guatemala',
                  hours: '8:00–18:00',
                },
              ],
            },
          }
        : undefined,
    );
    await render(<RecipientForm onSaved={() => {}} />, { language: 'en' });
    expect(screen.queryByRole('radio', { name: 'Mobile wallet' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GT');
    expect(screen.getByRole('radio', { name: 'Mobile wallet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Cash pickup' }));
    expect(
      await screen.findByRole('option', { name: 'Agencia Quetzal — Ciudad de Guatemala' }),
    ).toBeInTheDocument();
  });
});
