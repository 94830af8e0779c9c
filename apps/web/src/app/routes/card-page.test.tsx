import type { UserProfile } from '@pago/shared/contracts/accounts';
import type { UsAddress } from '@pago/shared/contracts/address';
import type { CardDispute } from '@pago/shared/contracts/card-disputes';
import {
  CARD_DECLINE_REASONS,
  type Card,
  type CardSecureToken,
} from '@pago/shared/contracts/cards';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';
import enActivity from '@/locales/en/activity.json';
import esActivity from '@/locales/es/activity.json';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

const CARD_ID = 'c0000000-0000-4000-8000-000000000001';
const NEW_ID = 'c0000000-0000-4000-8000-000000000002';

function makeCard(overrides: Partial<Card> = {}): Card {
  return {
    id: CARD_ID,
    type: 'virtual',
    status: 'active',
    last4: '4242',
    expMonth: 4,
    expYear: 2029,
    limits: { dailyPurchaseCents: cents(250_000), dailyWithdrawalCents: cents(50_000) },
    shipping: null,
    replacesCardId: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

const REVEALED: CardSecureToken = {
  token: 'customer-token',
  expiresIn: 300,
  scope: 'cards-sensitive',
  partnerCardId: '77',
  vault: {
    vaultId: 'sandbox-vault',
    environment: 'sandbox',
    showScriptUrl: '/sandbox/unit/vgs/vgs-show.js',
    collectScriptUrl: '/sandbox/unit/vgs/vgs-collect.js',
  },
  expMonth: 4,
  expYear: 2029,
  hideAt: '2026-11-23T12:01:00.000Z',
};

/** The texted code the fake server takes at the second step. */
const TEXTED = '246810';
/** The second step: the texted code with the verification, else Unit's refusal (422). */
function secondStep(call: ApiCall, answer: CardSecureToken = REVEALED): Answer | undefined {
  if (call.path !== `/api/cards/${CARD_ID}/secure-token`) return undefined;
  const { verificationToken, verificationCode } = call.body as {
    verificationToken: string;
    verificationCode: string;
  };
  return verificationToken === 'vt-1' && verificationCode === TEXTED
    ? { body: answer }
    : apiError(422, 'card_verification_failed');
}
const VERIFICATION = { body: { verificationToken: 'vt-1', channel: 'sms' } };

/**
 * The partner's secure frames, as the page drives them (VGS Show / Collect): each request and
 * field recorded; the "frame" writes what the vault would show into its element.
 */
const vault = {
  shown: [] as Record<string, unknown>[],
  submitted: [] as Record<string, unknown>[],
};
beforeEach(() => {
  vault.shown = [];
  vault.submitted = [];
  window.VGSShow = {
    create: () => {
      const show = {
        setEnvironment: () => show,
        request: (options: Record<string, unknown>) => ({
          render: (selector: string) => {
            vault.shown.push(options);
            const host = document.querySelector(selector);
            if (host)
              host.textContent = options.name === 'card-pan' ? '4111 2222 3333 4242' : '123';
          },
        }),
      };
      return show;
    },
  };
  window.VGSCollect = {
    create: (_vault, _environment, callback) => ({
      field: (selector: string) => {
        const host = document.querySelector(selector);
        if (host) host.textContent = 'secure PIN field';
        callback?.({ pin: { isValid: true } });
        return {};
      },
      submit: (path, options, done) => {
        vault.submitted.push({ path, ...options });
        done(200, {});
      },
    }),
  };
});
afterEach(() => {
  delete window.VGSShow;
  delete window.VGSCollect;
});

const DISPUTE: CardDispute = {
  id: 'dsp-1',
  transferId: '0190a1b2-0000-7000-8000-0000000000b1',
  reason: 'wrong_amount',
  description: 'Me cobraron de más',
  status: 'open',
  disputedCents: cents(1450),
  correctAmountCents: cents(2550),
  merchant: 'Café Luna',
  last4: '4242',
  creditDueAt: '2026-11-16T14:00:00.000Z',
  reversalDueAt: null,
  owedCents: null,
  steps: [{ step: 'opened', at: '2026-11-02T15:00:00.000Z' }],
  createdAt: '2026-11-02T15:00:00.000Z',
};

function cardTransfer(overrides: Partial<Transfer>): Transfer {
  return {
    id: 'tr-1',
    reference: '7KQ2MX9C4T',
    kind: 'card_purchase',
    status: 'processing',
    direction: 'out',
    amountCents: cents(1234),
    feeCents: cents(0),
    totalCents: cents(1234),
    counterparty: null,
    createdAt: '2026-11-23T12:00:00.000Z',
    details: {
      cardId: CARD_ID,
      last4: '4242',
      authorizationId: 'auth-1',
      merchantName: 'Café Luna',
      merchantCity: 'Austin',
      authorizedCents: 1234,
    },
    ...overrides,
  };
}

/** $40.00 from an out-of-network ATM, with its $2.50 fee. */
const ATM_WITHDRAWAL = cardTransfer({
  id: 'tr-atm',
  kind: 'card_atm_withdrawal',
  status: 'completed',
  amountCents: cents(4000),
  feeCents: cents(250),
  totalCents: cents(4250),
  details: {
    cardId: CARD_ID,
    last4: '4242',
    authorizationId: 'auth-3',
    atmName: 'Cajero Centro',
    atmCity: 'Houston',
    network: 'out',
    authorizedCents: 4000,
  },
});

const HOME: UsAddress = {
  street: '100 Main St',
  street2: null,
  city: 'Miami',
  state: 'FL',
  postalCode: '33101',
};
const HOME_LINE = '100 Main St, Miami, FL 33101';

type Server = {
  cards?: Card[];
  profile?: Partial<UserProfile>;
  bankAccount?: boolean;
  features?: Record<string, unknown>;
  activity?: Transfer[];
  disputes?: CardDispute[];
  /** Answers first: the test's own routes (POSTs). */
  extra?: (call: ApiCall, state: { cards: Card[] }) => Answer | undefined;
};

/** The server for the card page: `cards` is state the test's `extra` may change. */
function serve({
  cards = [],
  profile = {},
  bankAccount = true,
  features = {},
  activity = [],
  disputes = [],
  extra,
}: Server = {}) {
  const state = { cards };
  const calls = stubApi((call) => {
    const answer = extra?.(call, state);
    if (answer) return answer;
    if (call.path === '/api/user/profile') return { body: makeProfile(profile) };
    if (call.path === '/api/cards' && call.method === 'GET')
      return { body: { cards: state.cards } };
    if (call.path === '/api/unit/accounts/me') {
      return bankAccount
        ? {
            body: {
              id: 'b1',
              accountNumber: '••••6789',
              routingNumber: '812345678',
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          }
        : apiError(404, 'not_found');
    }
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 5000, availableBalanceCents: 3766, currency: 'USD' } };
    }
    if (call.path.startsWith('/api/transactions?')) {
      return { body: { items: activity, nextCursor: null } };
    }
    if (call.path === '/api/cards/disputes' && call.method === 'GET') {
      return { body: { disputes } };
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
          ...features,
        },
      };
    }
    return undefined;
  });
  return { calls, state };
}

