import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import type { SandboxPersonaInquiriesTable } from '../../db/schema';
import { decodeImage, sendAsset, sendClientScript } from '../shared/assets';
import { enqueueWebhook } from '../webhooks/outbox';
import { registerPersonaDecisions } from './persona-decisions.routes';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

/**
 * Test data, by last name: `Fail` fails the checks at once; `Decline` is submitted, then declined
 * after review; any other name is approved after review.
 */
export const PERSONA_TEST_LAST_NAMES = { fail: 'fail', decline: 'decline' } as const;

/** The countries whose documents the fake's flow takes: Latin America and Spain. */
export const PERSONA_COUNTRIES = [
  'MX',
  'GT',
  'SV',
  'HN',
  'NI',
  'CR',
  'PA',
  'CO',
  'VE',
  'EC',
  'PE',
  'BO',
  'CL',
  'AR',
  'UY',
  'PY',
  'DO',
  'ES',
] as const;

export type InquiryRow = Selectable<SandboxPersonaInquiriesTable>;

/** How long a session token for resuming an inquiry lasts. */
const SESSION_TOKEN_SECONDS = 24 * 3600;

const createBody = z.object({
  data: z.object({
    attributes: z.object({
      'inquiry-template-id': z.string().min(1),
      'reference-id': z.string().min(1).max(200).optional(),
      fields: z.record(z.string(), z.string().nullable()).optional(),
    }),
  }),
});
const submitBody = z.strictObject({
  inquiry_id: z.string().min(1).max(100),
  country: z.enum(PERSONA_COUNTRIES),
  id_class: z.enum(['id', 'pp', 'dl']),
  name_first: z.string().trim().min(1).max(100),
  name_last: z.string().trim().min(1).max(100),
  birthdate: z.iso.date(),
  identification_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,20}$/),
  photo: z.strictObject({ type: z.string().max(100), data_base64: z.string().min(1) }),
});

/** An inquiry as Persona's API and webhooks show it (JSON:API, kebab-case). */
export function inquiryResource(row: InquiryRow) {
  return {
    type: 'inquiry',
    id: row.id,
    attributes: {
      status: row.status,
      'reference-id': row.reference_id,
      // As Persona: the person's name and birth date, as collected in the flow.
      'name-first': row.fields['name-first'] ?? null,
      'name-middle': null,
      'name-last': row.fields['name-last'] ?? null,
      birthdate: row.fields.birthdate ?? null,
      'created-at': row.created_at.toISOString(),
      'updated-at': row.updated_at.toISOString(),
      'completed-at': row.completed_at?.toISOString() ?? null,
      'decisioned-at': row.decided_at?.toISOString() ?? null,
      fields: Object.fromEntries(
        Object.entries(row.fields).map(([name, value]) => [name, { type: 'string', value }]),
      ),
    },
    relationships: {
      'inquiry-template': { data: { type: 'inquiry-template', id: row.template_id } },
    },
  };
}

/** Queues `inquiry.<name>` for an inquiry as it now is. */
async function emitEvent(db: Database, name: string, row: InquiryRow) {
  await enqueueWebhook(db, 'persona', '/api/webhooks/persona', {
    data: {
      type: 'event',
      id: `evt_${randomBytes(12).toString('hex')}`,
      attributes: {
        name: `inquiry.${name}`,
        'created-at': new Date().toISOString(),
        payload: { data: inquiryResource(row) },
      },
    },
  });
}

async function updateInquiry(
  db: Database,
  id: string,
  changes: Partial<Omit<InquiryRow, 'fields' | 'created_at'>>,
) {
  return db
    .updateTable('sandbox_persona_inquiries')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Decides the inquiries whose review time has come (approved or declined by test data) and tells
 * our server through the webhook, as Persona's workflows do a little after submission.
 */
export async function decideDueInquiries(db: Database): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('sandbox_persona_inquiries')
      .selectAll()
      .where('decide_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .skipLocked()
      .limit(50)
      .execute();
    for (const inquiry of due) {
      const decided = await updateInquiry(trx, inquiry.id, {
        status: inquiry.decision ?? 'approved',
        decide_at: null,
        decided_at: new Date(),
      });
      await emitEvent(trx, decided.status, decided);
    }
    return due.length;
  });
}

