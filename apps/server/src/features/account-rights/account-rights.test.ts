import { describe, expect, it } from 'vitest';
import {
  bearer,
  latestMail,
  listMail,
  nextIp,
  RESET_SUBJECT,
} from '../../../test/accounts-helpers';
import { openBankAccount } from '../../../test/banking-helpers';
import { cardholder, insertCard } from '../../../test/card-helpers';
import { moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { linkSandboxBank } from '../../../test/plaid-helpers';
import { unzipText } from '../../../test/zip-helpers';
import { servicesOf } from '../../app';
import { csvField } from '../activity/activity-csv';
import { maskDigits } from './data-export';
import { ACCESS_DATA_DAYS, RECORDS_YEARS } from './retention';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));
const DAY = 86_400_000;

function post(url: string, token: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}
function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function download(user: { token: string; password: string }) {
  const ticket = await post('/api/account/data-export', user.token, { password: user.password });
  expect(ticket.statusCode).toBe(201);
  const zip = await get(ticket.json().downloadUrl, user.token);
  expect(zip.statusCode).toBe(200);
  expect(zip.headers['content-type']).toBe('application/zip');
  return unzipText(zip.rawPayload);
}

async function signIn(login: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: login, password },
    remoteAddress: nextIp(),
  });
}

describe('download my data', () => {
  it('is a ZIP of each table as JSON and CSV, with the transfers, and no secrets', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 12.5,
      note: '=HYPERLINK("http://evil")',
    });
    expect(sent.statusCode).toBe(201);
    const files = await download(ana);
    for (const name of [
      'transfers',
      'profile',
      'identity',
      'requests',
      'cards',
      'notifications',
      'recipients',
      'linked-banks',
      'sessions',
    ]) {
      expect(files.has(`${name}.json`), name).toBe(true);
      expect(files.has(`${name}.csv`), name).toBe(true);
    }
    expect(files.get('LEEME.txt')).toContain('Lo que no incluimos');
    const transfers = JSON.parse(files.get('transfers.json') ?? '[]');
    const p2p = transfers.find((x: { id: string }) => x.id === sent.json().id);
    expect(p2p).toMatchObject({ kind: 'p2p', amountCents: 1250, direction: 'out' });
    // The CSV in Spanish, its times in the user's zone, the note's formula defused.
    const csv = files.get('transfers.csv') ?? '';
    expect(csv).toContain('Fecha y hora');
    expect(csv).toContain(sent.json().reference);
    expect(csv).toContain('-12.50');
    const profile = JSON.parse(files.get('profile.json') ?? '[]');
    expect(profile[0]).toMatchObject({ email: ana.email, username: ana.username });
    expect(files.get('profile.csv')).toContain('Correo electrónico');
    const sessions = JSON.parse(files.get('sessions.json') ?? '[]');
    expect(sessions.length).toBeGreaterThan(0);
    // Nothing secret: no password hash, no session token, no hashes at all.
    const everything = [...files.values()].join('\n');
    expect(everything).not.toMatch(/argon2|password_hash|token_hash|two_step_secret/);
    expect(everything).not.toContain(ana.token);
  });

  it('asks for the password, and a ticket is its owner’s only and expires', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const eve = await verifiedUser(t.app, t.db);
    const wrong = await post('/api/account/data-export', ana.token, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const ticket = await post('/api/account/data-export', ana.token, { password: ana.password });
    const url = ticket.json().downloadUrl;
    expect((await get(url, eve.token)).statusCode).toBe(404);
    expect((await get('/api/account/data-export/x'.padEnd(60, 'y'), ana.token)).statusCode).toBe(
      404,
    );
    t.now = new Date(t.now.getTime() + 16 * 60_000);
    const late = await get(url, ana.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('data_export_expired');
  });

  it('is limited to a few a day', async () => {
    const ana = await verifiedUser(t.app, t.db);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/account/data-export', ana.token, { password: ana.password })).statusCode,
      ).toBe(201);
    }
    const sixth = await post('/api/account/data-export', ana.token, { password: ana.password });
    expect(sixth.statusCode).toBe(429);
  });

  it('masks long numbers to their last four digits', () => {
    expect(maskDigits('CLABE 012180001234567891')).toBe('CLABE •••• 7891');
    expect(maskDigits('1234')).toBe('1234');
    expect(csvField('=1+1')).toBe("'=1+1");
  });
});