async function openCardPage(language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp('/card', language);
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Tu tarjeta' : 'Your card',
  });
  return view;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the card page', () => {
  it('has words for every decline reason in Spanish and English', () => {
    for (const reason of CARD_DECLINE_REASONS) {
      expect(esActivity.card.declined).toHaveProperty(reason);
      expect(enActivity.card.declined).toHaveProperty(reason);
    }
  });

  it('orders a virtual card, free and at once, under an Idempotency-Key, and shows it', async () => {
    const { calls } = serve({
      extra: (call, state) => {
        if (call.method === 'POST' && call.path === '/api/cards') {
          const card = makeCard();
          state.cards = [card];
          return { status: 201, body: card };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    expect(await screen.findByText('La tarjeta de débito Pago')).toBeInTheDocument();
    expect(
      screen.getByText(/Reponer una tarjeta perdida o robada cuesta \$5\.00/),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pedir tarjeta virtual' }));

    expect(await screen.findByText('Tu tarjeta virtual •••• 4242 está lista.')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: /Tarjeta de débito Pago Virtual terminada en 4242, vence 04\/29\. Activa/,
      }),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/cards');
    expect(post?.body).toEqual({ type: 'virtual' });
    expect(post?.headers['idempotency-key']).toMatch(/.{16,}/);
    // The physical card can still be ordered.
    expect(screen.getByRole('button', { name: 'Pedir tarjeta física' })).toBeEnabled();
  });

  it('orders a physical card to the profile address, with the expedited fee in the confirmation', async () => {
    const { calls } = serve({
      extra: (call, state) => {
        if (call.method === 'POST' && call.path === '/api/cards') {
          const card = makeCard({
            type: 'physical',
            status: 'inactive',
            last4: '1111',
            shipping: { speed: 'expedited', address: '100 Main St, Miami, FL 33101' },
          });
          state.cards = [card];
          return { status: 201, body: card };
        }
        return undefined;
      },
    });
    await openCardPage('en');
    expect(await screen.findByText('100 Main St, Miami, FL 33101')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a physical card' }));
    expect(screen.getByText('Fee: free.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Expedited delivery: $15.00' }));
    expect(
      screen.getByText('Expedited delivery fee: $15.00, from your balance.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));

    expect(await screen.findByText(/We ordered your physical card •••• 1111/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'physical',
      shipping: 'expedited',
    });
    expect(
      await screen.findByText('On its way: activate it when it arrives at your home.'),
    ).toBeInTheDocument();
  });

  it('asks for the home address in place (ZIP prefilled), then orders the physical card', async () => {
    let saved = false;
    const { calls } = serve({
      profile: { address: null, homeAddress: null, zipCode: '33101' },
      extra: (call, state) => {
        if (call.method === 'PUT' && call.path === '/api/user/address') {
          saved = true;
          return { body: makeProfile({ homeAddress: HOME, address: HOME_LINE }) };
        }
        if (call.path === '/api/user/profile' && saved) {
          return { body: makeProfile({ homeAddress: HOME, address: HOME_LINE }) };
        }
        if (call.method === 'POST' && call.path === '/api/cards') {
          const card = makeCard({
            type: 'physical',
            status: 'inactive',
            last4: '2222',
            shipping: { speed: 'standard', address: HOME_LINE },
          });
          state.cards = [card];
          return { status: 201, body: card };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir tarjeta física' }));
    const step = await screen.findByRole('region', { name: 'Tu dirección' });
    expect(within(step).getByText(/para enviarte tu tarjeta/)).toBeInTheDocument();
    expect(within(step).getByRole('textbox', { name: /Código postal/ })).toHaveValue('33101');
    await userEvent.type(
      within(step).getByRole('textbox', { name: /Calle y número/ }),
      HOME.street,
    );
    await userEvent.type(within(step).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await userEvent.selectOptions(
      within(step).getByRole('combobox', { name: /Estado/ }),
      'Florida',
    );
    await userEvent.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));

    // Straight on to the shipping choice: the order goes on where it was.
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar pedido' }));
    expect(await screen.findByText(/Pedimos tu tarjeta física •••• 2222/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject(HOME);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { type: 'physical', shipping: 'standard' },
    ]);
  });

  it('asks for the phone the bank asks for on ordering, then sends the same order again', async () => {
    let posts = 0;
    const { calls } = serve({
      profile: { phone: null, phone_verified: false },
      extra: (call, state) => {
        if (call.path === '/api/phone/send-code') {
          return { body: { success: true, expiresInSeconds: 600 } };
        }
        if (call.path === '/api/phone/verify') {
          return { body: { success: true, verified: true, phone: '+13055550123' } };
        }
        if (call.method === 'POST' && call.path === '/api/cards') {
          posts += 1;
          if (posts === 1) return apiError(422, 'phone_required', 'Add your phone number first');
          const card = makeCard({ type: 'virtual', status: 'active', last4: '3333' });
          state.cards = [card];
          return { status: 201, body: card };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir tarjeta virtual' }));
    const step = await screen.findByRole('region', { name: 'Verifica tu teléfono' });
    await userEvent.type(within(step).getByLabelText('Tu número de teléfono'), '3055550123');
    await userEvent.click(within(step).getByRole('button', { name: 'Enviar código' }));
    await userEvent.type(await within(step).findByLabelText('Código de verificación'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText(/Tu tarjeta virtual •••• 3333 está lista/)).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/cards'),
    ).toHaveLength(2);
  });

  it('says what is missing first: the address, the bank account, the identity, live mode', async () => {
    serve({ profile: { address: null, homeAddress: null }, bankAccount: false });
    const view = await openCardPage('es');
    expect(
      await screen.findByText(
        'Tu tarjeta gasta tu saldo. Primero abre tus datos de cuenta (número de cuenta y de ruta): se abren solos al verlos.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis datos de cuenta' })).toHaveAttribute(
      'href',
      '/direct-deposit',
    );
    // The address is asked in place when ordering (below), never a trip to the profile.
    expect(
      screen.getByText('Para enviarte la tarjeta física necesitamos tu domicilio.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /domicilio|perfil/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pedir tarjeta virtual' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pedir tarjeta física' })).toBeDisabled();
    view.unmount();
    resetQueryClient();

    serve({
      profile: { kyc_status: 'pending', plaidIdentityStatus: null },
      bankAccount: false,
    });
    const unverified = await openCardPage('en');
    expect(
      await screen.findByText('To get your card, verify your identity first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute(
      'href',
      '/onboarding/verify',
    );
    unverified.unmount();
    resetQueryClient();

    serve({ features: { cards: false } });
    await openCardPage('es');
    expect(await screen.findByText(/no está disponible en modo real/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir tarjeta virtual' })).toBeDisabled();
  });

  it("shows the server's refusal in words", async () => {
    serve({
      extra: (call) =>
        call.method === 'POST' && call.path === '/api/cards'
          ? apiError(409, 'card_already_exists')
          : undefined,
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir tarjeta virtual' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya tienes una tarjeta de este tipo.',
    );
  });

  it('shows the numbers after the password and the texted code for 60 seconds, then hides them', async () => {
    const { calls } = serve({
      cards: [makeCard()],
      extra: (call) => {
        if (call.path === `/api/cards/${CARD_ID}/secure-token/verification`) {
          const { password } = call.body as { password: string };
          return password === 'correct horse' ? VERIFICATION : apiError(401, 'invalid_credentials');
        }
        return secondStep(call);
      },
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver números' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver los números de tu tarjeta' });
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La contraseña no es correcta.',
    );
    // A wrong password is not an expired session: still signed in.
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(screen.queryByTestId('card-pan')).toBeNull();

    await userEvent.clear(within(dialog).getByLabelText(/Contraseña/));
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      await within(dialog).findByText(/Te enviamos un código por mensaje de texto/),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      password: 'correct horse',
      purpose: 'show',
      locale: 'es',
    });
    const texted = within(dialog).getByLabelText(/Código del mensaje de texto/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver números' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Escribe el código que te enviamos',
    );
    await userEvent.type(texted, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver números' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El código no es correcto o ya venció.',
    );
    await userEvent.clear(texted);
    await userEvent.type(texted, TEXTED);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver números' }));

    expect(await screen.findByTestId('card-pan')).toHaveTextContent('4111 2222 3333 4242');
    expect(screen.getByTestId('card-cvv')).toHaveTextContent('123');
    expect(screen.getByTestId('card-expiry')).toHaveTextContent('04/29');
    expect(screen.getByRole('timer')).toHaveTextContent('Se ocultan en 60 segundos');
    expect(calls.at(-1)?.headers.authorization).toBe('Bearer test-token');
    expect(calls.at(-1)?.body).toEqual({
      purpose: 'show',
      verificationToken: 'vt-1',
      verificationCode: TEXTED,
    });
    // The number and CVV come from the vault into the partner's frames, with its token.
    expect(vault.shown.map((request) => [request.path, request.headers])).toEqual([
      ['/cards/77/secure-data/pan', { Authorization: 'Bearer customer-token' }],
      ['/cards/77/secure-data/cvv', { Authorization: 'Bearer customer-token' }],
    ]);

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Se ocultan en 30 segundos');
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(screen.queryByTestId('card-pan')).toBeNull());
    expect(screen.queryByText('123')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver números' })).toBeInTheDocument();
  });

  it('asks the two-step code too when the account has codes on, and sends it', async () => {
    const { calls } = serve({
      cards: [makeCard()],
      extra: (call) => {
        if (call.path !== `/api/cards/${CARD_ID}/secure-token/verification`) {
          return secondStep(call);
        }
        const { twoStepCode } = call.body as { twoStepCode?: string };
        if (!twoStepCode) return apiError(403, 'two_step_required');
        return twoStepCode === '123456' ? VERIFICATION : apiError(400, 'invalid_two_step_code');
      },
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver números' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver los números de tu tarjeta' });
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const code = await within(dialog).findByLabelText('Código de seguridad');
    await userEvent.type(code, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ese código no es válido');
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(calls.at(-1)?.body).toEqual({
      password: 'correct horse',
      purpose: 'show',
      locale: 'es',
      twoStepCode: '123456',
    });
    await userEvent.type(
      await within(dialog).findByLabelText(/Código del mensaje de texto/),
      TEXTED,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver números' }));
    expect(await screen.findByTestId('card-pan')).toHaveTextContent('4111 2222 3333 4242');
  });

  it('freezes and unfreezes the card at once, and says so on the card', async () => {
    const { calls } = serve({
      cards: [makeCard()],
      extra: (call, state) => {
        const match = /^\/api\/cards\/[^/]+\/(freeze|unfreeze)$/.exec(call.path);
        if (call.method === 'POST' && match) {
          const card = makeCard({ status: match[1] === 'freeze' ? 'frozen' : 'active' });
          state.cards = [card];
          return { body: card };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    const toggle = await screen.findByRole('switch', { name: 'Congelar tarjeta' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Congelamos tu tarjeta.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Congelar tarjeta' })).toBeChecked(),
    );
    expect(screen.getByTestId('card-status')).toHaveTextContent(/^Congelada:/);
    expect(screen.getByRole('img', { name: /Congelada\.$/ })).toBeInTheDocument();
    expect(screen.getByText('CONGELADA')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Congelar tarjeta' }));
    expect(await screen.findByText('Descongelamos tu tarjeta.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/cards/${CARD_ID}/freeze`,
      `/api/cards/${CARD_ID}/unfreeze`,
    ]);
  });

  it('reports a lost physical card with the replacement and expedited fees, and shows the new card', async () => {
    const physical = makeCard({
      type: 'physical',
      shipping: { speed: 'standard', address: '100 Main St, Miami, FL 33101' },
    });
    const { calls } = serve({
      cards: [physical],
      extra: (call, state) => {
        if (call.method === 'POST' && call.path === `/api/cards/${CARD_ID}/report-lost`) {
          const closed = { ...physical, status: 'stolen' as const };
          const replacement = makeCard({
            id: NEW_ID,
            type: 'physical',
            status: 'inactive',
            last4: '9876',
            replacesCardId: CARD_ID,
          });
          state.cards = [replacement, closed];
          return { body: { closed, replacement, feeCents: 2000 } };
        }
        return undefined;
      },
    });
    await openCardPage('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Report lost or stolen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report card •••• 4242' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'It was stolen' }));
    expect(
      within(dialog).getByRole('button', { name: 'Report and replace ($5.00)' }),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Expedited delivery: $15.00' }),
    );
    expect(within(dialog).getByText('$20.00')).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Report and replace ($20.00)' }),
    );

    expect(
      await screen.findByText('We closed card •••• 4242. Your new card ends in 9876.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Physical card •••• 9876' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Physical card •••• 4242' })).toBeNull();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ reason: 'stolen', shipping: 'expedited' });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it('activates a physical card with its last four and expiry, saying when they do not match', async () => {
    const { calls } = serve({
      cards: [makeCard({ type: 'physical', status: 'inactive' })],
      extra: (call, state) => {
        if (call.path === `/api/cards/${CARD_ID}/activate`) {
          const body = call.body as { last4: string };
          if (body.last4 !== '4242') return apiError(422, 'card_activation_failed');
          state.cards = [makeCard({ type: 'physical' })];
          return { body: state.cards[0] };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    expect(screen.queryByRole('button', { name: 'Ver números' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Activar tarjeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activa tu tarjeta física' });
    await userEvent.type(within(dialog).getByLabelText(/Últimos 4 dígitos/), '1234');
    await userEvent.type(within(dialog).getByLabelText(/^Vencimiento/), '13/29');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('como mes/año');

    await userEvent.clear(within(dialog).getByLabelText(/^Vencimiento/));
    await userEvent.type(within(dialog).getByLabelText(/^Vencimiento/), '04/29');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'no coinciden con tu tarjeta',
    );

    await userEvent.clear(within(dialog).getByLabelText(/Últimos 4 dígitos/));
    await userEvent.type(within(dialog).getByLabelText(/Últimos 4 dígitos/), '4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('Tu tarjeta está activa.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/activate')).at(-1)?.body).toEqual({
      last4: '4242',
      expMonth: 4,
      expYear: 2029,
    });
    expect(await screen.findByRole('button', { name: 'Crear PIN' })).toBeInTheDocument();
  });

  it('sets the PIN in the partner’s secure field after the password, and lowers the daily limits never above the maximum', async () => {
    const { calls } = serve({
      cards: [makeCard({ type: 'physical' })],
      extra: (call) => {
        if (call.path === `/api/cards/${CARD_ID}/secure-token/verification`) return VERIFICATION;
        if (call.path === `/api/cards/${CARD_ID}/secure-token`) {
          return secondStep(call, { ...REVEALED, scope: 'cards-sensitive-write' });
        }
        if (call.method === 'PATCH' && call.path === `/api/cards/${CARD_ID}/limits`) {
          return { body: makeCard({ type: 'physical' }) };
        }
        return undefined;
      },
    });
    await openCardPage('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Set PIN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Set your card PIN' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your password.');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/We sent you a code by text message/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/Code from the text message/), TEXTED);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('card-pin-field')).toHaveTextContent(
      'secure PIN field',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Your PIN is saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/verification'))?.body).toEqual({
      password: 'correct horse',
      purpose: 'pin',
      locale: 'en',
    });
    expect(calls.find((call) => call.path.endsWith('/secure-token'))?.body).toEqual({
      purpose: 'pin',
      verificationToken: 'vt-1',
      verificationCode: TEXTED,
    });
    // The PIN went from the secure field to the vault; Pago's API never had it.
    expect(vault.submitted).toEqual([
      expect.objectContaining({
        path: '/cards/77/secure-data/pin',
        method: 'PUT',
        headers: { Authorization: 'Bearer customer-token' },
      }),
    ]);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Daily limits' }));
    dialog = await screen.findByRole('dialog', { name: "Your card's daily limits" });
    expect(within(dialog).getByText('Maximum $2,500.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum $500.00')).toBeInTheDocument();
    const withdrawals = within(dialog).getByLabelText(/ATM withdrawals per day/);
    await userEvent.clear(withdrawals);
    await userEvent.type(withdrawals, '600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'ATM withdrawals per day: enter an amount between $1.00 and $500.00.',
    );
    await userEvent.clear(withdrawals);
    await userEvent.type(withdrawals, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Your limits are saved.')).toBeInTheDocument();

    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      dailyPurchaseCents: 250_000,
      dailyWithdrawalCents: 20_000,
    });
  });

  it("lists the card's transactions: the place, a pending hold, the amount charged after a tip, a decline", async () => {
    serve({
      cards: [makeCard()],
      activity: [
        cardTransfer({ id: 'tr-hold' }),
        cardTransfer({
          id: 'tr-tip',
          status: 'completed',
          amountCents: cents(1400),
          totalCents: cents(1400),
          details: {
            cardId: CARD_ID,
            last4: '4242',
            authorizationId: 'auth-2',
            merchantName: 'Taquería Sol',
            merchantCity: 'Dallas',
            authorizedCents: 1234,
            clearedCents: 1400,
          },
        }),
        ATM_WITHDRAWAL,
        cardTransfer({
          id: 'tr-declined',
          status: 'failed',
          details: {
            cardId: CARD_ID,
            last4: '4242',
            merchantName: 'Librería',
            merchantCity: 'Austin',
            declineReason: 'card_frozen',
          },
        }),
        // Another person's or another card's transfer is not this card's.
        cardTransfer({ id: 'tr-other', details: { cardId: 'someone-else', last4: '0000' } }),
        { ...cardTransfer({ id: 'tr-p2p' }), kind: 'p2p', details: {} },
      ],
    });
    await openCardPage('es');
    const list = await screen.findByRole('region', { name: 'Movimientos de tu tarjeta' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Compra con tarjeta');
    expect(rows[0]).toHaveTextContent('Café Luna, Austin · •••• 4242');
    expect(rows[0]).toHaveTextContent('Pendiente');
    expect(rows[0]).toHaveTextContent('−$12.34');
    expect(rows[1]).toHaveTextContent('Autorizado $12.34 · Cobrado $14.00');
    expect(rows[1]).toHaveTextContent('Completada');
    expect(rows[2]).toHaveTextContent('Cajero Centro, Houston · •••• 4242');
    // The ATM fee is a line of its own under the cash.
    expect(rows[2]).toHaveTextContent('−$40.00');
    expect(within(rows[2] as HTMLElement).getByTestId('atm-fee-line')).toHaveTextContent(
      'Comisión del cajero−$2.50',
    );
    expect(rows[3]).toHaveTextContent('Rechazada: tu tarjeta está congelada.');
  });

  it("opens a card transfer's receipt: the ATM, its network, the card, the fee", async () => {
    const atm = ATM_WITHDRAWAL;
    serve({
      cards: [makeCard()],
      activity: [atm],
      extra: (call) =>
        call.path === '/api/transactions/tr-atm'
          ? {
              body: {
                ...atm,
                statusHistory: [{ status: 'completed', at: atm.createdAt, note: null }],
              },
            }
          : undefined,
    });
    await openCardPage('es');
    await userEvent.click(
      await screen.findByRole('button', { name: /Retiro en cajero automático/ }),
    );
    const receipt = await screen.findByRole('dialog', { name: 'Comprobante' });
    const row = (label: string) =>
      within(receipt).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await within(receipt).findByText('Cajero Centro, Houston')).toBeInTheDocument();
    expect(row('Tarjeta')).toBe('•••• 4242');
    expect(row('Red del cajero')).toBe('Fuera de la red');
    expect(row('Comisión')).toBe('$2.50');
    expect(row('Total')).toBe('$42.50');
    expect(within(receipt).getByText('Se cobró el cargo.')).toBeInTheDocument();
  });

  it('disputes a card charge from its receipt: the reason, the right amount, a review, then sent', async () => {
    const purchase = cardTransfer({
      id: '0190a1b2-0000-7000-8000-0000000000b1',
      status: 'completed',
      amountCents: cents(4000),
      totalCents: cents(4000),
    });
    const { calls } = serve({
      cards: [makeCard()],
      activity: [purchase],
      extra: (call) => {
        if (call.path === '/api/transactions/0190a1b2-0000-7000-8000-0000000000b1') {
          return {
            body: {
              ...purchase,
              statusHistory: [{ status: 'completed', at: purchase.createdAt, note: null }],
            },
          };
        }
        if (call.path === '/api/cards/disputes' && call.method === 'POST') {
          return { status: 201, body: DISPUTE };
        }
        return undefined;
      },
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: /Compra con tarjeta/ }));
    const receipt = await screen.findByRole('dialog', { name: 'Comprobante' });
    await userEvent.click(
      await within(receipt).findByRole('button', { name: 'Disputar este cargo' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Disputar un cargo' });
    expect(within(form).getByText(/Cargo de \$40\.00 en Café Luna/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Elige qué pasó con este cargo.');
    await userEvent.click(within(form).getByLabelText('El monto es incorrecto'));
    await userEvent.type(within(form).getByLabelText(/Monto correcto/), '40');
    await userEvent.type(within(form).getByLabelText(/Describe lo que pasó/), 'Me cobraron de más');
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('menor que $40.00');
    await userEvent.clear(within(form).getByLabelText(/Monto correcto/));
    await userEvent.type(within(form).getByLabelText(/Monto correcto/), '25.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(within(form).getByText('Monto correcto: $25.50')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar disputa' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Abrimos tu disputa del cargo de Café Luna.',
    );
    const posted = calls.find(
      (call) => call.path === '/api/cards/disputes' && call.method === 'POST',
    );
    expect(posted?.body).toEqual({
      transferId: '0190a1b2-0000-7000-8000-0000000000b1',
      reason: 'wrong_amount',
      description: 'Me cobraron de más',
      correctAmountCents: 2550,
    });
    expect(posted?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the disputes on the card page with each step', async () => {
    serve({
      cards: [makeCard()],
      disputes: [
        {
          ...DISPUTE,
          status: 'provisionally_credited',
          steps: [
            { step: 'opened', at: '2026-11-02T15:00:00.000Z' },
            {
              step: 'provisionally_credited',
              at: '2026-11-10T15:00:00.000Z',
              amountCents: cents(1450),
            },
          ],
        },
      ],
    });
    await openCardPage('es');
    const list = await screen.findByRole('region', { name: 'Tus disputas' });
    const item = await within(list).findByTestId('card-dispute');
    expect(item).toHaveTextContent('Café Luna · $14.50');
    expect(item).toHaveTextContent('Crédito provisional');
    expect(item).toHaveTextContent('abriste la disputa');
    expect(item).toHaveTextContent('te dimos un crédito provisional de $14.50');
  });

  it('offers no "Ver números" when the server cannot give the secure frames a token', async () => {
    serve({ cards: [makeCard()], features: { cardSecureData: false } });
    await openCardPage('es');
    await screen.findByTestId('card-status');
    expect(screen.queryByRole('button', { name: 'Ver números' })).toBeNull();
  });

  it('says to call the number on the card when the server cannot activate it (live mode)', async () => {
    serve({
      cards: [makeCard({ type: 'physical', status: 'inactive' })],
      features: { cardActivation: false },
    });
    await openCardPage('es');
    expect(await screen.findByTestId('card-activate-by-phone')).toHaveTextContent(
      'llama al número que aparece en el reverso de tu tarjeta',
    );
    expect(screen.queryByRole('button', { name: 'Activar tarjeta' })).toBeNull();
  });

  it('hides the numbers when the person leaves the page', async () => {
    serve({
      cards: [makeCard()],
      extra: (call) => (call.path.endsWith('/verification') ? VERIFICATION : secondStep(call)),
    });
    await openCardPage('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver números' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await userEvent.type(
      await within(dialog).findByLabelText(/Código del mensaje de texto/),
      TEXTED,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver números' }));
    expect(await screen.findByTestId('card-pan')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Inicio' }));
    await screen.findByRole('heading', { level: 1, name: /Hola/ });
    await userEvent.click(await screen.findByRole('link', { name: 'Ver mi tarjeta' }));
    await screen.findByRole('heading', { level: 1, name: 'Tu tarjeta' });
    expect(await screen.findByRole('button', { name: 'Ver números' })).toBeInTheDocument();
    expect(screen.queryByTestId('card-pan')).toBeNull();
    expect(screen.queryByText('4111 2222 3333 4242')).toBeNull();
  });

  it("puts a tile on the home screen: the card's last four and status, or an invitation", async () => {
    serve({ cards: [makeCard({ status: 'frozen' })] });
    localStorage.setItem('token', 'test-token');
    const view = await renderApp('/dashboard', 'es');
    expect(await screen.findByText('Tarjeta virtual •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Congelada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mi tarjeta' })).toHaveAttribute('href', '/card');
    view.unmount();
    resetQueryClient();

    serve({ cards: [makeCard({ status: 'closed' })] });
    await renderApp('/dashboard', 'en');
    expect(
      await screen.findByText('Pay in stores and online with your balance.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get your card' })).toHaveAttribute('href', '/card');
  });
});
