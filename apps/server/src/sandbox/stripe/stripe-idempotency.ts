import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { newId, StripeFakeError, type StripeObject, sendError } from './stripe-objects';

/**
 * Runs a call and answers it as Stripe does, with its Idempotency-Key honoured: the key is
 * claimed before the call runs, so a second use while the first runs is 409
 * idempotency_key_in_use; once done, it replays the first answer (Idempotent-Replayed: true),
 * and is refused with other parameters.
 */
export async function answer(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<StripeObject>,
) {
  const header = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
  const key = typeof header === 'string' && header !== '' ? header : null;
  if (key && key.length > 255) {
    return sendError(reply, 400, {
      type: 'invalid_request_error',
      message: 'Idempotency-Key is too long: it may be at most 255 characters.',
    });
  }
  if (!key) return send(reply, await outcome(run));
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]} ${JSON.stringify(request.body ?? {})}`)
    .digest('hex');
  const claimed = await db
    .insertInto('sandbox_stripe_idempotency_keys')
    .values({ key, request: fingerprint, status: 0, body: '' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const seen = await db
      .selectFrom('sandbox_stripe_idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen && seen.request !== fingerprint) {
      return sendError(reply, 400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (!seen || seen.status === 0) {
      return sendError(reply, 409, {
        type: 'invalid_request_error',
        code: 'idempotency_key_in_use',
        message: `There is currently another in-progress request using this Idempotency-Key: ${key}. Please try again later.`,
      });
    }
    return reply
      .code(seen.status)
      .header('idempotent-replayed', 'true')
      .header('request-id', newId('req'))
      .type('application/json')
      .send(seen.body);
  }
  let result: { status: number; text: string };
  try {
    result = await outcome(run);
  } catch (error) {
    // A failure of the fake itself is not an answer to keep: the key may be used again.
    await db.deleteFrom('sandbox_stripe_idempotency_keys').where('key', '=', key).execute();
    throw error;
  }
  await db
    .updateTable('sandbox_stripe_idempotency_keys')
    .set({ status: result.status, body: result.text })
    .where('key', '=', key)
    .execute();
  return send(reply, result);
}

async function outcome(
  run: () => Promise<StripeObject>,
): Promise<{ status: number; text: string }> {
  try {
    return { status: 200, text: JSON.stringify(await run()) };
  } catch (error) {
    if (!(error instanceof StripeFakeError)) throw error;
    return { status: error.status, text: JSON.stringify({ error: error.body }) };
  }
}

function send(reply: FastifyReply, result: { status: number; text: string }) {
  return reply
    .code(result.status)
    .header('request-id', newId('req'))
    .type('application/json')
    .send(result.text);
}