describe('close my account', () => {
  it('is refused while the wallet holds money, saying what to do', async () => {
    const ana = await verifiedUser(t.app, t.db, 2_500);
    const conditions = await get('/api/account/close', ana.token);
    expect(conditions.json()).toMatchObject({
      closable: false,
      blockers: [{ code: 'balance', amountCents: 2_500 }],
    });
    const refused = await post('/api/account/close', ana.token, { password: ana.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'account_not_closable',
      details: { blockers: [{ code: 'balance', amountCents: 2_500 }] },
    });
    expect((await signIn(ana.username, ana.password)).statusCode).toBe(200);
  });

  it('closes a zero-balance account: sessions end, sign-in is refused, the other party still sees the transfer named', async () => {
    const ana = await verifiedUser(t.app, t.db, 1_000);
    const beto = await verifiedUser(t.app, t.db);
    const bank = await openBankAccount(t.app, ana);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 10,
    });
    expect(sent.statusCode).toBe(201);
    // An open request from Beto to Ana: declined by the closing.
    const asked = await moneyPost(t.app, beto, '/api/requests/create', {
      requestedFrom: ana.phone,
      amountUsd: 3,
    });
    expect(asked.statusCode).toBe(201);
    const conditions = (await get('/api/account/close', ana.token)).json();
    expect(conditions).toMatchObject({ closable: true, blockers: [] });
    expect(conditions.effects.openRequests).toBe(1);

    expect(
      (await post('/api/account/close', ana.token, { password: 'wrong-password-1' })).statusCode,
    ).toBe(400);
    const closed = await post('/api/account/close', ana.token, {
      password: ana.password,
      reason: 'Ya no lo uso',
    });
    expect(closed.statusCode).toBe(200);
    const { closedAt, recordsKeptUntil } = closed.json();
    expect(new Date(recordsKeptUntil).getUTCFullYear()).toBe(
      new Date(closedAt).getUTCFullYear() + RECORDS_YEARS,
    );

    // Its sessions ended; signing in again is refused, with the reason.
    expect((await get('/api/wallet/balance', ana.token)).statusCode).toBe(401);
    const again = await signIn(ana.username, ana.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('account_closed');
    // A wrong password still says only that: the account's state is not told to a stranger.
    expect((await signIn(ana.username, 'wrong-password-1')).statusCode).toBe(401);

    // The request was declined; nobody can pay Ana any more.
    const requests = await t.db
      .selectFrom('money_requests')
      .select('status')
      .where('payer_id', '=', ana.id)
      .execute();
    expect(requests.map((r) => r.status)).toEqual(['declined']);
    const toAna = await moneyPost(t.app, beto, '/api/transactions/send', {
      recipientName: ana.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    expect(toAna.statusCode).toBeGreaterThanOrEqual(400);
    expect(toAna.statusCode).toBeLessThan(500);

    // The partner account closed at the partner (Unit's fake).
    const account = await t.db
      .selectFrom('sandbox_unit_accounts')
      .select('status')
      .where('id', '=', bank.accountId)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('Closed');
    const user = await t.db
      .selectFrom('users')
      .select(['closed_by', 'close_reason', 'partner_closed_at'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ closed_by: 'customer', close_reason: 'Ya no lo uso' });
    expect(user.partner_closed_at).not.toBeNull();

    // Beto's activity still shows the transfer, with Ana's name.
    const activity = (await get('/api/transactions?type=p2p', beto.token)).json();
    const seen = activity.items.find((x: { id: string }) => x.id === sent.json().id);
    expect(seen.counterparty.name).toBe('Test User');

    // The confirmation e-mail.
    const mail = await listMail(t.app, ana.email);
    expect(mail.some((m) => /Cerraste tu cuenta/.test(m.subject))).toBe(true);
  });

  it('is idempotent, and the service closes for staff with their reason', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const staffClosed = await servicesOf(t.app).accountRights.closeAccount(ana.id, {
      by: { staffId: '00000000-0000-4000-8000-000000000001' },
      reason: 'Pedido por teléfono',
    });
    const again = await servicesOf(t.app).accountRights.closeAccount(ana.id, {
      by: 'customer',
    });
    expect(again.closedAt).toBe(staffClosed.closedAt);
    const row = await t.db
      .selectFrom('users')
      .select(['closed_by', 'close_reason'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      closed_by: 'staff:00000000-0000-4000-8000-000000000001',
      close_reason: 'Pedido por teléfono',
    });
  });

  it('refuses the sign-in link and the password reset of a closed account', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await servicesOf(t.app).accountRights.closeAccount(ana.id, { by: 'customer' });
    await latestMail(t.app, ana.email, { subject: /Cerraste tu cuenta/ });
    const before = (await listMail(t.app, ana.email)).length;
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      payload: { username: ana.username },
      remoteAddress: nextIp(),
    });
    expect(link.statusCode).toBeLessThan(300);
    // No link was mailed.
    expect((await listMail(t.app, ana.email)).length).toBe(before);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: ana.email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBeLessThan(300);
    const { code } = await latestMail(t.app, ana.email, { subject: RESET_SUBJECT });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { email: ana.email, code, password: 'Another-Horse-99' },
      remoteAddress: nextIp(),
    });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().error.code).toBe('account_closed');
  });
  it('closes the cards at the partner and removes the linked banks; the closing job finishes what a vendor left', async () => {
    const { user: ana, card, account } = await cardholder(t.app, t.db, 0);
    await linkSandboxBank(t.app, ana);
    const conditions = (await get('/api/account/close', ana.token)).json();
    expect(conditions.effects).toMatchObject({ cards: 1, linkedBanks: 1 });
    expect(
      (await post('/api/account/close', ana.token, { password: ana.password })).statusCode,
    ).toBe(200);
    const unitCard = () =>
      t.db
        .selectFrom('sandbox_unit_cards')
        .select('status')
        .where('id', '=', card.partnerCardId)
        .executeTakeFirstOrThrow();
    expect((await unitCard()).status).toBe('ClosedByCustomer');
    const cards = await t.db
      .selectFrom('cards')
      .select('status')
      .where('user_id', '=', ana.id)
      .execute();
    expect(cards.map((c) => c.status)).toEqual(['closed']);
    const items = await t.db
      .selectFrom('plaid_items')
      .select('id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(items).toEqual([]);

    // A card the vendor had not closed (its call failed): the job closes it and marks the account done.
    const late = await insertCard(t.db, ana, account);
    await t.db
      .updateTable('users')
      .set({ partner_closed_at: null })
      .where('id', '=', ana.id)
      .execute();
    expect(await servicesOf(t.app).accountRights.finishClosings()).toBeGreaterThanOrEqual(1);
    const lateRow = await t.db
      .selectFrom('sandbox_unit_cards')
      .select('status')
      .where('id', '=', late.partnerCardId)
      .executeTakeFirstOrThrow();
    expect(lateRow.status).toBe('ClosedByCustomer');
    const user = await t.db
      .selectFrom('users')
      .select('partner_closed_at')
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(user.partner_closed_at).not.toBeNull();
  });
});

