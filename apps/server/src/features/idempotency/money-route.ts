import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses, idempotencyHeaders } from '../../lib/openapi';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import {
  idempotencyKey,
  type PhasedWork,
  runIdempotent,
  runInOneStatement,
  runPhased,
  type StoredResponse,
} from './idempotency.service';

const noParams = z.strictObject({});

/** What a money POST declares: its body, path parameters, answer and a line for the API reference. */
export type MoneyContract<Body extends z.ZodType, Params extends z.ZodType> = {
  body: Body;
  params?: Params;
  /** The answer on success, with its status. */
  response: { status: 200 | 201; schema: z.ZodType };
  summary: string;
  tags: string[];
};

type MoneyHandler<Body, Params> = (input: {
  userId: string;
  body: Body;
  params: Params;
  tx: Database;
  /** The request's Idempotency-Key, for a partner call that must be idempotent too. */
  key: string;
}) => Promise<{ statusCode: number; body: unknown }>;

/**
 * A POST whose partner call runs between two transactions (see `runPhased`): the phases for one
 * request. Its answer is held to the contract like any other.
 */
type PhasedHandler<Body, Params> = (input: {
  userId: string;
  body: Body;
  params: Params;
  key: string;
  // biome-ignore lint/suspicious/noExplicitAny: each route's phases carry their own types.
}) => PhasedWork<any, any, any>;

/**
 * The same POST as one database statement (see `runInOneStatement`): what is stored under the
 * key, or null to run the handler in a transaction instead. `render` holds an answer to the
 * contract and serializes it as it will be stored.
 */
type OneStatementHandler<Body, Params> = (input: {
  userId: string;
  body: Body;
  params: Params;
  key: string;
  requestHash: Buffer;
  render: (answer: unknown) => string;
}) => Promise<StoredResponse | null>;

/**
 * A POST that moves money: signed in, identity verified, body validated by its declared schema,
 * then run once per Idempotency-Key inside one transaction; replays get the first response, byte
 * for byte.
 */
export function moneyPost<Body extends z.ZodType, Params extends z.ZodType = typeof noParams>(
  app: AppInstance,
  path: string,
  contract: MoneyContract<Body, Params>,
  handler:
    | MoneyHandler<z.output<Body>, z.output<Params>>
    | { phases: PhasedHandler<z.output<Body>, z.output<Params>> },
  options: {
    requireVerified?: boolean;
    oneStatement?: OneStatementHandler<z.output<Body>, z.output<Params>>;
  } = {},
): void {
  const { accounts } = app.services;
  // Before the schema's validation, as before: who you are is checked ahead of what you sent.
  const preValidation = [
    // A money POST without a body is an empty one (the spec's clients send none for some).
    async (request: { body: unknown }) => {
      if (request.body === undefined || request.body === null) request.body = {};
    },
    requireUser(accounts),
  ];
  if (options.requireVerified !== false) preValidation.push(requireVerifiedIdentity());
  const params = contract.params ?? noParams;
  // Held to its declared answer here, as Fastify's serializer does for other routes; a mismatch
  // is our fault (500, nothing stored), never a stored answer.
  const checked = (answer: unknown) => {
    const result = contract.response.schema.safeParse(answer);
    if (!result.success) {
      throw new Error(`The answer of POST ${path} breaks its contract: ${result.error.message}`);
    }
    return result.data;
  };
  app.post(
    path,
    {
      preValidation,
      schema: {
        summary: contract.summary,
        tags: contract.tags,
        security: bearerAuth,
        headers: idempotencyHeaders,
        params,
        body: contract.body,
        response: { [contract.response.status]: contract.response.schema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const key = idempotencyKey(request);
      const body = request.body as z.output<Body>;
      const routeParams = request.params as z.output<Params>;
      const scope = {
        userId,
        key,
        request: { path: request.routeOptions.url, params: routeParams ?? {}, body },
      };
      const { oneStatement } = options;
      const render = (answer: unknown) => JSON.stringify(checked(answer));
      const stored =
        typeof handler !== 'function'
          ? await runPhased(
              app.deps.db,
              scope,
              handler.phases({ userId, body, params: routeParams, key }),
              render,
            )
          : (oneStatement &&
              (await runInOneStatement(app.deps.db, scope, (requestHash) =>
                oneStatement({
                  userId,
                  body,
                  params: routeParams,
                  key,
                  requestHash,
                  render,
                }),
              ))) ||
            (await runIdempotent(app.deps.db, scope, async (tx) => {
              const done = await handler({ userId, body, params: routeParams, tx, key });
              return { statusCode: done.statusCode, body: checked(done.body) };
            }));
      // The stored answer is already JSON (a replay is byte for byte), so Fastify sends this
      // string as it is, without serializing it again.
      return reply
        .code(stored.statusCode)
        .type('application/json; charset=utf-8')
        .send(stored.body as never);
    },
  );
}
