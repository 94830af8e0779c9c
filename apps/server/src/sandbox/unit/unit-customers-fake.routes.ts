import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { customerExists, hashToken, nextId } from './unit-fake.repository';
import { document, getById, id, parseUnit, type UnitFake, unitError } from './unit-fake-api';

/** Unit caps customer tokens at 24 hours. */
const MAX_TOKEN_SECONDS = 24 * 60 * 60;
const SCOPES = new Set([
  'customers',
  'customers-write',
  'accounts',
  'accounts-write',
  'transactions',
  'payments',
  'payments-write',
  'counterparties',
  'statements',
  'cards',
  'cards-write',
  'cards-sensitive',
  'cards-sensitive-write',
]);

/**
 * Unit's `Address` (openapi-unit-sdk, schemas/types.json): street and city 1–255 characters,
 * street2 optional, postalCode ZIP or ZIP+4, nothing else; a US address needs Unit's `State`
 * (the states, DC and the territories and freely associated states it lists).
 */
const UNIT_STATE =
  /^((A[LKSZR])|(C[AOT])|(D[EC])|(F[ML])|(G[AU])|(HI)|(I[DLNA])|(K[SY])|(LA)|(M[EHDAINSOT])|(N[EVHJMYCD])|(MP)|(O[HKR])|(P[WAR])|(RI)|(S[CD])|(T[NX])|(UT)|(V[TIA])|(W[AVIY]))$/;
const address = z
  .strictObject({
    street: z.string().min(1).max(255).regex(/^.*$/),
    street2: z.string().regex(/^.*$/).nullish(),
    city: z.string().min(1).max(255).regex(/^.*$/),
    state: z.string().optional(),
    postalCode: z.string().regex(/^[0-9]{5}(?:-[0-9]{4})?$/),
    country: z.string().length(2).default('US'),
  })
  .refine((address) => address.country !== 'US' || UNIT_STATE.test(address.state ?? ''), {
    path: ['state'],
    error: 'must be a valid US state',
  });
const phone = z.object({ countryCode: z.string().max(4), number: z.string().max(20) });
const fullName = z.object({
  first: z.string().min(1).max(255),
  last: z.string().min(1).max(255),
});
const applicationExtras = {
  idempotencyKey: z.string().max(255).optional(),
  tags: z.record(z.string(), z.string()).optional(),
};
const individualApplication = z.object({
  type: z.literal('individualApplication'),
  attributes: z.object({
    fullName,
    dateOfBirth: z.iso.date(),
    email: z.string().min(3).max(254),
    phone,
    address,
    ...applicationExtras,
  }),
});
// Unit's business application: the company, its contact, officer and beneficial owners.
const person = z.object({
  fullName,
  email: z.string().min(3).max(254),
  phone,
  dateOfBirth: z.iso.date().optional(),
  address: address.optional(),
  ssn: z
    .string()
    .regex(/^\d{9}$/)
    .optional(),
});
const businessApplication = z.object({
  type: z.literal('businessApplication'),
  attributes: z.object({
    name: z.string().min(1).max(255),
    address,
    phone,
    stateOfIncorporation: z.string().length(2),
    ein: z.string().regex(/^\d{9}$/),
    entityType: z.enum([
      'Corporation',
      'LLC',
      'Partnership',
      'PubliclyTradedCorporation',
      'PrivatelyHeldCorporation',
      'NotForProfitOrganization',
    ]),
    contact: person.pick({ fullName: true, email: true, phone: true }),
    officer: person.extend({ title: z.string().max(50).optional() }),
    beneficialOwners: z.array(person).max(10),
    ...applicationExtras,
  }),
});
const applicationBody = z.object({
  data: z.discriminatedUnion('type', [individualApplication, businessApplication]),
});
const tokenBody = z.object({
  data: z.object({
    type: z.literal('customerToken'),
    attributes: z.object({
      scope: z.string().min(1).max(500),
      expiresIn: z.number().int().min(1).max(MAX_TOKEN_SECONDS).optional(),
      verificationToken: z.string().min(1).max(500).optional(),
      verificationCode: z.string().min(1).max(20).optional(),
      jwtToken: z.string().min(1).max(5000).optional(),
    }),
  }),
});
// token/createCustomerTokenVerification.json: strict, as the OpenAPI says (additionalProperties).
const verificationBody = z.object({
  data: z.strictObject({
    type: z.literal('customerTokenVerification'),
    attributes: z.strictObject({
      channel: z.enum(['sms', 'call']),
      phone: z.object({ countryCode: z.string().max(4), number: z.string().max(20) }).optional(),
      appHash: z.string().length(11).optional(),
      language: z.string().max(5).optional(),
    }),
  }),
});
/** Scopes Unit gives only to a verified token (a code texted to the customer, or the org's JWT). */
const SENSITIVE = new Set(['cards-sensitive', 'cards-sensitive-write']);
/** How long the fake's texted code is good for, and how many wrong codes spend it. */
const VERIFICATION_SECONDS = 10 * 60;
const VERIFICATION_ATTEMPTS = 5;
const VERIFICATION_TEXT: Record<'en' | 'es', (code: string) => string> = {
  en: (code) => `Your verification code is: ${code}`,
  es: (code) => `Tu código de verificación es: ${code}`,
};

