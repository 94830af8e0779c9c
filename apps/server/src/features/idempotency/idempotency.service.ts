import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError, errorBody } from '../../lib/app-error';
import {
  getStoredResponse,
  insertKey,
  markMoneyWork,
  storeResponse,
  undoMoneyWork,
} from './idempotency.repository';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export type StoredResponse = { statusCode: number; body: string };

export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError(
      'idempotency_key_required',
      400,
      'Send an Idempotency-Key header (8 to 128 letters, digits, _ . : -) with every money request.',
    );
  }
  return key;
}

/**
 * Runs a money operation once per (user, key). The key row is inserted first in the same
 * transaction: a concurrent request with the same key waits on it, then replays the stored
 * response byte for byte. A refusal (4xx) is stored too, with the money work rolled back to a
 * savepoint; a crash (5xx) stores nothing, so the client can retry.
 */
export async function runIdempotent(
  db: Database,
  scope: { userId: string; key: string; request: unknown },
  work: (tx: Database) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredResponse> {
  const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest();
  return db.transaction().execute(async (tx) => {
    const { userId, key } = scope;
    if (!(await insertKey(tx, { userId, key, requestHash }))) {
      const stored = await getStoredResponse(tx, userId, key);
      if (!stored.request_hash.equals(requestHash)) {
        throw new AppError(
          'idempotency_key_reused',
          409,
          'This Idempotency-Key was already used for a different request.',
        );
      }
      return { statusCode: stored.status_code, body: stored.response };
    }

    await markMoneyWork(tx);
    let result: StoredResponse;
    try {
      const done = await work(tx);
      result = { statusCode: done.statusCode, body: JSON.stringify(done.body) };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      await undoMoneyWork(tx);
      result = {
        statusCode: error.statusCode,
        body: JSON.stringify(errorBody(error.code, error.message, error.details)),
      };
    }
    await storeResponse(tx, userId, key, result);
    return result;
  });
}
