import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { bearerAuth, errorResponses, idempotencyHeaders } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import {
  bearerToken,
  currentUser,
  requireUser,
  requireVerifiedIdentity,
  sessionTokenHash,
} from '../accounts/require-user';
import {
  BelongsToOneStatement,
  idempotencyKey,
  isKeyUsed,
  type PhasedWork,
  runIdempotent,
  runInOneStatement,
  runPhased,
  type StoredResponse,
} from './idempotency.service';

const noParams = z.strictObject({});

/** How many times a request may go back and forth between its statement and its handler. */
const STATEMENT_TURNS = 3;

/** Not stored under the key (a 5xx): the same request, sent again, is answered. */
function stillChanging() {
  return new AppError(
    'service_unavailable',
    503,
    'The recipient changed while the money was being sent. Nothing was sent: try again.',
  );
}

/** A deferred session check still refuses a request without a well-formed token at once. */
async function requireBearerShape(request: FastifyRequest) {
  if (!bearerToken(request)) throw new AppError('unauthorized', 401, 'Not authenticated');
}

function hasIdempotencyKey(request: FastifyRequest): boolean {
  try {
    idempotencyKey(request);
    return true;
  } catch {
    return false;
  }
}

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
 * contract and serializes it as it will be stored. With `sessionInStatement`, the user is not
 * known yet (`userId` null) and the statement checks the session of `tokenHash` itself,
 * answering the user it found, or null when it refused the session (nothing done).
 */
type OneStatementHandler<Body, Params> = (input: {
  userId: string | null;
  tokenHash: Buffer | null;
  body: Body;
  params: Params;
  key: string;
  requestHash: Buffer;
  render: (answer: unknown) => string;
  /** The client's address (as TRUST_PROXY derives it): the look-up budget is per network too. */
  ip: string;
}) => Promise<{ userId: string | null; stored: StoredResponse | null }>;

/**
 * A POST that moves money: signed in, identity verified, body validated by its declared schema,
 * then run once per Idempotency-Key inside one transaction; replays get the first response, byte
 * for byte.
 */
export function moneyPost<Body extends z.ZodType, Params extends z.ZodType = typeof noParams>(
  app: AppInstance,
  accounts: Accounts,
  path: string,
  contract: MoneyContract<Body, Params>,
  handler:
    | MoneyHandler<z.output<Body>, z.output<Params>>
    | { phases: PhasedHandler<z.output<Body>, z.output<Params>> },
  options: {
    requireVerified?: boolean;
    oneStatement?: OneStatementHandler<z.output<Body>, z.output<Params>>;
    /**
     * The one statement checks the session itself (a round trip less per request): before the
     * handler only the token's shape is checked, and every answer that is not the statement's
     * (a 400 for the body or the key, a refused session) first runs the usual session checks,
     * so the order of answers stays the same — who you are before what you sent.
     */
    sessionInStatement?: boolean;
    /**
     * What the stored answer becomes when it is sent, every time (first answer, replay, a twin's
     * replay): for what the one statement could not compute itself (the receipt reference).
     */
    storedAnswer?: (body: string) => string;
    /**
     * Runs before the handler's work (when the one statement, if any, left the request to it),
     * outside any transaction: a budget the request takes, such as the look-up budget of a POST
     * that finds a person by phone or username (it throws its 429 itself).
     */
    before?: (input: { userId: string; body: z.output<Body>; ip: string }) => Promise<void>;
    /**
     * The same before the one statement runs for a known user (with `sessionInStatement`, on the
     * signed-in retry only). Its refusal is answered, never stored under the key.
     */
    beforeStatement?: (input: {
      userId: string;
      body: z.output<Body>;
      ip: string;
    }) => Promise<void>;
  } = {},
): void {
  // Before the schema's validation, as before: who you are is checked ahead of what you sent.
  const sessionChecks = [requireUser(accounts)];
  if (options.requireVerified !== false) sessionChecks.push(requireVerifiedIdentity());
  const checkSession = async (request: FastifyRequest) => {
    for (const check of sessionChecks) await check(request);
  };
  const deferSession = Boolean(options.oneStatement && options.sessionInStatement);
  const preValidation = [
    // A money POST without a body is an empty one (the spec's clients send none for some).
    async (request: { body: unknown }) => {
      if (request.body === undefined || request.body === null) request.body = {};
    },
    ...(deferSession ? [requireBearerShape] : sessionChecks),
  ];
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
      // A deferred session check answers before the body's 400 (see checkSession).
      attachValidation: deferSession,
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
      if (deferSession) {
        if (request.validationError) {
          await checkSession(request);
          throw request.validationError;
        }
        if (!hasIdempotencyKey(request)) await checkSession(request);
      }
      const key = idempotencyKey(request);
      const body = request.body as z.output<Body>;
      const routeParams = request.params as z.output<Params>;
      const scopeOf = <User extends string | null>(userId: User) => ({
        userId,
        key,
        request: { path: request.routeOptions.url, params: routeParams ?? {}, body },
      });
      const { oneStatement } = options;
      const render = (answer: unknown) => JSON.stringify(checked(answer));
      // A replay answers what it answered, whatever budget has been spent since.
      const beforeWork = async (
        step: typeof options.before | undefined,
        userId: string,
      ): Promise<void> => {
        if (step && !(await isKeyUsed(app.deps.db, userId, key))) {
          await step({ userId, body, ip: request.ip });
        }
      };
      const inOneStatement = async (userId: string | null) => {
        if (!oneStatement) return { userId, stored: null };
        if (userId !== null) await beforeWork(options.beforeStatement, userId);
        return runInOneStatement(app.deps.db, scopeOf(userId), (requestHash) =>
          oneStatement({
            userId,
            tokenHash: userId ? null : sessionTokenHash(request),
            body,
            params: routeParams,
            key,
            requestHash,
            render,
            ip: request.ip,
          }),
        );
      };
      let done = await inOneStatement(request.auth?.userId ?? null);
      if (done.userId === null) {
        // The statement refused the session: the usual checks say why (401, 403); should they
        // pass now (verified meanwhile), the request runs as a signed-in one.
        await checkSession(request);
        done = await inOneStatement(currentUser(request).userId);
      }
      const userId = done.userId ?? currentUser(request).userId;
      const runHandler = () =>
        typeof handler !== 'function'
          ? runPhased(
              app.deps.db,
              scopeOf(userId),
              handler.phases({ userId, body, params: routeParams, key }),
              render,
            )
          : runIdempotent(app.deps.db, scopeOf(userId), async (tx) => {
              const result = await handler({ userId, body, params: routeParams, tx, key });
              return { statusCode: result.statusCode, body: checked(result.body) };
            });
      let stored = done.stored;
      if (!stored) await beforeWork(options.before, userId);
      // The handler may find the request is the statement's after all (see BelongsToOneStatement):
      // the statement runs again. Each turn needs what both decide on to change in between.
      for (let turn = 1; !stored; turn += 1) {
        try {
          stored = await runHandler();
        } catch (error) {
          if (!(error instanceof BelongsToOneStatement) || !oneStatement) throw error;
          if (turn >= STATEMENT_TURNS) throw stillChanging();
          stored = (await inOneStatement(userId)).stored;
        }
      }
      // The stored answer is already JSON (a replay is byte for byte), so Fastify sends this
      // string as it is, without serializing it again.
      return reply
        .code(stored.statusCode)
        .type('application/json; charset=utf-8')
        .send((options.storedAnswer ? options.storedAnswer(stored.body) : stored.body) as never);
    },
  );
}
