import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { AppInstance } from '../src/app';
import type { Database } from '../src/db/database';
import { luhnCardNumber } from '../src/sandbox/unit/unit-cards-fake.routes';
import { openBankAccount } from './banking-helpers';
import { type MoneyUser, verifiedUser } from './money-helpers';

export type TestCard = {
  id: string;
  partnerCardId: string;
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
  last4: string;
};

/**
 * A card on the user's partner account, written straight into Pago's `cards` and the Unit fake's
 * `sandbox_unit_cards` (until the card lifecycle feature issues them): active, virtual, default
 * limits unless told.
 */
export async function insertCard(
  db: Database,
  user: { id: string },
  account: { accountId: string; customerId: string },
  options: {
    status?: 'inactive' | 'active' | 'frozen' | 'lost' | 'stolen' | 'closed';
    type?: 'virtual' | 'physical';
    dailyPurchaseCents?: number;
    dailyWithdrawalCents?: number;
  } = {},
): Promise<TestCard> {
  const { rows } = await sql<{ id: string }>`
    select nextval('sandbox_unit_ids')::text as id`.execute(db);
  const partnerCardId = (rows[0] as { id: string }).id;
  const pan = luhnCardNumber('4');
  const cvv = String(randomInt(100, 1000));
  const expYear = new Date().getUTCFullYear() + 3;
  const expMonth = 6;
  const status = options.status ?? 'active';
  const type = options.type ?? 'virtual';
  const closed = status === 'lost' || status === 'stolen' || status === 'closed';
  const UNIT_STATUS = {
    inactive: 'Inactive',
    active: 'Active',
    frozen: 'Frozen',
    lost: 'Lost',
    stolen: 'Stolen',
    closed: 'ClosedByCustomer',
  } as const;
  await db
    .insertInto('sandbox_unit_cards')
    .values({
      id: partnerCardId,
      customer_id: account.customerId,
      account_id: account.accountId,
      type: type === 'virtual' ? 'individualVirtualDebitCard' : 'individualDebitCard',
      status: UNIT_STATUS[status],
      pan,
      cvv,
      expiration_date: `${expYear}-0${expMonth}`,
    })
    .execute();
  const card = await db
    .insertInto('cards')
    .values({
      user_id: user.id,
      partner_card_id: partnerCardId,
      partner_account_id: account.accountId,
      type,
      status,
      last4: pan.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      daily_purchase_limit_cents: options.dailyPurchaseCents ?? 250_000,
      daily_withdrawal_limit_cents: options.dailyWithdrawalCents ?? 50_000,
      shipping_speed: type === 'physical' ? 'standard' : null,
      shipping_address: type === 'physical' ? '1 Main St, New York, NY 10001' : null,
      closed_at: closed ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: card.id, partnerCardId, pan, cvv, expMonth, expYear, last4: pan.slice(-4) };
}

/** A verified user with a partner account, `depositCents` of test money and an active card. */
export async function cardholder(
  app: AppInstance,
  db: Database,
  depositCents: number,
  options: Parameters<typeof insertCard>[3] = {},
): Promise<{
  user: MoneyUser;
  card: TestCard;
  account: { accountId: string; customerId: string };
}> {
  const user = await verifiedUser(app, db, depositCents);
  const account = await openBankAccount(app, user);
  const card = await insertCard(db, user, account, options);
  return { user, card, account };
}

/** A message of the sandbox card network (merchants and ATMs), as its JSON API takes it. */
export function network(app: AppInstance, path: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/sandbox/cards/network/${path}`,
    payload: payload as object,
  });
}

/** A purchase at a merchant with the card's numbers. */
export function purchase(
  app: AppInstance,
  card: TestCard,
  amountCents: number,
  merchant = { name: 'Café Luna', city: 'Miami, FL', category: 'restaurant' },
) {
  const { pan, expMonth, expYear, cvv } = card;
  return network(app, 'purchase', { pan, expMonth, expYear, cvv, amountCents, merchant });
}

export function atm(
  app: AppInstance,
  card: TestCard,
  amountCents: number,
  atmNetwork: 'in' | 'out' | 'international',
) {
  const { pan, expMonth, expYear } = card;
  return network(app, 'atm', { pan, expMonth, expYear, amountCents, network: atmNetwork });
}

/**
 * The card's secure-data token in both steps, through the API: the password (Unit's fake then
 * texts a code to the sandbox SMS outbox), then that code. Answers the second step's response.
 */
export async function cardSecureToken(
  app: AppInstance,
  user: { token: string; password: string },
  cardId: string,
  purpose: 'show' | 'pin',
  /** The app serving the sandbox SMS outbox (a live app has none; its fake's app does). */
  outbox: AppInstance = app,
) {
  const headers = { authorization: `Bearer ${user.token}` };
  const url = `/api/cards/${cardId}/secure-token`;
  const verification = await app.inject({
    method: 'POST',
    url: `${url}/verification`,
    headers,
    payload: { password: user.password, purpose },
  });
  if (verification.statusCode !== 200) throw new Error(verification.body);
  const [message] = (await outbox.inject({ url: '/sandbox/sms/messages?limit=1' })).json();
  return app.inject({
    method: 'POST',
    url,
    headers,
    payload: {
      purpose,
      verificationToken: verification.json().verificationToken,
      verificationCode: message.code,
    },
  });
}
