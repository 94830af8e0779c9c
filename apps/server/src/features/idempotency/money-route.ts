import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { idempotencyKey, runIdempotent } from './idempotency.service';

type MoneyHandler<Body> = (input: {
  userId: string;
  body: Body;
  params: Record<string, string>;
  tx: Database;
}) => Promise<{ statusCode: number; body: unknown }>;

/**
 * A POST that moves money: signed in, identity verified, body validated, then run once per
 * Idempotency-Key inside one transaction; replays get the first response, byte for byte.
 */
export function moneyPost<S extends z.ZodType>(
  app: AppInstance,
  path: string,
  schema: S,
  handler: MoneyHandler<z.infer<S>>,
  options: { requireVerified?: boolean } = {},
): void {
  const { accounts } = app.services;
  const preHandler = [requireUser(accounts)];
  if (options.requireVerified !== false) preHandler.push(requireVerifiedIdentity());
  app.post(path, { preHandler }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { userId } = currentUser(request);
    const body = schema.parse(request.body ?? {});
    const key = idempotencyKey(request);
    const params = (request.params ?? {}) as Record<string, string>;
    const stored = await runIdempotent(
      app.deps.db,
      { userId, key, request: { path: request.routeOptions.url, params, body } },
      (tx) => handler({ userId, body, params, tx }),
    );
    return reply.code(stored.statusCode).type('application/json; charset=utf-8').send(stored.body);
  });
}
