import { expect } from 'vitest';
import { servicesOf } from '../src/app';
import type { Config } from '../src/config';
import { bearer } from './accounts-helpers';
import { type MoneyTestApp, type MoneyUser, moneyPost, postQuote } from './money-helpers';

/**
 * Sending home in server tests: through the real Thunes client and the sandbox fake, which moves a
 * transaction one step per sandbox tick (no wait), holds and cash pickups an hour (`finishWait`).
 */
export const THUNES_TEST_TIMINGS: Partial<Config> = {
  sandboxThunes: { stepMs: 0, pickupMs: 3_600_000, holdMs: 3_600_000, quotationMs: 900_000 },
};

export const CLABE = '002115016003269411';
export const GT_IBAN = 'GT82TRAJ01020000001210029690';

export type Payer = {
  id: string;
  name: string;
  method: string;
  express: boolean;
  fields: string[];
};

export function call(
  t: MoneyTestApp,
  user: MoneyUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
}

/** The sandbox partner's payer of a country for a payout method. */
export async function payerOf(
  t: MoneyTestApp,
  user: MoneyUser,
  country: string,
  method: 'bank_deposit' | 'cash_pickup' | 'mobile_wallet',
): Promise<Payer> {
  const response = await call(
    t,
    user,
    'GET',
    `/api/remittances/payers?country=${country}&method=${method}`,
  );
  expect(response.statusCode).toBe(200);
  const [payer] = response.json().items as Payer[];
  if (!payer) throw new Error(`no ${method} payer in ${country}`);
  return payer;
}

export type SavedRecipient = { id: string; phone: string; country: string };

/** Saves a recipient paid by the country's payer of `method`, with `fields` for it. */
export async function saveRecipient(
  t: MoneyTestApp,
  user: MoneyUser,
  input: {
    country: string;
    phone: string;
    method: 'bank_deposit' | 'cash_pickup' | 'mobile_wallet';
    fields?: Record<string, string>;
    firstName?: string;
    lastName?: string;
  },
): Promise<SavedRecipient> {
  const payer = await payerOf(t, user, input.country, input.method);
  const response = await call(t, user, 'POST', '/api/recipients', {
    firstName: input.firstName ?? 'María',
    lastName: input.lastName ?? 'López',
    country: input.country,
    phone: input.phone,
    payout: { method: input.method, payerId: payer.id, fields: input.fields ?? {} },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Quotes for a saved recipient; answers the quote response. */
export function quoteFor(
  t: MoneyTestApp,
  user: MoneyUser,
  recipient: SavedRecipient,
  amountUsd = 100,
  speed: 'standard' | 'express' = 'standard',
) {
  return postQuote(t.app, user, {
    recipientCountry: recipient.country,
    amountUsd,
    speed,
    recipientId: recipient.id,
  });
}

/** Quotes and sends home to a saved recipient; answers the send's response. */
export async function sendHome(
  t: MoneyTestApp,
  user: MoneyUser,
  recipient: SavedRecipient,
  amountUsd = 100,
  speed: 'standard' | 'express' = 'standard',
  key?: string,
) {
  const quote = await quoteFor(t, user, recipient, amountUsd, speed);
  expect(quote.statusCode, quote.body).toBe(200);
  return moneyPost(
    t.app,
    user,
    '/api/remittances',
    { recipientId: recipient.id, amountUsd, speed, quoteId: quote.json().quoteId },
    key,
  );
}

/** One turn of the background work: the fake's statuses and callbacks, then Pago's payout job. */
export async function turn(t: MoneyTestApp) {
  const services = servicesOf(t.app);
  await services.sandboxVendors?.tick();
  await services.remittances.sweepPayouts();
}

/** Turns until `done` holds (at most `turns`), failing the test otherwise. */
export async function until(t: MoneyTestApp, done: () => Promise<boolean>, turns = 20) {
  for (let i = 0; i < turns; i++) {
    if (await done()) return;
    await turn(t);
  }
  expect(await done()).toBe(true);
}

/** The fake's current wait for this transfer's transaction is over (a hold, a pickup). */
export async function finishWait(t: MoneyTestApp, transferId: string) {
  await t.db
    .updateTable('sandbox_thunes_transactions')
    .set({ next_status_at: new Date(0) })
    .where('external_id', '=', transferId)
    .execute();
}

export const track = (t: MoneyTestApp, user: MoneyUser, id: string) =>
  call(t, user, 'GET', `/api/remittances/${id}`);

export async function steps(t: MoneyTestApp, user: MoneyUser, id: string): Promise<string[]> {
  return (await track(t, user, id)).json().timeline.map((s: { step: string }) => s.step);
}

/**
 * Saves a recipient for a phone abroad, so the spec's send to that phone (`POST
 * /api/transactions/send`) pays them: a mobile wallet where the country has one, else Mexico's
 * bank by CLABE.
 */
export async function saveAbroad(
  t: MoneyTestApp,
  user: MoneyUser,
  phone: string,
  country: string,
): Promise<SavedRecipient> {
  if (country === 'MX') {
    return saveRecipient(t, user, {
      country,
      phone,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
  }
  return saveRecipient(t, user, { country, phone, method: 'mobile_wallet' });
}
