import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  markIdentityVerified,
  signUp as signUpUser,
  type TestUser,
} from '../../../test/accounts-helpers';
import {
  HOLDER_NAME,
  passPlaidFlow,
  submitPersonaFlow,
  TINY_PNG_BASE64,
} from '../../../test/identity-helpers';
import { deposit, moneyPost } from '../../../test/money-helpers';
import { buildTestApp, testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { inquiryResource } from '../../sandbox/persona/persona-fake.routes';
import { signPlaidWebhook } from '../../sandbox/plaid/plaid-keys';
import { deliverDueWebhooks } from '../../sandbox/webhooks/outbox';
import { personaSignature } from './webhook-signatures';

let app: AppInstance;
let db: Database;
const secret = testConfig().persona?.webhookSecret ?? '';

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  // Reviews end at once; the vendors' webhooks leave when a test calls tick().
  app = await buildTestApp(db, { sandboxPersonaReviewMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** A user whose profile name is the test people's, so their verifications can pass. */
const signUp = (target: AppInstance, overrides: Parameters<typeof signUpUser>[1] = {}) =>
  signUpUser(target, { name: HOLDER_NAME, ...overrides });

const tick = () => {
  const vendors = servicesOf(app).sandboxVendors;
  if (!vendors) throw new Error('sandbox vendors missing');
  return vendors.tick();
};
/** Runs the vendors until no webhook is left to deliver. */
async function drainWebhooks() {
  for (let round = 0; round < 10; round += 1) {
    const { decided, delivered } = await tick();
    if (decided === 0 && delivered === 0) return;
  }
}

const get = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });
const identityOf = async (user: TestUser) =>
  (await get(user, '/api/identity/status')).json() as { state: string; verified: boolean };
const completePlaid = (user: TestUser, id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/plaid/identity-verification/complete',
    headers: bearer(user.token),
    payload: { identity_verification_id: id },
  });
const testDeposit = (user: TestUser) =>
  moneyPost(app, user, '/api/wallet/test-deposit', { amount: 1000 });

function personaEvent(
  name: string,
  inquiry: Record<string, unknown>,
  id = `evt_${name}_${Math.random().toString(36).slice(2, 12)}`,
) {
  return JSON.stringify({
    data: {
      type: 'event',
      id,
      attributes: { name, 'created-at': new Date().toISOString(), payload: { data: inquiry } },
    },
  });
}
function postPersonaWebhook(body: string, signature?: string) {
  const t = Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/persona',
    headers: {
      'content-type': 'application/json',
      'persona-signature': signature ?? `t=${t},v1=${personaSignature(secret, t, body)}`,
    },
    payload: body,
  });
}
async function inquiryRow(id: string) {
  return db
    .selectFrom('sandbox_persona_inquiries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('settings', () => {
  it('chooses the provider by ZIP code and reports a user who has not started', async () => {
    const ny = await signUp(app, { zipCode: '10001' });
    const buenosAires = await signUp(app, { zipCode: 'C1425DKF' });
    const settings = (await get(ny, '/api/identity/settings')).json();
    expect(settings).toMatchObject({
      provider: 'plaid',
      status: { state: 'not_started', verified: false },
      plaid: { linkScriptUrl: '/sandbox/plaid/link-initialize.js' },
      persona: { clientScriptUrl: '/sandbox/persona/persona.js', environment: 'sandbox' },
    });
    expect((await get(buenosAires, '/api/identity/settings')).json()).toMatchObject({
      provider: 'persona',
    });
    expect((await app.inject({ method: 'GET', url: '/api/identity/settings' })).statusCode).toBe(
      401,
    );
  });
});

