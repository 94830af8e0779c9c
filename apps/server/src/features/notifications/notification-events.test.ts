import type { Notification } from '@pago/shared/contracts/notifications';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  latestMail,
  listMail,
  nextIp,
  RESET_SUBJECT,
  signUp,
  type TestUser,
} from '../../../test/accounts-helpers';
import { fundAtPartner, openBankAccount } from '../../../test/banking-helpers';
import { HOLDER_NAME, passPlaidFlow } from '../../../test/identity-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { listeningTestApp } from '../../../test/test-app';
import { servicesOf } from '../../app';

// The identity flows call the vendor fakes over HTTP: the app listens.
const t = listeningTestApp();

async function types(user: TestUser): Promise<Notification['type'][]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications?limit=100',
    headers: bearer(user.token),
  });
  return (response.json().items as Notification[]).map((n) => n.type);
}

function completePlaid(user: TestUser, id: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/plaid/identity-verification/complete',
    headers: bearer(user.token),
    payload: { identity_verification_id: id },
  });
}

describe('notification events outside the ledger', () => {
  it('tells the identity result once, however often the result is read', async () => {
    const ana = await signUp(t.app, { name: HOLDER_NAME });
    const passed = await passPlaidFlow(t.app, ana);
    expect((await completePlaid(ana, passed.id)).statusCode).toBe(200);
    expect((await completePlaid(ana, passed.id)).statusCode).toBe(200);
    expect(await types(ana)).toEqual(['identity_approved']);

    const bob = await signUp(t.app, { name: HOLDER_NAME });
    const failed = await passPlaidFlow(t.app, bob, 'Fail');
    await completePlaid(bob, failed.id);
    await completePlaid(bob, failed.id);
    expect(await types(bob)).toEqual(['identity_failed']);
  });

  it('tells the receiver of a bank transfer once the partner made it', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    const anaBank = await openBankAccount(t.app, ana);
    await openBankAccount(t.app, beto);
    await fundAtPartner(t.app, anaBank.accountId, 10_000);
    const sent = await moneyPost(t.app, ana, '/api/unit/payments/send', {
      receiver: beto.email,
      amount: 1234,
    });
    expect(sent.statusCode).toBe(201);
    const received = (
      await t.app.inject({
        method: 'GET',
        url: '/api/notifications?limit=100',
        headers: bearer(beto.token),
      })
    )
      .json()
      .items.filter((n: Notification) => n.type === 'money_received');
    expect(received).toMatchObject([{ data: { amountCents: 1234, transferId: sent.json().id } }]);
  });

  it('tells of a password reset, and always e-mails it', async () => {
    const user = await signUp(t.app);
    await servicesOf(t.app).notifications.saveSettings(user.id, {
      email: Object.fromEntries(
        Object.keys((await servicesOf(t.app).notifications.getSettings(user.id)).email).map(
          (type) => [type, false],
        ),
      ) as never,
    });
    const remoteAddress = nextIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: user.email },
      remoteAddress,
    });
    const { code } = await latestMail(t.app, user.email, { subject: RESET_SUBJECT });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: {
        email: user.email,
        code: code === '000000' ? '111111' : '000000',
        password: 'Brand-new-secret-9',
      },
      remoteAddress,
    });
    expect(wrong.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { email: user.email, code, password: 'Brand-new-secret-9' },
      remoteAddress,
    });
    expect(done.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'Brand-new-secret-9' },
      remoteAddress,
    });
    const token = login.json().token as string;
    // Once, for the reset that went through.
    expect(await types({ ...user, token })).toEqual(['new_sign_in', 'password_changed']);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const subjects = (await listMail(t.app, user.email)).map((m) => m.subject);
    expect(subjects).toContain('Tu contraseña cambió');
    // Sign-ins were turned off.
    expect(subjects).not.toContain('Nuevo inicio de sesión en tu cuenta');
  });
});
