import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { openBankAccount } from '../../../test/banking-helpers';
import { cardSecureToken } from '../../../test/card-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { VGS_COLLECT_SCRIPT_URL, VGS_SHOW_SCRIPT_URL } from '../../config-vendors';
import type { Database } from '../../db/database';

// One database seen by a sandbox app (its Unit fake answers over HTTP, as Unit would) and by live
// apps whose UNIT_* settings point at that fake: the card's secure data in live mode is Unit's
// vault in the browser, no longer refused.
let sandbox: AppInstance;
let db: Database;
const live: AppInstance[] = [];

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  sandbox = await buildTestApp(db);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), ...live.map((app) => app.close())]);
});

async function liveApp(vaultId: string) {
  const { port } = sandbox.server.address() as AddressInfo;
  const unit = sandbox.deps.config.unit;
  if (!unit) throw new Error('sandbox mode has Unit settings');
  const app = await buildTestApp(db, {
    mode: 'live',
    smtpUrl: 'smtp://127.0.0.1:2525',
    unit: {
      ...unit,
      baseUrl: `http://127.0.0.1:${port}/sandbox/unit`,
      secureData: {
        vaultId,
        environment: 'live',
        showScriptUrl: VGS_SHOW_SCRIPT_URL,
        collectScriptUrl: VGS_COLLECT_SCRIPT_URL,
      },
    },
  });
  live.push(app);
  return app;
}

async function cardholder() {
  const user = await verifiedUser(sandbox, db, 0);
  await openBankAccount(sandbox, user);
  const virtual = (await moneyPost(sandbox, user, '/api/cards', { type: 'virtual' })).json();
  const physical = (await moneyPost(sandbox, user, '/api/cards', { type: 'physical' })).json();
  return { user, virtual, physical };
}

describe('the card’s secure data in live mode', () => {
  it('is not refused when Unit is configured: a card-scoped token for the browser’s VGS frame', async () => {
    const app = await liveApp('tntlivevault1');
    expect((await app.inject({ url: '/api/features' })).json()).toMatchObject({
      cards: true,
      cardSecureData: true,
      cardActivation: false,
    });
    const { user, virtual, physical } = await cardholder();
    // Unit's verified token: the password, then the code Unit texted to the holder's phone.
    const unverified = await app.inject({
      method: 'POST',
      url: `/api/cards/${virtual.id}/secure-token`,
      headers: bearer(user.token),
      payload: { purpose: 'show', verificationToken: 'not-from-unit', verificationCode: '123456' },
    });
    expect(unverified.statusCode).toBe(422);
    const show = await cardSecureToken(app, user, virtual.id, 'show', sandbox);
    expect(show.statusCode, show.body).toBe(200);
    const verifications = await db
      .selectFrom('sandbox_unit_token_verifications')
      .select(['used_at'])
      .execute();
    expect(verifications).toHaveLength(1);
    expect(verifications[0]?.used_at).not.toBeNull();
    expect(show.json()).toMatchObject({
      scope: 'cards-sensitive',
      vault: {
        vaultId: 'tntlivevault1',
        environment: 'live',
        showScriptUrl: VGS_SHOW_SCRIPT_URL,
        collectScriptUrl: VGS_COLLECT_SCRIPT_URL,
      },
    });
    const pin = await cardSecureToken(app, user, virtual.id, 'pin', sandbox);
    expect(pin.json().scope).toBe('cards-sensitive-write');
    // The token Unit gave is of that scope, for that customer (the fake keeps what it issued).
    const tokens = await db.selectFrom('sandbox_unit_tokens').select('scope').execute();
    expect(tokens.map((t) => t.scope)).toEqual(
      expect.arrayContaining(['cards-sensitive', 'cards-sensitive-write']),
    );
    // The page may load VGS's scripts and frames, and nothing else new.
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.verygoodvault.com");
    expect(csp).toContain("frame-src 'self' https://js.verygoodvault.com");
    // Activation: Unit documents it in its sandbox only, so live mode says so.
    const activated = await app.inject({
      method: 'POST',
      url: `/api/cards/${physical.id}/activate`,
      headers: bearer(user.token),
      payload: { last4: physical.last4, expMonth: physical.expMonth, expYear: physical.expYear },
    });
    expect(activated.statusCode).toBe(503);
    expect(activated.json().error.details).toEqual({ feature: 'cardActivation' });
  });

  it('is refused clearly when no VGS vault is configured', async () => {
    const app = await liveApp('');
    expect((await app.inject({ url: '/api/features' })).json()).toMatchObject({
      cards: true,
      cardSecureData: false,
    });
    const { user, virtual } = await cardholder();
    for (const [path, payload] of [
      ['secure-token/verification', { password: user.password, purpose: 'show' }],
      ['secure-token', { purpose: 'show', verificationToken: 'v', verificationCode: '123456' }],
    ] as const) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/cards/${virtual.id}/${path}`,
        headers: bearer(user.token),
        payload,
      });
      expect(answer.statusCode, path).toBe(503);
      expect(answer.json().error).toMatchObject({
        code: 'feature_unavailable_in_live_mode',
        details: { feature: 'cardSecureData' },
      });
    }
  });
});