/** Age in whole years on `today` of someone born on `birth` (YYYY-MM-DD). */
function ageOn(birth: string, today: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) {
    age -= 1;
  }
  return age;
}

/**
 * The decision of the fake's application review (documented in README's sandbox table): a last
 * name "Denied" or an applicant under 18 is Denied; anyone else is Approved at once.
 */
function decide(application: z.infer<typeof applicationBody>['data']) {
  // A business whose name ends in "Denied" is Denied; any other business is Approved.
  if (application.type === 'businessApplication') {
    return /denied$/i.test(application.attributes.name.trim())
      ? { status: 'Denied', reason: 'Sandbox test data: business name ends in Denied' }
      : { status: 'Approved', reason: null };
  }
  const { attributes } = application;
  if (attributes.fullName.last.trim().toLowerCase() === 'denied') {
    return { status: 'Denied', reason: 'Sandbox test data: last name Denied' };
  }
  if (ageOn(attributes.dateOfBirth, new Date()) < 18) {
    return { status: 'Denied', reason: 'Applicant is under 18' };
  }
  return { status: 'Approved', reason: null };
}

function applicationResource(row: {
  id: string;
  type: string;
  status: string;
  customer_id: string | null;
  decision_reason: string | null;
  attributes: unknown;
  created_at: Date;
}) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      ...(row.attributes as object),
      status: row.status,
      ...(row.decision_reason ? { decisionReason: row.decision_reason } : {}),
      createdAt: row.created_at.toISOString(),
    },
    relationships: row.customer_id
      ? {
          customer: {
            data: {
              type: row.type === 'businessApplication' ? 'businessCustomer' : 'individualCustomer',
              id: row.customer_id,
            },
          },
        }
      : {},
  };
}

