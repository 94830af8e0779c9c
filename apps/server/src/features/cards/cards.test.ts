import { CARD_DAILY_LIMITS } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { openBankAccount, tickUntil, unitFake } from '../../../test/banking-helpers';
import { purchase, type TestCard } from '../../../test/card-helpers';
import { balanceOf, type MoneyUser, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { totpCode, totpStep } from '../accounts/totp';
import type { PartnerEvent } from '../banking/banking-partner';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The SDK calls the Unit fake over HTTP.
  app = await buildTestApp(db, { logLevel: 'error' }, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

const send = (
  user: { token: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

/** The code the Unit fake last texted (the sandbox SMS outbox, newest first). */
async function lastTextedCode(): Promise<string> {
  const [message] = (await app.inject({ url: '/sandbox/sms/messages?limit=1' })).json();
  return message.code;
}
/** Both steps: the password, then the texted code; the second step's answer. */
async function secureToken(user: MoneyUser, cardId: string, purpose: 'show' | 'pin') {
  const url = `/api/cards/${cardId}/secure-token`;
  const verification = await send(user, 'POST', `${url}/verification`, {
    password: user.password,
    purpose,
  });
  expect(verification.statusCode, verification.body).toBe(200);
  return send(user, 'POST', url, {
    purpose,
    verificationToken: verification.json().verificationToken,
    verificationCode: await lastTextedCode(),
  });
}

/** A verified user with a bank account at the partner and `cents` of test money. */
async function bankedUser(cents = 0): Promise<MoneyUser> {
  const user = await verifiedUser(app, db, cents);
  await openBankAccount(app, user);
  return user;
}
async function issue(user: MoneyUser, body: object, key?: string) {
  return moneyPost(app, user, '/api/cards', body, key);
}
async function partnerCard(cardId: string) {
  const row = await db
    .selectFrom('cards')
    .select('partner_card_id')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  return db
    .selectFrom('sandbox_unit_cards')
    .selectAll()
    .where('id', '=', row.partner_card_id)
    .executeTakeFirstOrThrow();
}
async function feeTransfers(userId: string) {
  return db
    .selectFrom('ledger_transfers')
    .select(['amount_cents', 'metadata'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'card_fee')
    .execute();
}

describe('issuing a card', () => {
  it('issues a virtual card at once: active, last four and expiry only, default limits', async () => {
    const user = await bankedUser();
    const answer = await issue(user, { type: 'virtual' });
    expect(answer.statusCode, answer.body).toBe(201);
    const card = answer.json();
    expect(card).toMatchObject({
      type: 'virtual',
      status: 'active',
      shipping: null,
      replacesCardId: null,
      limits: {
        dailyPurchaseCents: CARD_DAILY_LIMITS.purchaseCents,
        dailyWithdrawalCents: CARD_DAILY_LIMITS.withdrawalCents,
      },
    });
    const atPartner = await partnerCard(card.id);
    expect(atPartner.pan.slice(-4)).toBe(card.last4);
    expect(atPartner.status).toBe('Active');
    expect(JSON.stringify(card)).not.toContain(atPartner.pan);
    const row = await db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(atPartner.pan);
    const list = await send(user, 'GET', '/api/cards');
    expect(list.json().cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
  });

  it('replays the same card for the same key, and refuses a second open card of the type', async () => {
    const user = await bankedUser();
    const first = await issue(user, { type: 'virtual' }, 'same-key-1');
    const again = await issue(user, { type: 'virtual' }, 'same-key-1');
    expect(again.body).toBe(first.body);
    const second = await issue(user, { type: 'virtual' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('card_already_exists');
    expect((await send(user, 'GET', '/api/cards')).json().cards).toHaveLength(1);
  });

  it('ships a physical card to the home address; expedited delivery charges its fee once', async () => {
    const user = await bankedUser(5_000);
    const answer = await issue(user, { type: 'physical', shipping: 'expedited' }, 'physical-1');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      type: 'physical',
      status: 'inactive',
      shipping: { speed: 'expedited', address: '350 Fifth Avenue, New York, NY 10118' },
    });
    await issue(user, { type: 'physical', shipping: 'expedited' }, 'physical-1');
    expect(await balanceOf(app, user)).toBe(5_000 - CARD_FEES.expeditedDelivery);
    expect(await feeTransfers(user.id)).toEqual([
      {
        amount_cents: CARD_FEES.expeditedDelivery,
        metadata: expect.objectContaining({
          fee: 'expedited_delivery',
          last4: answer.json().last4,
        }),
      },
    ]);
    const atPartner = await partnerCard(answer.json().id);
    expect(atPartner.shipping_address).toMatchObject({ street: '350 Fifth Avenue', state: 'NY' });
  });

  it('refuses an expedited card the wallet cannot pay, before asking the partner', async () => {
    const user = await bankedUser(100);
    const answer = await issue(user, { type: 'physical', shipping: 'expedited' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('insufficient_funds');
    expect((await send(user, 'GET', '/api/cards')).json().cards).toEqual([]);
    expect(await balanceOf(app, user)).toBe(100);
  });

  it('needs the bank account first, and a verified identity', async () => {
    const user = await verifiedUser(app, db);
    const answer = await issue(user, { type: 'virtual' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('bank_account_required');
  });

  it('refuses strictly: an unknown type or field is a 400', async () => {
    const user = await bankedUser();
    for (const body of [{ type: 'gold' }, { type: 'virtual', color: 'red' }, {}]) {
      const answer = await issue(user, body);
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe('a card in use', () => {
  async function withCard(cents = 0) {
    const user = await bankedUser(cents);
    const card = (await issue(user, { type: 'virtual' })).json();
    return { user, card };
  }

  it('freezes and unfreezes at once, at the partner too; twice is the same answer', async () => {
    const { user, card } = await withCard();
    const frozen = await send(user, 'POST', `/api/cards/${card.id}/freeze`);
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().status).toBe('frozen');
    expect((await partnerCard(card.id)).status).toBe('Frozen');
    expect((await send(user, 'POST', `/api/cards/${card.id}/freeze`)).json().status).toBe('frozen');
    const unfrozen = await send(user, 'POST', `/api/cards/${card.id}/unfreeze`);
    expect(unfrozen.json().status).toBe('active');
    expect((await partnerCard(card.id)).status).toBe('Active');
  });

  it('gives the browser a card-scoped partner token after the password and a texted code; Pago answers no numbers', async () => {
    const { user, card } = await withCard();
    const url = `/api/cards/${card.id}/secure-token`;
    const wrong = await send(user, 'POST', `${url}/verification`, {
      password: 'not-it',
      purpose: 'show',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const before = Date.now();
    const verification = await send(user, 'POST', `${url}/verification`, {
      password: user.password,
      purpose: 'show',
    });
    expect(verification.statusCode, verification.body).toBe(200);
    expect(verification.headers['cache-control']).toBe('no-store');
    expect(verification.json().channel).toBe('sms');
    // Unit texted the code to the holder's phone (the sandbox outbox), in Spanish by default.
    const [text] = (await app.inject({ url: '/sandbox/sms/messages?limit=1' })).json();
    expect(text.body).toBe(`Tu código de verificación es: ${text.code}`);
    expect(verification.body).not.toContain(text.code);
    const { verificationToken } = verification.json();
    // Without a code, or with another, no token.
    const otherCode = text.code === '000000' ? '111111' : '000000';
    const missing = await send(user, 'POST', url, { purpose: 'show', verificationToken });
    expect(missing.statusCode).toBe(400);
    const wrongCode = await send(user, 'POST', url, {
      purpose: 'show',
      verificationToken,
      verificationCode: otherCode,
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().error.code).toBe('card_verification_failed');
    const shown = await send(user, 'POST', url, {
      purpose: 'show',
      verificationToken,
      verificationCode: text.code,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    // A verification is good once.
    const again = await send(user, 'POST', url, {
      purpose: 'show',
      verificationToken,
      verificationCode: text.code,
    });
    expect(again.json().error.code).toBe('card_verification_failed');
    const atPartner = await partnerCard(card.id);
    const answer = shown.json();
    expect(answer).toMatchObject({
      scope: 'cards-sensitive',
      partnerCardId: atPartner.id,
      expMonth: card.expMonth,
      expYear: card.expYear,
      vault: {
        environment: 'sandbox',
        showScriptUrl: '/sandbox/unit/vgs/vgs-show.js',
        collectScriptUrl: '/sandbox/unit/vgs/vgs-collect.js',
      },
    });
    // Pago's answer carries no number or CVV.
    expect(shown.body).not.toContain(atPartner.pan);
    expect(shown.body).not.toContain(`"${atPartner.cvv}"`);
    const hideIn = Date.parse(answer.hideAt) - before;
    expect(hideIn).toBeGreaterThanOrEqual(59_000);
    expect(hideIn).toBeLessThanOrEqual(61_000 + (Date.now() - before));
    // The browser's secure frame reads them from the partner's vault with that token.
    const secure = (path: string, token: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
      app.inject({
        method,
        url: `/sandbox/unit/cards/${atPartner.id}/secure-data/${path}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}),
        },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
    expect((await secure('pan', answer.token)).json().data.attributes.pan).toBe(atPartner.pan);
    expect((await secure('cvv', answer.token)).json().data.attributes.cvv).toBe(atPartner.cvv);
    // A show token cannot set the PIN; a PIN token can.
    const pinBody = { data: { type: 'setPin', attributes: { pin: '4821' } } };
    expect((await secure('pin', answer.token, 'PUT', pinBody)).statusCode).toBe(403);
    const write = await secureToken(user, card.id, 'pin');
    expect(write.json().scope).toBe('cards-sensitive-write');
    expect((await secure('pin', write.json().token, 'PUT', pinBody)).statusCode).toBe(200);
    expect((await partnerCard(card.id)).pin_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired verification, and spends one after five wrong codes', async () => {
    const { user, card } = await withCard();
    const url = `/api/cards/${card.id}/secure-token`;
    const ask = async () => {
      const answer = await send(user, 'POST', `${url}/verification`, {
        password: user.password,
        purpose: 'show',
        locale: 'en',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return { verificationToken: answer.json().verificationToken, code: await lastTextedCode() };
    };
    const expired = await ask();
    const [text] = (await app.inject({ url: '/sandbox/sms/messages?limit=1' })).json();
    expect(text.body).toBe(`Your verification code is: ${expired.code}`);
    await db
      .updateTable('sandbox_unit_token_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await send(user, 'POST', url, {
      purpose: 'show',
      verificationToken: expired.verificationToken,
      verificationCode: expired.code,
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.code).toBe('card_verification_failed');
    const guessed = await ask();
    const other = guessed.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const wrong = await send(user, 'POST', url, {
        purpose: 'show',
        verificationToken: guessed.verificationToken,
        verificationCode: other,
      });
      expect(wrong.statusCode).toBe(422);
    }
    const right = await send(user, 'POST', url, {
      purpose: 'show',
      verificationToken: guessed.verificationToken,
      verificationCode: guessed.code,
    });
    expect(right.json().error.code).toBe('card_verification_failed');
    // A made-up verification is refused the same way, never a 5xx.
    const madeUp = await send(user, 'POST', url, {
      purpose: 'pin',
      verificationToken: 'made-up',
      verificationCode: '123456',
    });
    expect(madeUp.statusCode).toBe(422);
  });

  it('serves the fake secure display and form scripts, and the CSP lets them run', async () => {
    for (const file of ['vgs-show.js', 'vgs-collect.js', 'frame.html', 'vgs-frame.js']) {
      const answer = await app.inject({ url: `/sandbox/unit/vgs/${file}` });
      expect(answer.statusCode, file).toBe(200);
    }
    expect((await app.inject({ url: '/sandbox/unit/vgs/other.js' })).statusCode).toBe(404);
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/frame-src 'self'/);
  });

  it('with two-step codes on, also takes a current code, once', async () => {
    const { user, card } = await withCard();
    const setup = await send(user, 'POST', '/api/security/two-step/setup', {});
    const { secret } = setup.json() as { secret: string };
    const on = await send(user, 'POST', '/api/security/two-step/confirm', {
      code: totpCode(secret),
    });
    expect(on.statusCode, on.body).toBe(200);
    const url = `/api/cards/${card.id}/secure-token/verification`;
    const without = await send(user, 'POST', url, { password: user.password, purpose: 'show' });
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe('two_step_required');
    // The code confirming the setup is spent; the next step's is current.
    const code = totpCode(secret, totpStep() + 1);
    const shown = await send(user, 'POST', url, {
      password: user.password,
      purpose: 'show',
      twoStepCode: code,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const replayed = await send(user, 'POST', url, {
      password: user.password,
      purpose: 'show',
      twoStepCode: code,
    });
    expect(replayed.json().error.code).toBe('invalid_two_step_code');
  });

  it('stops revealing after five wrong passwords, and signing in from that network too', async () => {
    const { user, card } = await withCard();
    for (let i = 0; i < 5; i += 1) {
      await send(user, 'POST', `/api/cards/${card.id}/secure-token/verification`, {
        password: `wrong-${i}`,
        purpose: 'show',
      });
    }
    const answer = await send(user, 'POST', `/api/cards/${card.id}/secure-token/verification`, {
      password: user.password,
      purpose: 'show',
    });
    expect(answer.statusCode).toBe(429);
    // One budget of wrong passwords per account, the sign-in's (docs/security.md).
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(429);
  });

  it('lowers the daily limits (never above the maximum), at the partner too', async () => {
    const { user, card } = await withCard();
    const lowered = await send(user, 'PATCH', `/api/cards/${card.id}/limits`, {
      dailyPurchaseCents: 20_000,
    });
    expect(lowered.json().limits).toEqual({
      dailyPurchaseCents: 20_000,
      dailyWithdrawalCents: CARD_DAILY_LIMITS.withdrawalCents,
    });
    expect((await partnerCard(card.id)).limits).toMatchObject({ dailyPurchase: 20_000 });
    const over = await send(user, 'PATCH', `/api/cards/${card.id}/limits`, {
      dailyWithdrawalCents: CARD_DAILY_LIMITS.withdrawalCents + 1,
    });
    expect(over.statusCode).toBe(400);
    expect((await send(user, 'PATCH', `/api/cards/${card.id}/limits`, {})).statusCode).toBe(400);
  });

  it('keeps another user’s card out of reach: 404 for every action', async () => {
    const { card } = await withCard();
    const stranger = await bankedUser();
    for (const [method, path, body] of [
      ['POST', 'freeze', {}],
      ['POST', 'unfreeze', {}],
      ['POST', 'secure-token/verification', { password: stranger.password, purpose: 'show' }],
      [
        'POST',
        'secure-token',
        { purpose: 'show', verificationToken: 'x', verificationCode: '123456' },
      ],
      ['POST', 'activate', { last4: '1234', expMonth: 1, expYear: 2030 }],
      ['PATCH', 'limits', { dailyPurchaseCents: 100 }],
    ] as const) {
      const answer = await send(stranger, method, `/api/cards/${card.id}/${path}`, body);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().error.code).toBe('card_not_found');
    }
    const lost = await moneyPost(app, stranger, `/api/cards/${card.id}/report-lost`, {});
    expect(lost.statusCode).toBe(404);
  });
});

describe('a physical card', () => {
  it('activates with the printed last four and expiry, then takes a PIN at the partner', async () => {
    const user = await bankedUser();
    const card = (await issue(user, { type: 'physical' })).json();
    const wrong = await send(user, 'POST', `/api/cards/${card.id}/activate`, {
      last4: card.last4 === '0000' ? '1111' : '0000',
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('card_activation_failed');
    expect((await partnerCard(card.id)).status).toBe('Inactive');
    const active = await send(user, 'POST', `/api/cards/${card.id}/activate`, {
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    expect(active.json().status).toBe('active');
    expect((await partnerCard(card.id)).status).toBe('Active');
    const token = await secureToken(user, card.id, 'pin');
    let atPartner = await partnerCard(card.id);
    const pin = await app.inject({
      method: 'PUT',
      url: `/sandbox/unit/cards/${atPartner.id}/secure-data/pin`,
      headers: {
        authorization: `Bearer ${token.json().token}`,
        'content-type': 'application/vnd.api+json',
      },
      payload: JSON.stringify({ data: { type: 'setPin', attributes: { pin: '4821' } } }),
    });
    expect(pin.statusCode, pin.body).toBe(200);
    atPartner = await partnerCard(card.id);
    expect(atPartner.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    const status = await unitFake(app, 'GET', `/cards/${atPartner.id}/secure-data/pin/status`);
    expect(status.json().data.attributes.status).toBe('Set');
  });
});

describe('a physical card activated outside Pago', () => {
  it('becomes active on Unit’s card.activated event, read back from Unit, once', async () => {
    const user = await bankedUser();
    const card = (await issue(user, { type: 'physical' })).json();
    expect(card.status).toBe('inactive');
    const atPartner = await partnerCard(card.id);
    // The holder calls the number printed on the card; Unit's sandbox activation stands in.
    const activated = await unitFake(app, 'POST', `/sandbox/cards/${atPartner.id}/activate`);
    expect(activated.statusCode, activated.body).toBe(201);
    const statusNow = async () => {
      const { cards } = (await send(user, 'GET', '/api/cards')).json() as {
        cards: { id: string; status: string }[];
      };
      return cards.find((c) => c.id === card.id)?.status;
    };
    await tickUntil(app, async () => (await statusNow()) === 'active');
    // Activating again at Unit sends no second event; the card stays active.
    expect(
      (await unitFake(app, 'POST', `/sandbox/cards/${atPartner.id}/activate`)).statusCode,
    ).toBe(201);
    const events = await db.selectFrom('sandbox_webhook_outbox').select('body').execute();
    const activations = events
      .flatMap((e) => (JSON.parse(e.body) as { data: PartnerEvent[] }).data)
      .filter(
        (e) => e.type === 'card.activated' && e.relationships?.card?.data?.id === atPartner.id,
      );
    expect(activations).toHaveLength(1);
    expect(await statusNow()).toBe('active');
  });
});

describe('reporting a card lost or stolen', () => {
  it('closes it at once and issues a replacement, charging $5.00 (+ $15.00 expedited) once', async () => {
    const user = await bankedUser(10_000);
    const card = (await issue(user, { type: 'physical' })).json();
    const key = 'report-lost-1';
    const reported = await moneyPost(
      app,
      user,
      `/api/cards/${card.id}/report-lost`,
      { reason: 'stolen', shipping: 'expedited' },
      key,
    );
    expect(reported.statusCode).toBe(200);
    const body = reported.json();
    expect(body.closed).toMatchObject({ id: card.id, status: 'stolen' });
    expect(body.replacement).toMatchObject({
      type: 'physical',
      status: 'inactive',
      replacesCardId: card.id,
      shipping: { speed: 'expedited' },
    });
    expect(body.feeCents).toBe(CARD_FEES.replacement + CARD_FEES.expeditedDelivery);
    expect((await partnerCard(card.id)).status).toBe('Stolen');
    const replay = await moneyPost(
      app,
      user,
      `/api/cards/${card.id}/report-lost`,
      { reason: 'stolen', shipping: 'expedited' },
      key,
    );
    expect(replay.body).toBe(reported.body);
    expect(await balanceOf(app, user)).toBe(10_000 - body.feeCents);
    const again = await moneyPost(app, user, `/api/cards/${card.id}/report-lost`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('card_not_active');
  });

  it('closes the card even when the replacement cannot be paid', async () => {
    const user = await bankedUser();
    const card = (await issue(user, { type: 'virtual' })).json();
    const reported = await moneyPost(app, user, `/api/cards/${card.id}/report-lost`, {});
    expect(reported.statusCode).toBe(422);
    expect(reported.json().error.code).toBe('insufficient_funds');
    const cards = (await send(user, 'GET', '/api/cards')).json().cards;
    expect(cards).toEqual([expect.objectContaining({ id: card.id, status: 'lost' })]);
    expect((await partnerCard(card.id)).status).toBe('Lost');
    expect(await feeTransfers(user.id)).toEqual([]);
  });

  it('a lost card is declined by the network', async () => {
    const user = await bankedUser(5_000);
    const card = (await issue(user, { type: 'virtual' })).json();
    await moneyPost(app, user, `/api/cards/${card.id}/report-lost`, {});
    const atPartner = await partnerCard(card.id);
    const [year, month] = atPartner.expiration_date.split('-').map(Number);
    const numbers: TestCard = {
      id: card.id,
      partnerCardId: atPartner.id,
      pan: atPartner.pan,
      cvv: atPartner.cvv,
      expMonth: month ?? 0,
      expYear: year ?? 0,
      last4: card.last4,
    };
    const answer = await purchase(app, numbers, 1_000);
    expect(answer.json()).toMatchObject({ approved: false });
    expect(await balanceOf(app, user)).toBe(5_000 - CARD_FEES.replacement);
  });
});
