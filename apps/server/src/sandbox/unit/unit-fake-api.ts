import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';

// What every resource of the Unit fake shares: Unit's ids, its JSON:API documents and errors,
// its org token, and the routes' context.

export const id = z.string().regex(/^\d{1,18}$/);
export const relationship = z.object({ data: z.object({ type: z.string(), id }) });
export const pageQuery = z.object({
  'filter[accountId]': id.optional(),
  'page[limit]': z.coerce.number().int().min(1).max(1000).default(100),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Unit's org token on a call, compared in constant time; answers Unit's 401 when wrong. */
export function orgTokenOk(token: string, request: FastifyRequest, reply: FastifyReply): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(String(request.headers.authorization ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    unitError(reply, 401, 'Unauthorized', 'The org token is missing or wrong');
    return false;
  }
  return true;
}

/** Parses a body or answers Unit's 400; undefined when refused. */
export function parseUnit<T>(
  schema: z.ZodType<T>,
  body: unknown,
  reply: FastifyReply,
): T | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  unitError(reply, 400, 'Bad Request', `${issue?.path.join('.')}: ${issue?.message}`);
  return undefined;
}

/** Unit's error document. */
export function unitError(reply: FastifyReply, status: number, title: string, detail?: string) {
  return reply
    .code(status)
    .type('application/vnd.api+json')
    .send({ errors: [{ status: String(status), title, ...(detail ? { detail } : {}) }] });
}
export const document = (reply: FastifyReply, status: number, data: unknown, meta?: unknown) =>
  reply
    .code(status)
    .type('application/vnd.api+json')
    .send({ data, ...(meta ? { meta } : {}) });

/** What each resource's routes are given: the app, the fake's own pool, its base and token check. */
export type UnitFake = {
  app: AppInstance;
  db: Database;
  base: string;
  authorized: (request: FastifyRequest, reply: FastifyReply) => boolean;
};

/** Unit's GET of one object by id: 404 in Unit's shape for an unknown or malformed id. */
export function getById<T>(
  { app, base, authorized }: UnitFake,
  path: string,
  noun: string,
  find: (objectId: string) => Promise<T | undefined>,
  resource: (row: T) => unknown,
) {
  app.get(`${base}/${path}/:id`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id: objectId } = request.params as { id: string };
    const row = id.safeParse(objectId).success ? await find(objectId) : undefined;
    if (!row) return unitError(reply, 404, 'Not Found', `${noun} ${objectId} not found`);
    return document(reply, 200, resource(row));
  });
}

/**
 * The statuses a list asks for (`filter[status][0]=…&filter[status][1]=…`, Unit's JSON:API
 * filter), or null when one is not among `known`.
 */
export function statusFilter(query: unknown, known: readonly string[]): string[] | null {
  const statuses = Object.entries(query as Record<string, unknown>)
    .filter(([key]) => /^filter\[status\]\[\d+\]$/.test(key))
    .map(([, value]) => String(value));
  return statuses.every((status) => known.includes(status)) ? statuses : null;
}