/** Unit's customers: applications (decided at once) and the customers' bearer tokens. */
export function unitCustomersFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  getById(
    fake,
    'applications',
    'application',
    (key) =>
      db
        .selectFrom('sandbox_unit_applications')
        .selectAll()
        .where('id', '=', key)
        .executeTakeFirst(),
    applicationResource,
  );

  app.post(`${base}/applications`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(applicationBody, request.body, reply);
    if (!body) return reply;
    const { attributes } = body.data;
    const key = attributes.idempotencyKey ?? null;
    const row = await db.transaction().execute(async (tx) => {
      if (key) {
        const existing = await tx
          .selectFrom('sandbox_unit_applications')
          .selectAll()
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (existing) return existing;
      }
      const decision = decide(body.data);
      return tx
        .insertInto('sandbox_unit_applications')
        .values({
          id: await nextId(tx),
          type: body.data.type,
          customer_id: decision.status === 'Approved' ? await nextId(tx) : null,
          status: decision.status,
          decision_reason: decision.reason,
          attributes: JSON.stringify(attributes),
          idempotency_key: key,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (!row) return unitError(reply, 409, 'Conflict', 'Idempotency key in use');
    return document(reply, 201, applicationResource(row));
  });

  // Unit's "Create Customer Token Verification": a code texted (or, channel call, spoken) to the
  // customer's phone, its own or the one given; the fake's lands in the sandbox SMS outbox.
  app.post(`${base}/customers/:id/token/verification`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(verificationBody, request.body, reply);
    if (!body) return reply;
    const { id: customerId } = request.params as { id: string };
    if (!id.safeParse(customerId).success || !(await customerExists(db, customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    const { attributes } = body.data;
    const application = await db
      .selectFrom('sandbox_unit_applications')
      .select('attributes')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    const phone =
      attributes.phone ??
      (application?.attributes as { phone?: { countryCode: string; number: string } } | undefined)
        ?.phone ??
      (application?.attributes as { contact?: { phone?: { countryCode: string; number: string } } })
        ?.contact?.phone;
    if (!phone) return unitError(reply, 400, 'Bad Request', 'The customer has no phone');
    const verificationToken = randomBytes(24).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const language = attributes.language?.startsWith('es') ? 'es' : 'en';
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sandbox_unit_token_verifications')
        .values({
          token_hash: hashToken(verificationToken),
          customer_id: customerId,
          code,
          used_at: null,
          expires_at: new Date(Date.now() + VERIFICATION_SECONDS * 1000),
        })
        .execute();
      await tx
        .insertInto('sandbox_sms')
        .values({
          to_number: `+${phone.countryCode.replace(/\D/g, '')}${phone.number.replace(/\D/g, '')}`,
          body: VERIFICATION_TEXT[language](code),
          code,
        })
        .execute();
    });
    return document(reply, 201, {
      type: 'customerTokenVerification',
      id: await nextId(db),
      attributes: { verificationToken },
    });
  });

  /**
   * Whether a token request of a sensitive scope carries a good verification: the token of an
   * open verification of this customer and its code (a wrong code counts; the fifth spends it;
   * a right one spends it too). A `jwtToken` is refused: the fake has no org JWT settings.
   */
  async function verified(
    customerId: string,
    attributes: { verificationToken?: string | undefined; verificationCode?: string | undefined },
  ): Promise<string | null> {
    if (!attributes.verificationToken || !attributes.verificationCode) {
      return 'This scope requires a verificationToken and verificationCode';
    }
    const { verificationToken, verificationCode } = attributes;
    return db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('sandbox_unit_token_verifications')
        .selectAll()
        .where('token_hash', '=', hashToken(verificationToken))
        .where('customer_id', '=', customerId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.used_at || row.expires_at <= new Date()) {
        return 'The verification token is invalid or expired';
      }
      if (row.code !== verificationCode) {
        await tx
          .updateTable('sandbox_unit_token_verifications')
          .set({
            attempts: row.attempts + 1,
            used_at: row.attempts + 1 >= VERIFICATION_ATTEMPTS ? new Date() : null,
          })
          .where('token_hash', '=', row.token_hash)
          .execute();
        return 'The verification code is not valid';
      }
      await tx
        .updateTable('sandbox_unit_token_verifications')
        .set({ used_at: new Date() })
        .where('token_hash', '=', row.token_hash)
        .execute();
      return null;
    });
  }

  app.post(`${base}/customers/:id/token`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(tokenBody, request.body, reply);
    if (!body) return reply;
    const { id: customerId } = request.params as { id: string };
    const scopes = body.data.attributes.scope.split(' ');
    if (scopes.some((scope) => !SCOPES.has(scope))) {
      return unitError(reply, 400, 'Bad Request', 'scope has an unknown scope');
    }
    if (!id.safeParse(customerId).success || !(await customerExists(db, customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    if (scopes.some((scope) => SENSITIVE.has(scope))) {
      const refusal = await verified(customerId, body.data.attributes);
      if (refusal) return unitError(reply, 403, 'Forbidden', refusal);
    }
    const expiresIn = body.data.attributes.expiresIn ?? MAX_TOKEN_SECONDS;
    const token = `v2.public.${randomBytes(32).toString('base64url')}`;
    await db
      .insertInto('sandbox_unit_tokens')
      .values({
        token_hash: hashToken(token),
        customer_id: customerId,
        scope: scopes.join(' '),
        expires_at: new Date(Date.now() + expiresIn * 1000),
      })
      .execute();
    return document(reply, 201, { type: 'customerBearerToken', attributes: { token, expiresIn } });
  });
}
