import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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

/** A list route's query: Unit's account and customer filters, its sort by creation and a page. */
export const listQuery = z.object({
  'filter[accountId]': id.optional(),
  'filter[customerId]': id.optional(),
  'page[limit]': z.coerce.number().int().min(1).max(1000).default(100),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(['createdAt', '-createdAt']).default('-createdAt'),
});
export type ListQuery = z.output<typeof listQuery>;

/**
 * One page of a fake table's rows as a Unit list answers it: filtered by account, customer and
 * statuses (none: every status but `hidden`), newest first unless `sort=createdAt`. The table's
 * rows have `account_id`, `customer_id`, `status`, `created_at` and `id`.
 */
export async function listPage<Row>(
  db: Database,
  table:
    | 'sandbox_unit_check_deposits'
    | 'sandbox_unit_check_payments'
    | 'sandbox_unit_received_payments',
  query: ListQuery,
  statuses: readonly string[],
  hidden?: string,
): Promise<Row[]> {
  const order = sql.raw(query.sort === 'createdAt' ? 'asc' : 'desc');
  const accountId = query['filter[accountId]'];
  const customerId = query['filter[customerId]'];
  const { rows } = await sql<Row>`
    select * from ${sql.table(table)}
    where (${accountId ?? null}::text is null or account_id = ${accountId ?? null})
      and (${customerId ?? null}::text is null or customer_id = ${customerId ?? null})
      and ${
        statuses.length > 0
          ? sql`status in (${sql.join(statuses)})`
          : hidden
            ? sql`status <> ${hidden}`
            : sql`true`
      }
    order by created_at ${order}, id ${order}
    limit ${query['page[limit]']} offset ${query['page[offset]']}`.execute(db);
  return rows;
}

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

type ListedTable =
  | 'sandbox_unit_check_deposits'
  | 'sandbox_unit_check_payments'
  | 'sandbox_unit_received_payments';

/**
 * A resource's two read routes over its fake table: `GET /{path}/:id` (Unit's 404 for an unknown
 * id) and `GET /{path}` (`listPage`: filters, statuses among `statuses`, sort and page; `hidden`
 * names the status a list leaves out unless the query asks, from the parsed query).
 */
export function readRoutes<Row, Query extends ListQuery>(
  fake: UnitFake,
  options: {
    path: string;
    noun: string;
    table: ListedTable;
    statuses: readonly string[];
    resource: (row: Row) => unknown;
    query?: z.ZodType<Query>;
    hidden?: (query: Query) => string | undefined;
  },
) {
  const { app, base, authorized, db } = fake;
  const { path, noun, table, statuses: known, resource } = options;
  getById(
    fake,
    path,
    noun,
    async (key) =>
      (await sql<Row>`select * from ${sql.table(table)} where id = ${key}`.execute(db)).rows[0],
    resource,
  );
  app.get(`${base}/${path}`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(options.query ?? listQuery, request.query, reply) as Query | undefined;
    if (!query) return reply;
    const statuses = statusFilter(request.query, known);
    if (!statuses) {
      return unitError(reply, 400, 'Bad Request', `filter[status] is not a ${noun} status`);
    }
    const rows = await listPage<Row>(db, table, query, statuses, options.hidden?.(query));
    return document(reply, 200, rows.map(resource));
  });
}
