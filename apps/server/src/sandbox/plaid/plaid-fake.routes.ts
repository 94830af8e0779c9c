import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { decodeImage, sendAsset, sendClientScript } from '../shared/assets';
import { enqueueWebhook } from '../webhooks/outbox';
import { bankFakeRoutes } from './plaid-bank-fake';
import { LINK_BANK_PRODUCTS } from './plaid-bank-link.routes';
import { vendorApi as checkApiKeys, invalidRequest, plaidError, requestId } from './plaid-fake-api';
import { publicKeyById } from './plaid-keys';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));
/** A link token lives four hours, as Plaid's do. */
const LINK_TOKEN_HOURS = 4;
/** Test data: this last name fails the verification; every other passes. */
export const PLAID_FAILING_LAST_NAME = 'fail';

const linkTokenCreate = z
  .object({
    client_name: z.string().min(1),
    language: z.enum(['es', 'en']).default('en'),
    country_codes: z.array(z.string()).min(1),
    user: z.object({ client_user_id: z.string().min(1).max(128) }),
    products: z.array(z.string()).default([]),
    identity_verification: z.object({ template_id: z.string().min(1) }).optional(),
    webhook: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    access_token: z.string().min(1).max(200).optional(),
  })
  .refine(
    (body) =>
      body.access_token !== undefined
        ? body.products.length === 0
        : body.products.includes('identity_verification')
          ? body.identity_verification !== undefined
          : body.products.length > 0 &&
            body.products.every((product) => LINK_BANK_PRODUCTS.includes(product)),
    {
      message:
        'products: identity_verification (with its template), or auth, balance; none with access_token (update mode)',
    },
  );
const idvGet = z.object({ identity_verification_id: z.string().min(1) });
const keyGet = z.object({ key_id: z.string().min(1) });
const submitBody = z.strictObject({
  link_token: z.string().min(1).max(200),
  document_type: z.enum(['drivers_license', 'state_id', 'passport']),
  given_name: z.string().trim().min(1).max(100),
  family_name: z.string().trim().min(1).max(100),
  date_of_birth: z.iso.date(),
  photo: z.strictObject({ type: z.string().max(100), data_base64: z.string().min(1) }),
});

function flowError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

function ageOn(dateOfBirth: string, today: Date): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * A local Plaid: the three endpoints of Identity Verification we call (/link/token/create,
 * /identity_verification/get, /webhook_verification_key/get) in Plaid's shapes, Link's script and a
 * hosted flow, and STATUS_UPDATED webhooks (signed, retried) when a verification finishes.
 */