describe('Plaid Identity Verification through the fake', () => {
  it('creates a link token, completes, reports the status, and opens money movement', async () => {
    const ana = await signUp(app, { zipCode: '10001' });
    expect((await testDeposit(ana)).statusCode).toBe(403);
    expect((await get(ana, '/api/plaid/identity-verification/status')).json()).toMatchObject({
      status: null,
    });
    const flow = await passPlaidFlow(app, ana);
    expect(flow.linkToken).toMatch(/^link-sandbox-/);
    expect(flow.status).toBe('success');
    const completed = await completePlaid(ana, flow.id);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'success',
      identity: { state: 'verified', verified: true, plaidIdentityStatus: 'approved' },
    });
    expect((await get(ana, '/api/plaid/identity-verification/status')).json()).toMatchObject({
      status: 'success',
    });
    const profile = (await get(ana, '/api/user/profile')).json();
    expect(profile).toMatchObject({
      verificationService: 'plaid',
      kyc_status: 'completed',
      plaidIdentityStatus: 'approved',
    });
    expect((await testDeposit(ana)).statusCode).toBe(201);
  });

  it('records a failing test person as failed, and a retry can pass', async () => {
    const bob = await signUp(app, { zipCode: '10001' });
    const failed = await passPlaidFlow(app, bob, 'Fail');
    expect(failed.status).toBe('failed');
    const completed = await completePlaid(bob, failed.id);
    expect(completed.json()).toMatchObject({
      status: 'failed',
      identity: { state: 'failed', verified: false, kyc_status: 'failed' },
    });
    expect((await testDeposit(bob)).statusCode).toBe(403);

    const retry = await passPlaidFlow(app, bob);
    await completePlaid(bob, retry.id);
    expect(await identityOf(bob)).toMatchObject({ state: 'verified', verified: true });
    // A late webhook about the old, failed attempt changes nothing.
    await drainWebhooks();
    expect(await identityOf(bob)).toMatchObject({ state: 'verified', verified: true });
  });

  it("does not let one user complete another's verification", async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    const flow = await passPlaidFlow(app, owner);
    const response = await completePlaid(intruder, flow.id);
    expect(response.statusCode).toBe(404);
    expect(await identityOf(intruder)).toMatchObject({ verified: false });
  });

  it('rejects malformed ids and unknown fields', async () => {
    const user = await signUp(app);
    for (const payload of [
      {},
      { identity_verification_id: 'nope' },
      { identity_verification_id: 'idv_abcdefgh1234', extra: 1 },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/plaid/identity-verification/complete',
        headers: bearer(user.token),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/plaid/identity-verification/complete',
      headers: bearer(user.token),
      payload: { identity_verification_id: 'idv_000000000000000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('verifies a user who closed the browser mid-flow, when the webhook arrives', async () => {
    const carla = await signUp(app, { zipCode: '10001' });
    await passPlaidFlow(app, carla); // and never calls complete
    expect(await identityOf(carla)).toMatchObject({ verified: false });
    await drainWebhooks();
    expect(await identityOf(carla)).toMatchObject({ state: 'verified', verified: true });
  });

  it('refuses a webhook whose signature is wrong, stale or for another body, and applies a replay once', async () => {
    const dan = await signUp(app);
    const flow = await passPlaidFlow(app, dan);
    const body = JSON.stringify({
      webhook_type: 'IDENTITY_VERIFICATION',
      webhook_code: 'STATUS_UPDATED',
      identity_verification_id: flow.id,
      environment: 'sandbox',
    });
    const post = (payload: string, jwt: string | undefined) =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/plaid',
        headers: {
          'content-type': 'application/json',
          ...(jwt ? { 'plaid-verification': jwt } : {}),
        },
        payload,
      });
    expect((await post(body, undefined)).statusCode).toBe(401);
    const jwt = await signPlaidWebhook(db, body);
    expect((await post(body.replace('sandbox', 'production'), jwt)).statusCode).toBe(401);
    const stale = await signPlaidWebhook(db, body, new Date(Date.now() - 10 * 60_000));
    expect((await post(body, stale)).statusCode).toBe(401);
    const [head, claims] = jwt.split('.');
    expect((await post(body, `${head}.${claims}.${'A'.repeat(86)}`)).statusCode).toBe(401);
    expect((await identityOf(dan)).verified).toBe(false);

    expect((await post(body, jwt)).statusCode).toBe(200);
    expect((await identityOf(dan)).verified).toBe(true);
    const seen = async () =>
      (
        await db
          .selectFrom('webhook_events')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await seen();
    expect((await post(body, jwt)).statusCode).toBe(200);
    expect(await seen()).toBe(before);
  });
});

