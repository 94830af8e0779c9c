import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markIdentityVerified, signUp, type TestUser } from '../../../test/accounts-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';

// No dead ends in onboarding, over HTTP only: the app listening, a user signed up and verified
// with neither a home address nor a phone yet; then only fetch() to /api/... and the Twilio
// fake's /sandbox/sms outbox. Each refusal names what is missing, the profile API takes it, and
// the same request then goes through.

let app: AppInstance;
let base: string;
let user: TestUser;

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  app = await buildTestApp(db, {}, undefined, sandboxPool(url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  user = await signUp(app, { name: 'María García', zipCode: '77002' });
  await markIdentityVerified(db, user.id);
  // Verified, but nothing of the address nor a phone given yet (the state right after sign-up).
  await db
    .updateTable('users')
    .set({
      phone: null,
      address: null,
      address_street: null,
      address_city: null,
      address_state: null,
      address_postal_code: null,
    })
    .where('id', '=', user.id)
    .execute();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('onboarding over HTTP', () => {
  it('opens the account numbers once the address and the phone are given, each asked by name', async () => {
    const first = await api('/api/direct-deposit');
    expect(first.status).toBe(422);
    expect(((await first.json()) as { error: unknown }).error).toMatchObject({
      code: 'address_required',
      details: { field: 'homeAddress' },
    });

    const home = {
      street: '1200 Main St',
      street2: '',
      city: 'Houston',
      state: 'TX',
      postalCode: '77002',
    };
    const saved = await api('/api/user/address', { method: 'PUT', body: home });
    expect(saved.status).toBe(200);

    const second = await api('/api/direct-deposit');
    expect(second.status).toBe(422);
    expect(((await second.json()) as { error: unknown }).error).toMatchObject({
      code: 'phone_required',
      details: { field: 'phone' },
    });

    const phone = '+17135550123';
    expect((await api('/api/phone/send-code', { method: 'POST', body: { phone } })).status).toBe(
      200,
    );
    const outbox = (await (
      await fetch(`${base}/sandbox/sms/messages?to=${encodeURIComponent(phone)}`)
    ).json()) as Array<{ code?: string }>;
    const code = outbox[0]?.code;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await api('/api/phone/verify', { method: 'POST', body: { phone, code } });
    expect(verified.status).toBe(200);

    const opened = await api('/api/direct-deposit');
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ accountType: 'checking' });
    const profile = await (await api('/api/user/profile')).json();
    expect(profile).toMatchObject({
      phone,
      phone_verified: true,
      homeAddress: { street: '1200 Main St', city: 'Houston', state: 'TX', postalCode: '77002' },
    });
  });
});
