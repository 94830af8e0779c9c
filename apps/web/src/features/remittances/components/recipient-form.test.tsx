import type { Recipient } from '@pago/shared/contracts/remittances';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '@/test/api-stub';
import { GT_CASH_PAYER, makePayer } from '@/test/payers';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { RecipientForm } from './recipient-form';

const render = featureRenderer('remittances', { user: ANA });

beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

function saved(over: Partial<Recipient> = {}): Recipient {
  return {
    id: '5b1d3c9e-7a2f-4e8b-9c6d-1f0a2b3c4d5e',
    fullName: 'María López',
    firstName: 'María',
    lastName: 'López',
    country: 'MX',
    phone: '+525512345678',
    payout: {
      method: 'bank_deposit',
      payerId: '1002',
      payerName: 'Banco Ejemplo México',
      accountMask: '••••9411',
      walletPhone: null,
      fields: { clabe: '••••9411' },
    },
    needsUpdate: false,
    createdAt: '2026-11-21T15:00:00.000Z',
    ...over,
  };
}

const GT_BANK = makePayer({
  id: '1022',
  name: 'Banco Ejemplo Guatemala',
  country: 'GT',
  currency: 'GTQ',
  fields: ['iban', 'account_type'],
});
const GT_WALLET = makePayer({
  id: '1023',
  name: 'Billetera Ejemplo Guatemala',
  country: 'GT',
  method: 'mobile_wallet',
  currency: 'GTQ',
  deliveryMinutes: 5,
  express: true,
  fields: ['msisdn'],
});

/** The catalogue: one Mexican bank; in Guatemala two banks, a cash network and a wallet. */
function catalogue(path: string) {
  const query = new URLSearchParams(path.split('?')[1]);
  if (!path.startsWith('/api/remittances/payers?')) return undefined;
  const all = [
    makePayer(),
    GT_BANK,
    makePayer({
      ...GT_BANK,
      id: '1024',
      name: 'Banco Dos Guatemala',
      fields: ['bank_account_number', 'bank_code'],
    }),
    GT_CASH_PAYER,
    GT_WALLET,
  ];
  return {
    body: {
      items: all.filter(
        (p) => p.country === query.get('country') && p.method === query.get('method'),
      ),
    },
  };
}