export async function plaidFakeRoutes(app: AppInstance): Promise<void> {
  const { db, config } = app.deps;

  const vendorApi = checkApiKeys(config);

  app.post(
    '/sandbox/plaid/link/token/create',
    { preHandler: vendorApi },
    async (request, reply) => {
      const parsed = linkTokenCreate.safeParse(request.body);
      if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
      const templateId = parsed.data.identity_verification?.template_id ?? null;
      if (templateId !== null && templateId !== config.plaid?.templateId) {
        return plaidError(
          reply,
          400,
          'INVALID_REQUEST',
          'INVALID_FIELD',
          'identity_verification.template_id is not a template of this client',
        );
      }
      // Update mode: the item whose login is to be repaired, by its access token.
      const updated = parsed.data.access_token
        ? await db
            .selectFrom('sandbox_plaid_items')
            .select(['item_id', 'webhook'])
            .where('access_token', '=', parsed.data.access_token)
            .where('removed_at', 'is', null)
            .executeTakeFirst()
        : null;
      if (updated === undefined) {
        return plaidError(
          reply,
          400,
          'INVALID_INPUT',
          'INVALID_ACCESS_TOKEN',
          'invalid access_token',
        );
      }
      const token = `link-sandbox-${randomUUID()}`;
      const expiresAt = new Date(Date.now() + LINK_TOKEN_HOURS * 3600_000);
      await db
        .insertInto('sandbox_plaid_link_tokens')
        .values({
          token,
          client_user_id: parsed.data.user.client_user_id,
          template_id: templateId,
          products: parsed.data.products,
          webhook: parsed.data.webhook ?? updated?.webhook ?? null,
          item_id: updated?.item_id ?? null,
          language: parsed.data.language,
          expires_at: expiresAt,
        })
        .execute();
      return {
        link_token: token,
        expiration: expiresAt.toISOString(),
        request_id: requestId(),
      };
    },
  );

  app.post(
    '/sandbox/plaid/identity_verification/get',
    { preHandler: vendorApi },
    async (request, reply) => {
      const parsed = idvGet.safeParse(request.body);
      if (!parsed.success)
        return plaidError(
          reply,
          400,
          'INVALID_REQUEST',
          'MISSING_FIELDS',
          'identity_verification_id is required',
        );
      const idv = await db
        .selectFrom('sandbox_plaid_idvs')
        .selectAll()
        .where('id', '=', parsed.data.identity_verification_id)
        .executeTakeFirst();
      if (!idv)
        return plaidError(
          reply,
          400,
          'INVALID_INPUT',
          'NOT_FOUND',
          'identity verification not found',
        );
      const passed = idv.status === 'success';
      const step = passed ? 'success' : 'failed';
      return {
        id: idv.id,
        client_user_id: idv.client_user_id,
        created_at: idv.created_at.toISOString(),
        completed_at: idv.completed_at?.toISOString() ?? null,
        previous_attempt_id: null,
        shareable_url: null,
        template: { id: idv.template_id, version: 1 },
        // As Plaid: the user object carries what the person entered in the hosted flow.
        user: {
          phone_number: null,
          date_of_birth: null,
          ip_address: null,
          email_address: null,
          name: null,
          address: null,
          id_number: null,
          ...idv.user_data,
        },
        status: idv.status,
        steps: {
          accept_tos: 'skipped',
          verify_sms: 'not_applicable',
          kyc_check: 'not_applicable',
          documentary_verification: step,
          selfie_check: 'not_applicable',
          watchlist_screening: 'not_applicable',
          risk_check: 'not_applicable',
        },
        documentary_verification: null,
        selfie_check: null,
        kyc_check: null,
        risk_check: null,
        verify_sms: null,
        watchlist_screening_id: null,
        beacon_user_id: null,
        user_id: null,
        redacted_at: null,
        request_id: requestId(),
      };
    },
  );

  app.post(
    '/sandbox/plaid/webhook_verification_key/get',
    { preHandler: vendorApi },
    async (request, reply) => {
      const parsed = keyGet.safeParse(request.body);
      if (!parsed.success)
        return plaidError(reply, 400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'key_id is required');
      const key = await publicKeyById(db, parsed.data.key_id);
      if (!key) return plaidError(reply, 400, 'INVALID_INPUT', 'NOT_FOUND', 'key not found');
      return {
        key: {
          ...key.public_jwk,
          alg: 'ES256',
          kid: key.kid,
          use: 'sig',
          created_at: Math.floor(key.created_at.getTime() / 1000),
          expired_at: null,
        },
        request_id: requestId(),
      };
    },
  );

  // Link: the script pages load, and the hosted flow it opens in a frame.
  app.get('/sandbox/plaid/link-initialize.js', (_request, reply) =>
    sendClientScript(reply, ASSETS, 'link-initialize.js'),
  );
  // Auth's bank picker or Identity Verification's hosted flow, by the link token's products.
  app.get('/sandbox/plaid/link', async (request, reply) => {
    const token = await openToken(String((request.query as { token?: unknown }).token ?? ''));
    if (token === null || token.products.includes('identity_verification')) {
      return sendAsset(reply, ASSETS, 'link.html');
    }
    // The same page around the bank picker's script.
    const page = await readFile(path.join(ASSETS, 'link.html'), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.replace('/link-flow.js', '/link-bank.js'));
  });
  app.get('/sandbox/plaid/assets/:file', (request, reply) =>
    sendAsset(reply, ASSETS, (request.params as { file: string }).file),
  );

  const openToken = async (token: string) => {
    const row = await db
      .selectFrom('sandbox_plaid_link_tokens')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    return row && row.expires_at > new Date() ? row : null;
  };

  app.get('/sandbox/plaid/link/session', async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const row = await openToken(token);
    if (!row)
      return flowError(reply, 400, 'INVALID_LINK_TOKEN', 'This link has expired or is not valid.');
    const item = row.item_id
      ? await db
          .selectFrom('sandbox_plaid_items')
          .select('institution_id')
          .where('item_id', '=', row.item_id)
          .executeTakeFirst()
      : undefined;
    return {
      language: row.language === 'es' ? 'es' : 'en',
      client_name: 'Pago',
      products: row.products,
      // Update mode: Link goes straight to this bank's sign-in.
      update: item ? { institution_id: item.institution_id } : null,
    };
  });

  app.post(
    '/sandbox/plaid/link/submit',
    { bodyLimit: 12 * 1024 * 1024 },
    async (request, reply) => {
      const parsed = submitBody.safeParse(request.body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') ?? 'body';
        return flowError(reply, 400, 'validation_failed', `Check ${field}.`);
      }
      const input = parsed.data;
      const token = await openToken(input.link_token);
      if (!token?.template_id)
        return flowError(
          reply,
          400,
          'INVALID_LINK_TOKEN',
          'This link has expired or is not valid.',
        );
      const templateId = token.template_id;
      if (ageOn(input.date_of_birth, new Date()) < 18) {
        return flowError(reply, 400, 'validation_failed', 'You must be 18 or older.');
      }
      const photo = decodeImage(input.photo.data_base64);
      if (!photo) {
        return flowError(
          reply,
          400,
          'invalid_photo',
          'The photo must be an image file of at most 8 MB.',
        );
      }
      const passed = input.family_name.trim().toLowerCase() !== PLAID_FAILING_LAST_NAME;
      const id = `idv_${randomBytes(12).toString('hex')}`;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sandbox_plaid_idvs')
          .values({
            id,
            link_token: token.token,
            client_user_id: token.client_user_id,
            template_id: templateId,
            status: passed ? 'success' : 'failed',
            user_data: JSON.stringify({
              name: { given_name: input.given_name, family_name: input.family_name },
              date_of_birth: input.date_of_birth,
            }),
            document_type: input.document_type,
            photo_sha256: createHash('sha256').update(photo).digest('hex'),
            completed_at: new Date(),
          })
          .execute();
        await enqueueWebhook(trx, 'plaid', '/api/webhooks/plaid', {
          webhook_type: 'IDENTITY_VERIFICATION',
          webhook_code: 'STATUS_UPDATED',
          identity_verification_id: id,
          environment: 'sandbox',
        });
      });
      return { identity_verification_id: id, status: passed ? 'success' : 'failed' };
    },
  );

  await bankFakeRoutes(app, openToken);
}