describe('retention', () => {
  it('erases sign-in data after its period and contact data after the records period, keeping the named transfers', async () => {
    const ana = await verifiedUser(t.app, t.db, 500);
    const beto = await verifiedUser(t.app, t.db);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 5,
    });
    expect(sent.statusCode).toBe(201);
    await t.db
      .insertInto('identity_attempts')
      .values({
        id: `idv_${ana.id}`,
        user_id: ana.id,
        provider: 'persona',
        vendor_status: 'approved',
        status_rank: 3,
        legal_name: 'Ana Lucía Rivera',
        birth_date: '1990-01-02',
        failure_reason: null,
      })
      .execute();
    await post('/api/account/close', ana.token, { password: ana.password });
    const run = () => servicesOf(t.app).accountRights.retention();
    const userRow = () =>
      t.db.selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    const count = async (table: 'sessions' | 'notifications' | 'identity_attempts') =>
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', ana.id)
          .executeTakeFirstOrThrow()
      ).n;

    // Not yet: the day before the period ends.
    t.now = new Date(t.now.getTime() + (ACCESS_DATA_DAYS - 1) * DAY);
    await run();
    expect(Number(await count('sessions'))).toBeGreaterThan(0);

    t.now = new Date(t.now.getTime() + 2 * DAY);
    await run();
    expect(Number(await count('sessions'))).toBe(0);
    expect(Number(await count('notifications'))).toBe(0);
    let row = await userRow();
    expect(row.access_erased_at).not.toBeNull();
    expect(row.email).toBe(ana.email);
    expect(Number(await count('identity_attempts'))).toBe(1);

    t.now = new Date(t.now.getTime() + RECORDS_YEARS * 366 * DAY);
    await run();
    row = await userRow();
    expect(row.anonymised_at).not.toBeNull();
    expect(row.email).toBe(`closed-${ana.id}@closed.invalid`);
    expect(row).toMatchObject({
      phone: null,
      address: null,
      zip_code: null,
      legal_birth_date: null,
    });
    expect(row.name).toBe('Test User');
    expect(Number(await count('identity_attempts'))).toBe(0);
    // The transfer stays, named, in Beto's activity.
    const activity = (await get('/api/transactions?type=p2p', beto.token)).json();
    const seen = activity.items.find((x: { id: string }) => x.id === sent.json().id);
    expect(seen.counterparty.name).toBe('Test User');
    // A second run changes nothing.
    expect(await run()).toEqual({ accessErased: 0, anonymised: 0 });
  });
});