describe('the recipient form', () => {
  it('asks for the only Mexican bank’s CLABE, checks it as the server does, then saves it', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/recipients'
        ? { status: 201, body: saved() }
        : catalogue(call.path),
    );
    const onSaved = vi.fn();
    await render(<RecipientForm onSaved={onSaved} />);
    expect(await screen.findByText('Deposita Banco Ejemplo México')).toBeVisible();
    expect(screen.getByText('Paga en 1 día.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Nombre(s)'), 'María');
    await userEvent.type(screen.getByLabelText('Apellido(s)'), 'López');
    await userEvent.type(screen.getByLabelText('Teléfono'), '55 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    expect(await screen.findByText('Completa este dato.')).toBeVisible();

    const clabe = screen.getByLabelText('CLABE (18 dígitos)');
    expect(clabe).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(clabe, '002 115 016003269412');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    expect(
      await screen.findByText('Este número de cuenta no es válido. Revisa los dígitos.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(clabe);
    await userEvent.type(clabe, '002 115 016003269411');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'María',
      lastName: 'López',
      country: 'MX',
      phone: '+525512345678',
      payout: { method: 'bank_deposit', payerId: '1002', fields: { clabe: '002115016003269411' } },
    });
    expect(calls.map((c) => c.path)).toContain(
      '/api/remittances/payers?country=MX&method=bank_deposit',
    );
  });

  it('offers the methods of the country, lets the person choose among its banks, and asks each one’s fields', async () => {
    stubApi((call) => catalogue(call.path));
    await render(<RecipientForm onSaved={() => {}} />, { language: 'en' });
    expect(screen.queryByRole('radio', { name: 'Mobile wallet' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GT');
    expect(screen.getByRole('radio', { name: 'Mobile wallet' })).toBeInTheDocument();
    const bank = await screen.findByLabelText('Bank');
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    await userEvent.selectOptions(bank, 'Banco Ejemplo Guatemala');
    expect(screen.getByLabelText('IBAN')).toBeVisible();
    expect(screen.getByText('The 28-character IBAN, starting with GT.')).toBeVisible();
    const type = screen.getByLabelText('Account type');
    expect([...(type as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choose one',
      'Checking',
      'Savings',
    ]);
    await userEvent.selectOptions(bank, 'Banco Dos Guatemala');
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    expect(screen.getByLabelText('Account number')).toBeVisible();
    expect(screen.getByLabelText('Bank code')).toBeVisible();
  });

  it('a cash pickup network: any of its agents with the code, and the ID the payer asks for', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/recipients'
        ? { status: 201, body: saved() }
        : catalogue(call.path),
    );
    const onSaved = vi.fn();
    await render(<RecipientForm onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByLabelText('País'), 'GT');
    await userEvent.click(screen.getByRole('radio', { name: 'Retiro en efectivo' }));
    expect(await screen.findByText('Paga Red de Pagos Ejemplo Guatemala')).toBeVisible();
    expect(
      screen.getByText(
        'Cobra en cualquier agente de Red de Pagos Ejemplo Guatemala con el código.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Paga en unos 15 minutos.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Nombre(s)'), 'José Luis');
    await userEvent.type(screen.getByLabelText('Apellido(s)'), 'Pérez García');
    await userEvent.type(screen.getByLabelText('Teléfono'), '2234 5678');
    await userEvent.selectOptions(screen.getByLabelText('Tipo de identificación'), 'NATIONAL_ID');
    await userEvent.type(screen.getByLabelText('Número de identificación'), '2456 78901 0101');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'José Luis',
      lastName: 'Pérez García',
      country: 'GT',
      phone: '+50222345678',
      payout: {
        method: 'cash_pickup',
        payerId: '2101',
        fields: { id_type: 'NATIONAL_ID', id_number: '2456789010101' },
      },
    });
  });

  it('a wallet number defaults to the recipient’s phone, and must be of their country', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/recipients'
        ? { status: 201, body: saved() }
        : catalogue(call.path),
    );
    await render(<RecipientForm onSaved={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText('País'), 'GT');
    await userEvent.click(screen.getByRole('radio', { name: 'Billetera móvil' }));
    const wallet = await screen.findByLabelText('Número de la billetera móvil');
    await userEvent.type(screen.getByLabelText('Nombre(s)'), 'Ana');
    await userEvent.type(screen.getByLabelText('Apellido(s)'), 'Cruz');
    await userEvent.type(screen.getByLabelText('Teléfono'), '2234 5678');
    await userEvent.type(wallet, '+52 55 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    expect(await screen.findByText('Este teléfono no es del país elegido.')).toBeVisible();
    await userEvent.clear(wallet);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      payout: { method: 'mobile_wallet', payerId: '1023', fields: { msisdn: '+50222345678' } },
    });
  });

  it('marks the fields the server says the payer requires', async () => {
    stubApi((call) =>
      call.method === 'POST' && call.path === '/api/recipients'
        ? apiError(422, 'payer_field_required', { fields: ['clabe'] })
        : catalogue(call.path),
    );
    await render(<RecipientForm onSaved={() => {}} />);
    await screen.findByText('Deposita Banco Ejemplo México');
    await userEvent.type(screen.getByLabelText('Nombre(s)'), 'María');
    await userEvent.type(screen.getByLabelText('Apellido(s)'), 'López');
    await userEvent.type(screen.getByLabelText('Teléfono'), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('CLABE (18 dígitos)'), '002115016003269411');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    expect(
      await screen.findByText('Faltan datos del destinatario que pide quien le paga. Complétalos.'),
    ).toBeVisible();
    expect(screen.getByLabelText('CLABE (18 dígitos)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Completa este dato.')).toBeVisible();
  });

  it('updates a recipient saved before the payers: says so, and saves with PUT', async () => {
    const old = saved({
      needsUpdate: true,
      payout: {
        method: 'bank_deposit',
        payerId: null,
        payerName: null,
        accountMask: '••••9411',
        walletPhone: null,
        fields: {},
      },
    });
    const calls = stubApi((call) =>
      call.method === 'PUT' && call.path === `/api/recipients/${old.id}`
        ? { body: saved() }
        : catalogue(call.path),
    );
    const onSaved = vi.fn();
    await render(<RecipientForm recipient={old} onSaved={onSaved} />);
    expect(
      screen.getByText(
        'Nuestro aliado de pagos necesita saber quién le paga a María López. Elige cómo recibe el dinero antes de enviarle.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Nombre(s)')).toHaveValue('María');
    await userEvent.type(await screen.findByLabelText('CLABE (18 dígitos)'), '002115016003269411');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      phone: '+525512345678',
      payout: { payerId: '1002', fields: { clabe: '002115016003269411' } },
    });
  });
});