describe('Persona inquiries through the fake', () => {
  it('creates, completes into review, and is approved a little later through the webhook', async () => {
    const lucia = await signUp(app, { zipCode: 'C1425DKF' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/persona/create-inquiry',
      headers: bearer(lucia.token),
      payload: {
        firstName: 'Lucía',
        lastName: 'García',
        email: lucia.email,
        phone: '+5491155550000',
      },
    });
    expect(created.statusCode).toBe(200);
    const inquiryId = created.json().inquiry.id as string;
    expect(created.json().inquiry).toMatchObject({
      id: expect.stringMatching(/^inq_/),
      status: 'created',
    });
    // Asking again resumes the same open inquiry.
    const again = await app.inject({
      method: 'POST',
      url: '/api/persona/create-inquiry',
      headers: bearer(lucia.token),
      payload: { firstName: 'Lucía', lastName: 'García', email: lucia.email },
    });
    expect(again.json().inquiry.id).toBe(inquiryId);
    expect(again.json().inquiry.sessionToken).toBeNull();
    // Once the flow has been opened the inquiry is started, and continuing it takes a session
    // token, which create-inquiry gets from Persona.
    const flowInquiry = (token?: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/persona/flow/inquiry?inquiry-id=${inquiryId}${token ? `&session-token=${encodeURIComponent(token)}` : ''}`,
      });
    expect((await flowInquiry()).json()).toMatchObject({ status: 'pending' });
    expect((await flowInquiry()).statusCode).toBe(403);
    expect((await flowInquiry('1.forged')).statusCode).toBe(403);
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/persona/create-inquiry',
      headers: bearer(lucia.token),
      payload: { firstName: 'Lucía', lastName: 'García', email: lucia.email },
    });
    expect(resumed.json().inquiry).toMatchObject({ id: inquiryId, status: 'pending' });
    const sessionToken = resumed.json().inquiry.sessionToken as string;
    expect(sessionToken).toEqual(expect.any(String));
    expect((await flowInquiry(sessionToken)).statusCode).toBe(200);
    expect((await get(lucia, `/api/persona/status/${inquiryId}`)).json()).toMatchObject({
      status: 'pending',
      identity: { state: 'in_progress', persona_status: 'pending', persona_inquiry_id: inquiryId },
    });

    // Submitted: in review until the fake's next round decides it.
    const submitted = await submitPersonaFlow(app, lucia);
    expect(submitted).toEqual({ inquiryId, status: 'completed' });
    expect((await get(lucia, `/api/persona/status/${inquiryId}`)).json()).toMatchObject({
      status: 'completed',
      identity: { state: 'pending_review', persona_status: 'pending_review', verified: false },
    });
    await drainWebhooks();
    expect(await identityOf(lucia)).toMatchObject({ state: 'verified', verified: true });
    const profile = (await get(lucia, '/api/user/profile')).json();
    expect(profile).toMatchObject({
      persona_status: 'approved',
      kyc_status: 'completed',
      verificationService: 'persona',
    });
    expect((await testDeposit(lucia)).statusCode).toBe(201);
  });

  it('fails a failing test person at once, and declines a declined one after review', async () => {
    const failing = await signUp(app);
    const failed = await submitPersonaFlow(app, failing, 'Fail');
    expect(failed.status).toBe('failed');
    expect((await get(failing, `/api/persona/status/${failed.inquiryId}`)).json()).toMatchObject({
      status: 'failed',
      identity: { state: 'failed', persona_status: 'failed' },
    });
    // A retry makes a new inquiry.
    const retry = await app.inject({
      method: 'POST',
      url: '/api/persona/create-inquiry',
      headers: bearer(failing.token),
      payload: { firstName: 'Eva', lastName: 'Paz', email: failing.email },
    });
    expect(retry.json().inquiry.id).not.toBe(failed.inquiryId);

    const declined = await signUp(app);
    const { inquiryId } = await submitPersonaFlow(app, declined, 'Decline');
    await drainWebhooks();
    expect(await identityOf(declined)).toMatchObject({ state: 'failed', verified: false });
    expect((await inquiryRow(inquiryId)).status).toBe('declined');
  });

  it("answers 404 for another user's inquiry and for malformed ids", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const { inquiryId } = await submitPersonaFlow(app, owner);
    expect((await get(other, `/api/persona/status/${inquiryId}`)).statusCode).toBe(404);
    expect((await get(other, '/api/persona/status/not-an-id')).statusCode).toBe(400);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/persona/create-inquiry',
      headers: bearer(other.token),
      payload: { firstName: 'A', lastName: 'B', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('checks signatures, ignores duplicates and never moves a status backwards', async () => {
    const user = await signUp(app);
    const { inquiryId } = await submitPersonaFlow(app, user);
    const row = await inquiryRow(inquiryId);
    const approved = inquiryResource({ ...row, status: 'approved' });
    const completed = inquiryResource({ ...row, status: 'completed' });
    const approvedEvent = personaEvent('inquiry.approved', approved, 'evt_approved_once');

    expect((await postPersonaWebhook(approvedEvent, 't=1,v1=deadbeef')).statusCode).toBe(401);
    const t = Math.floor(Date.now() / 1000) - 3600;
    expect(
      (
        await postPersonaWebhook(
          approvedEvent,
          `t=${t},v1=${personaSignature(secret, t, approvedEvent)}`,
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await postPersonaWebhook(
          approvedEvent,
          `t=${Math.floor(Date.now() / 1000)},v1=${personaSignature('wrong', 1, approvedEvent)}`,
        )
      ).statusCode,
    ).toBe(401);
    expect((await identityOf(user)).verified).toBe(false);

    expect((await postPersonaWebhook(approvedEvent)).statusCode).toBe(200);
    expect(await identityOf(user)).toMatchObject({ state: 'verified', verified: true });
    // The earlier "completed" event arriving late, and the same approval again: nothing moves.
    expect(
      (await postPersonaWebhook(personaEvent('inquiry.completed', completed))).statusCode,
    ).toBe(200);
    expect((await postPersonaWebhook(approvedEvent)).statusCode).toBe(200);
    expect(
      await db
        .selectFrom('identity_attempts')
        .select('vendor_status')
        .where('id', '=', inquiryId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ vendor_status: 'approved' });
    expect(await identityOf(user)).toMatchObject({ verified: true });

    // Out of order from the start: a decline first, then a stale "completed": stays declined.
    const other = await signUp(app);
    const second = await submitPersonaFlow(app, other);
    const secondRow = await inquiryRow(second.inquiryId);
    await postPersonaWebhook(
      personaEvent('inquiry.declined', inquiryResource({ ...secondRow, status: 'declined' })),
    );
    await postPersonaWebhook(
      personaEvent('inquiry.completed', inquiryResource({ ...secondRow, status: 'completed' })),
    );
    await postPersonaWebhook(
      personaEvent('inquiry.approved', inquiryResource({ ...secondRow, status: 'approved' })),
    );
    expect(await identityOf(other)).toMatchObject({ state: 'failed', verified: false });
  });

  it('ignores inquiries Pago did not create for that user, even signed by Persona', async () => {
    const mallory = await signUp(app, { zipCode: 'C1425DKF' });
    const victim = await signUp(app, { zipCode: 'C1425DKF' });
    const config = testConfig();
    // Persona's client can start an inquiry from our (public) template id with any reference-id.
    const direct = await app.inject({
      method: 'POST',
      url: '/sandbox/persona/api/v1/inquiries',
      headers: { authorization: `Bearer ${config.persona?.apiKey}` },
      payload: {
        data: {
          attributes: {
            'inquiry-template-id': config.persona?.templateId,
            'reference-id': mallory.id,
          },
        },
      },
    });
    expect(direct.statusCode).toBe(201);
    const inquiryId = direct.json().data.id as string;
    const submitted = await app.inject({
      method: 'POST',
      url: '/sandbox/persona/flow/submit',
      payload: {
        inquiry_id: inquiryId,
        country: 'AR',
        id_class: 'id',
        name_first: 'Lucía',
        name_last: 'García',
        birthdate: '1988-09-30',
        identification_number: '30123456',
        photo: { type: 'image/png', data_base64: TINY_PNG_BASE64 },
      },
    });
    expect(submitted.statusCode).toBe(200);
    await drainWebhooks();
    expect((await inquiryRow(inquiryId)).status).toBe('approved');
    expect(await identityOf(mallory)).toMatchObject({ state: 'not_started', verified: false });
    expect(
      await db
        .selectFrom('identity_attempts')
        .select('id')
        .where('id', '=', inquiryId)
        .executeTakeFirst(),
    ).toBeUndefined();

    // Pago's own inquiry of one user, re-labelled with another user's reference-id: ignored.
    const { inquiryId: own } = await submitPersonaFlow(app, mallory);
    const relabelled = inquiryResource({
      ...(await inquiryRow(own)),
      status: 'approved',
      reference_id: victim.id,
    });
    expect(
      (await postPersonaWebhook(personaEvent('inquiry.approved', relabelled))).statusCode,
    ).toBe(200);
    expect(await identityOf(victim)).toMatchObject({ verified: false });
  });

  it('rejects bodies that are not Persona events', async () => {
    expect((await postPersonaWebhook('not json')).statusCode).toBe(400);
    expect((await postPersonaWebhook(JSON.stringify({ data: { type: 'thing' } }))).statusCode).toBe(
      400,
    );
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery later, and delivers once the receiver answers', async () => {
    const user = await signUp(app);
    await passPlaidFlow(app, user);
    const nowhere = await deliverDueWebhooks({
      db,
      baseUrl: () => 'http://127.0.0.1:9',
      signers: {
        plaid: async () => ({}),
        persona: async () => ({}),
        unit: async () => ({}),
        thunes: async () => ({}),
      },
    });
    expect(nowhere).toBe(0);
    const pending = await db
      .selectFrom('sandbox_webhook_outbox')
      .selectAll()
      .where('delivered_at', 'is', null)
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    }
    expect((await identityOf(user)).verified).toBe(false);
    await db
      .updateTable('sandbox_webhook_outbox')
      .set({ next_attempt_at: new Date(0) })
      .where('delivered_at', 'is', null)
      .execute();
    await drainWebhooks();
    expect((await identityOf(user)).verified).toBe(true);
  });
});

describe('identity tied to the account holder', () => {
  const requestFrom = (requester: TestUser, payer: TestUser) =>
    moneyPost(app, requester, '/api/requests/create', {
      requestedFrom: payer.username,
      requestNote: 'lunch',
      amountUsd: 12,
    });
  const firstIncoming = async (user: TestUser) =>
    (
      (await get(user, '/api/requests/incoming')).json() as {
        items: { requester: { name: string } }[];
      }
    ).items[0];

  it('refuses a Plaid verification of someone else, saying why, and passes the holder', async () => {
    const ana = await signUpUser(app, { name: 'Ana López', zipCode: '10001' });
    const zed = await passPlaidFlow(app, ana, 'Nobody', 'Zed');
    expect(zed.status).toBe('success'); // Plaid verified Zed Nobody…
    const completed = await completePlaid(ana, zed.id);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().identity).toMatchObject({
      state: 'failed',
      verified: false,
      failureReason: 'name_mismatch',
      legalName: null,
    });
    expect((await testDeposit(ana)).statusCode).toBe(403);

    // Accents, case, a middle name and a second surname on the ID do not matter.
    const retry = await passPlaidFlow(app, ana, 'LOPEZ Ruiz', 'ana maría');
    await completePlaid(ana, retry.id);
    expect(await identityOf(ana)).toMatchObject({
      state: 'verified',
      verified: true,
      legalName: 'ana maría LOPEZ Ruiz',
      failureReason: null,
    });
    const user = await db
      .selectFrom('users')
      .select(['legal_name', 'legal_birth_date'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ legal_name: 'ana maría LOPEZ Ruiz', legal_birth_date: '1990-04-12' });
  });

  it('refuses a Persona inquiry of someone else once Persona approves it, through the webhook', async () => {
    const ana = await signUpUser(app, { name: 'Ana Lopez', zipCode: 'C1425DKF' });
    const { inquiryId, status } = await submitPersonaFlow(app, ana, 'Nobody', 'Zed');
    expect(status).toBe('completed');
    await drainWebhooks();
    expect((await inquiryRow(inquiryId)).status).toBe('approved');
    expect(await identityOf(ana)).toMatchObject({
      state: 'failed',
      verified: false,
      failureReason: 'name_mismatch',
    });
    expect((await testDeposit(ana)).statusCode).toBe(403);
  });

  it('refuses a verified person under 18', async () => {
    const ana = await signUpUser(app, { name: 'Ana Lopez', zipCode: 'C1425DKF' });
    const { inquiryId } = await submitPersonaFlow(app, ana, 'Lopez', 'Ana');
    // Persona reports the birth date with its approval: a minor's is refused on our side.
    const row = await inquiryRow(inquiryId);
    const young = inquiryResource({
      ...row,
      status: 'approved',
      fields: { ...row.fields, birthdate: '2015-01-01' },
    });
    expect((await postPersonaWebhook(personaEvent('inquiry.approved', young))).statusCode).toBe(
      200,
    );
    expect(await identityOf(ana)).toMatchObject({ verified: false, failureReason: 'underage' });
  });

  it('keeps the verified legal name when the profile is renamed, and money shows it', async () => {
    const ana = await signUpUser(app, { name: 'Ana Lopez', zipCode: '10001' });
    const bob = await signUpUser(app, { name: 'Bob Smith' });
    const flow = await passPlaidFlow(app, ana, 'Lopez', 'Ana');
    await completePlaid(ana, flow.id);
    expect(await identityOf(ana)).toMatchObject({ verified: true, legalName: 'Ana Lopez' });

    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(ana.token),
      payload: { name: 'Mallory Someone', username: ana.username, email: ana.email },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Mallory Someone'); // the display name
    expect(await identityOf(ana)).toMatchObject({ verified: true, legalName: 'Ana Lopez' });

    // Bob sees the request under the verified name, not the new display name, and so does the
    // receipt of his payment.
    const request = await requestFrom(ana, bob);
    expect(request.statusCode).toBe(201);
    expect((await firstIncoming(bob))?.requester.name).toBe('Ana Lopez');
    await markIdentityVerified(db, bob.id);
    await deposit(app, bob, 1200);
    const paid = await moneyPost(app, bob, `/api/requests/${request.json().id}/pay`, {});
    expect(paid.statusCode).toBe(200);
    const receipt = await get(bob, `/api/transactions/${paid.json().transferId}`);
    expect(receipt.json().counterparty.name).toBe('Ana Lopez');
  });
});
