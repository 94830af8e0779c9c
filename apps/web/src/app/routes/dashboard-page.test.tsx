import type { UserProfile } from '@pago/shared/contracts/accounts';
import type { MoneyRequest, MoneyRequestList } from '@pago/shared/contracts/requests';
import type { Transfer, TransferList } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { greetingOf, NEW_ACCOUNT_MS } from '@/features/accounts/lib/greeting';
import esDashboard from '@/locales/es/dashboard.json';
import { type ApiCall, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

const TRANSFER: Transfer = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  reference: '7KQ2MX9C4T',
  kind: 'p2p',
  status: 'completed',
  direction: 'in',
  amountCents: cents(2500),
  feeCents: cents(0),
  totalCents: cents(2500),
  counterparty: { userId: 'u_bob', name: 'Beto Díaz', username: 'beto', phone: null },
  createdAt: '2025-05-01T20:00:00.000Z',
  details: {},
};
const party = (name: string) => ({ userId: `u_${name}`, name, username: name, phone: null });
const REQUEST = (id: string, status: MoneyRequest['status']): MoneyRequest => ({
  id,
  amountCents: cents(1500),
  note: 'La cena',
  status,
  requester: party('Carla'),
  payer: party('Ana'),
  transferId: null,
  createdAt: '2025-05-01T20:00:00.000Z',
});

type Server = {
  profile?: Partial<UserProfile>;
  activity?: Transfer[];
  incoming?: MoneyRequest[];
  extra?: (call: ApiCall) => ReturnType<Parameters<typeof stubApi>[0]>;
};

function serve({ profile = {}, activity = [], incoming = [], extra }: Server = {}) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/user/profile') return { body: makeProfile(profile) };
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 4200, availableBalanceCents: 4000, currency: 'USD' } };
    }
    if (call.path.startsWith('/api/transactions?')) {
      return { body: { items: activity, nextCursor: null } satisfies TransferList };
    }
    if (call.path.startsWith('/api/requests/incoming')) {
      return { body: { items: incoming, nextCursor: null } satisfies MoneyRequestList };
    }
    if (call.path === '/api/features') {
      return {
        body: {
          mode: 'sandbox',
          remittances: true,
          billPay: true,
          bankAccount: true,
          cards: true,
          externalSignIn: null,
          identityVerification: true,
          linkedBanks: true,
          phoneVerification: true,
          cardFunding: true,
          checkDeposits: true,
        },
      };
    }
    if (call.path === '/api/plaid/accounts') return { body: { accounts: [] } };
    return undefined;
  });
}