/**
 * A local Persona: POST/GET /api/v1/inquiries in Persona's shapes, the embedded-flow client script
 * and its hosted flow, and inquiry webhooks signed like Persona's.
 */
export async function personaFakeRoutes(app: AppInstance): Promise<void> {
  const { db, config } = app.deps;

  const vendorApi = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.persona || request.headers.authorization !== `Bearer ${config.persona.apiKey}`) {
      return reply
        .code(401)
        .send({ errors: [{ title: 'Must be authenticated to access this endpoint' }] });
    }
  };
  // Session tokens are signed, not stored: the inquiry and the time they were given out.
  const sessionSignature = (id: string, issuedAt: number) =>
    createHmac('sha256', config.appSecret)
      .update(`persona-session.${id}.${issuedAt}`)
      .digest('hex');
  const sessionTokenFor = (id: string) => {
    const issuedAt = Math.floor(Date.now() / 1000);
    return `${issuedAt}.${sessionSignature(id, issuedAt)}`;
  };
  const sessionTokenValid = (id: string, token: unknown) => {
    const [issued, signature] = typeof token === 'string' ? token.split('.') : [];
    const issuedAt = Number(issued);
    if (!Number.isInteger(issuedAt) || !signature) return false;
    if (Date.now() / 1000 - issuedAt > SESSION_TOKEN_SECONDS) return false;
    const expected = Buffer.from(sessionSignature(id, issuedAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const findInquiry = (id: string) =>
    db.selectFrom('sandbox_persona_inquiries').selectAll().where('id', '=', id).executeTakeFirst();

  app.post(
    '/sandbox/persona/api/v1/inquiries',
    { preHandler: vendorApi },
    async (request, reply) => {
      const parsed = createBody.safeParse(request.body);
      if (!parsed.success) {
        return reply
          .code(400)
          .send({ errors: [{ title: 'Bad request', details: parsed.error.issues[0]?.message }] });
      }
      const attributes = parsed.data.data.attributes;
      if (attributes['inquiry-template-id'] !== config.persona?.templateId) {
        return reply.code(404).send({ errors: [{ title: 'Inquiry template not found' }] });
      }
      const fields = attributes.fields ?? {};
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('sandbox_persona_inquiries')
          .values({
            id: `inq_${randomBytes(12).toString('hex')}`,
            template_id: attributes['inquiry-template-id'],
            reference_id: attributes['reference-id'] ?? '',
            status: 'created',
            fields: JSON.stringify({
              'name-first': fields['name-first'] ?? null,
              'name-last': fields['name-last'] ?? null,
              'email-address': fields['email-address'] ?? null,
              'phone-number': fields['phone-number'] ?? null,
            }),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await emitEvent(trx, 'created', inserted);
        return inserted;
      });
      return reply.code(201).send({ data: inquiryResource(row) });
    },
  );

  app.get(
    '/sandbox/persona/api/v1/inquiries/:id',
    { preHandler: vendorApi },
    async (request, reply) => {
      const row = await findInquiry((request.params as { id: string }).id);
      if (!row) return reply.code(404).send({ errors: [{ title: 'Record not found' }] });
      return { data: inquiryResource(row) };
    },
  );

  app.post(
    '/sandbox/persona/api/v1/inquiries/:id/resume',
    { preHandler: vendorApi },
    async (request, reply) => {
      const row = await findInquiry((request.params as { id: string }).id);
      if (!row) return reply.code(404).send({ errors: [{ title: 'Record not found' }] });
      if (row.status !== 'created' && row.status !== 'pending') {
        return reply.code(400).send({ errors: [{ title: 'Inquiry cannot be resumed' }] });
      }
      return { data: inquiryResource(row), meta: { 'session-token': sessionTokenFor(row.id) } };
    },
  );

  registerPersonaDecisions(app, {
    vendorApi,
    findInquiry,
    updateInquiry,
    emitEvent,
    inquiryResource,
  });

  // The embedded flow: the client script and the hosted pages it opens in a frame.
  app.get('/sandbox/persona/persona.js', (_request, reply) =>
    sendClientScript(reply, ASSETS, 'persona.js'),
  );
  app.get('/sandbox/persona/flow', (_request, reply) => sendAsset(reply, ASSETS, 'flow.html'));
  app.get('/sandbox/persona/assets/:file', (request, reply) =>
    sendAsset(reply, ASSETS, (request.params as { file: string }).file),
  );

  app.get('/sandbox/persona/flow/inquiry', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let row = await findInquiry(String(query['inquiry-id'] ?? ''));
    if (!row) {
      return reply
        .code(404)
        .send({ error: { code: 'inquiry_not_found', message: 'Inquiry not found' } });
    }
    // As Persona: the first visit starts the inquiry; coming back to a started one takes the
    // session token our server got by resuming it.
    if (row.status === 'pending' && !sessionTokenValid(row.id, query['session-token'])) {
      return reply.code(403).send({
        error: {
          code: 'session_token_required',
          message: 'This verification was already started. Continue it from the app.',
        },
      });
    }
    if (row.status === 'created') {
      row = await db.transaction().execute(async (trx) => {
        const started = await updateInquiry(trx, (row as InquiryRow).id, { status: 'pending' });
        await emitEvent(trx, 'started', started);
        return started;
      });
    }
    return {
      id: row.id,
      status: row.status,
      fields: {
        name_first: row.fields['name-first'] ?? null,
        name_last: row.fields['name-last'] ?? null,
        email_address: row.fields['email-address'] ?? null,
        phone_number: row.fields['phone-number'] ?? null,
      },
    };
  });

  app.post(
    '/sandbox/persona/flow/submit',
    { bodyLimit: 12 * 1024 * 1024 },
    async (request, reply) => {
      const parsed = submitBody.safeParse(request.body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') ?? 'body';
        return reply
          .code(400)
          .send({ error: { code: 'validation_failed', message: `Check ${field}.` } });
      }
      const input = parsed.data;
      if (!decodeImage(input.photo.data_base64)) {
        return reply.code(400).send({
          error: {
            code: 'invalid_photo',
            message: 'The photo must be an image file of at most 8 MB.',
          },
        });
      }
      const lastName = input.name_last.trim().toLowerCase();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sandbox_persona_inquiries')
          .selectAll()
          .where('id', '=', input.inquiry_id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return 'not_found' as const;
        if (row.status !== 'created' && row.status !== 'pending') return 'submitted' as const;
        const fields = JSON.stringify({
          ...row.fields,
          'name-first': input.name_first,
          'name-last': input.name_last,
          birthdate: input.birthdate,
          'address-country-code': input.country,
          'identification-class': input.id_class,
        });
        await trx
          .updateTable('sandbox_persona_inquiries')
          .set({ fields })
          .where('id', '=', row.id)
          .execute();
        if (row.status === 'created') {
          await emitEvent(trx, 'started', await updateInquiry(trx, row.id, { status: 'pending' }));
        }
        if (lastName === PERSONA_TEST_LAST_NAMES.fail) {
          await emitEvent(
            trx,
            'failed',
            await updateInquiry(trx, row.id, { status: 'failed', completed_at: new Date() }),
          );
          return 'failed' as const;
        }
        const completed = await updateInquiry(trx, row.id, {
          status: 'completed',
          completed_at: new Date(),
          decision: lastName === PERSONA_TEST_LAST_NAMES.decline ? 'declined' : 'approved',
          decide_at: new Date(Date.now() + config.sandboxPersonaReviewMs),
        });
        await emitEvent(trx, 'completed', completed);
        return 'completed' as const;
      });
      if (outcome === 'not_found') {
        return reply
          .code(404)
          .send({ error: { code: 'inquiry_not_found', message: 'Inquiry not found' } });
      }
      if (outcome === 'submitted') {
        return reply.code(409).send({
          error: {
            code: 'inquiry_submitted',
            message: 'This verification was already submitted.',
          },
        });
      }
      return { status: outcome };
    },
  );
}