async function openHome(language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp('/dashboard', language);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the home screen', () => {
  it('opens with the greeting, the balance, then Enviar, Solicitar and Agregar dinero', async () => {
    serve({ activity: [TRANSFER] });
    await openHome('es');

    await waitFor(() => expect(document.title).toBe('Inicio · Pago'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('¡Hola, Ana!');
    expect(screen.getByText('Qué gusto verte de nuevo.')).toBeVisible();
    const balance = screen.getByRole('region', { name: 'Tu saldo' });
    expect(await within(balance).findByText('$42.00')).toBeVisible();
    // One balance on the page: the profile's snapshot ($1,234.56) is nowhere.
    expect(screen.queryByText('$1,234.56')).toBeNull();
    const actions = screen.getByRole('navigation', { name: 'Acciones principales' });
    expect(within(actions).getByRole('link', { name: 'Enviar' })).toHaveAttribute('href', '/send');
    expect(within(actions).getByRole('link', { name: 'Solicitar' })).toHaveAttribute(
      'href',
      '/moneymover?tab=request',
    );
    expect(within(actions).getByRole('button', { name: 'Agregar dinero' })).toBeVisible();
    // The balance comes before the actions, the actions before the activity.
    const activity = screen.getByRole('region', { name: 'Actividad reciente' });
    expect(
      balance.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      actions.compareDocumentPosition(activity) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await within(activity).findByText(/Beto Díaz/)).toBeVisible();
    expect(within(activity).getByRole('link', { name: 'Ver todo' })).toHaveAttribute(
      'href',
      '/activity',
    );
    // The profile and its QR code live on /profile now.
    expect(screen.queryByRole('region', { name: 'Mi perfil' })).toBeNull();
  });

  it('asks an unverified person to verify, spaced like the notices below it', async () => {
    serve({
      profile: { kyc_status: 'pending', persona_status: null, plaidIdentityStatus: null },
    });
    await openHome('es');
    const text = await screen.findByText(
      'Verifica tu identidad para enviar, solicitar y transferir dinero.',
    );
    const notice = text.closest('[role="note"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Verificar mi identidad' })).toHaveAttribute(
      'href',
      '/onboarding/verify',
    );
    // The column's grid gap spaces it; a margin of its own doubled the gap below it.
    expect(getComputedStyle(notice).marginBottom).toBe('0px');
  });

  it('shows the five latest transfers only, without the CSV export of the full activity', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...TRANSFER, id: `${TRANSFER.id}${i}` }));
    serve({ activity: many });
    await openHome('es');
    const activity = screen.getByRole('region', { name: 'Actividad reciente' });
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(5));
    expect(within(activity).queryByRole('button', { name: /CSV/ })).toBeNull();
  });

  it('counts the requests waiting to be paid and leads to the inbox', async () => {
    serve({
      incoming: [REQUEST('r1', 'pending'), REQUEST('r2', 'pending'), REQUEST('r3', 'paid')],
    });
    await openHome('es');

    const requests = screen.getByRole('region', { name: 'Solicitudes por pagar' });
    expect(await within(requests).findByLabelText('2 solicitudes por pagar')).toHaveTextContent(
      '2',
    );
    expect(within(requests).getAllByText('Carla')).toHaveLength(2);
    // "Ver y pagar" opens that request to pay; the whole inbox is one more link.
    const review = within(requests).getAllByRole('link', { name: /^Ver y pagar/ });
    expect(review.map((link) => link.getAttribute('href'))).toEqual([
      '/requests/r1',
      '/requests/r2',
    ]);
    expect(review[0]).toHaveAccessibleName('Ver y pagar la solicitud de Carla por $15.00');
    expect(within(requests).getByRole('link', { name: 'Ver todas' })).toHaveAttribute(
      'href',
      '/moneymover?tab=request',
    );
  });

  it('has friendly empty states with an action, in English too', async () => {
    serve({ profile: { createdAt: new Date().toISOString(), name: 'Sam Lee' } });
    await openHome('en');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi, Sam!');
    expect(screen.getByText('Welcome to Pago.')).toBeVisible();
    const requests = screen.getByRole('region', { name: 'Requests to pay' });
    expect(await within(requests).findByText('You have no requests to pay.')).toBeVisible();
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(await within(activity).findByRole('link', { name: 'Send' })).toHaveAttribute(
      'href',
      '/send',
    );
  });

  it('offers the linked banks and, in sandbox mode, test money under Agregar dinero', async () => {
    const calls = serve({
      extra: (call) =>
        call.path === '/api/wallet/test-deposit'
          ? { status: 201, body: { ...TRANSFER, kind: 'deposit' } }
          : undefined,
    });
    await openHome('es');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Agregar dinero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar dinero' });
    expect(await within(dialog).findByText(/Vincula una cuenta bancaria/)).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Vincular una cuenta bancaria' }),
    ).toHaveAttribute('href', '/profile#banks');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Agregar dinero de prueba' }),
    );
    await user.type(within(dialog).getByLabelText('Monto a agregar'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar dinero' }));
    expect(await within(dialog).findByText(/Agregamos \$25\.00/)).toBeVisible();
    expect(calls.find((call) => call.path === '/api/wallet/test-deposit')?.body).toEqual({
      amount: 2500,
    });
  });

  it('hides test money in live mode', async () => {
    serve({
      extra: (call) =>
        call.path === '/api/features'
          ? {
              body: {
                mode: 'live',
                remittances: false,
                billPay: false,
                bankAccount: true,
                cards: false,
                externalSignIn: null,
                identityVerification: true,
                linkedBanks: true,
                phoneVerification: true,
                cardFunding: true,
                checkDeposits: true,
              },
            }
          : undefined,
    });
    await openHome('es');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar dinero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar dinero' });
    expect(await within(dialog).findByText(/Vincula una cuenta bancaria/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Agregar dinero de prueba' })).toBeNull();
  });
});

describe('the greeting', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('welcomes a new account and greets a returning one, by first name, without a gender', () => {
    const justNow = new Date(now - 1000).toISOString();
    const longAgo = new Date(now - NEW_ACCOUNT_MS - 1).toISOString();
    expect(greetingOf({ name: 'María Pérez', createdAt: justNow }, now)).toEqual({
      hello: 'helloNamed',
      name: 'María',
      line: 'welcomeNew',
    });
    expect(greetingOf({ name: 'María Pérez', createdAt: longAgo }, now).line).toBe('welcomeBack');
    expect(greetingOf({ name: '  ', createdAt: longAgo }, now).hello).toBe('hello');
    // "Te damos la bienvenida" welcomes anyone; "¡Bienvenido!" / "Bienvenida" guesses a gender.
    for (const text of Object.values(esDashboard.greeting)) {
      expect(text).not.toMatch(/(^|¡)\s*bienvenid[oa]s?\b/i);
    }
  });
});
