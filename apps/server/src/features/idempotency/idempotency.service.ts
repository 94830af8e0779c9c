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

/** What a request is, for telling a replay from another request under the same key. */
export function requestHash(request: unknown): Buffer {
  return createHash('sha256').update(JSON.stringify(request)).digest();
}

function keyReused(): AppError {
  return new AppError(
    'idempotency_key_reused',
    409,
    'This Idempotency-Key was already used for a different request.',
  );
}

/** The stored answer under (user, key), or 409 when the key was used for another request. */
async function replay(db: Database, userId: string, key: string, hash: Buffer) {
  const stored = await getStoredResponse(db, userId, key);
  if (!stored.request_hash.equals(hash)) throw keyReused();
  return { statusCode: stored.status_code, body: stored.response };
}

/** A refusal (4xx) as the answer to store; anything else (a crash) is thrown on, storing nothing. */
function refusalOf(error: unknown): StoredResponse {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  return {
    statusCode: error.statusCode,
    body: JSON.stringify(errorBody(error.code, error.message, error.details)),
  };
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
  const hash = requestHash(scope.request);
  return db.transaction().execute(async (tx) => {
    const { userId, key } = scope;
    if (!(await insertKey(tx, { userId, key, requestHash: hash }))) {
      return replay(tx, userId, key, hash);
    }

    await markMoneyWork(tx);
    let result: StoredResponse;
    try {
      const done = await work(tx);
      result = { statusCode: done.statusCode, body: JSON.stringify(done.body) };
    } catch (error) {
      result = refusalOf(error);
      await undoMoneyWork(tx);
    }
    await storeResponse(tx, userId, key, result);
    return result;
  });
}

/**
 * Runs a money operation that is one database statement, hence its own transaction, which
 * checks the key, does the work and stores its answer under the key (`transfer_send`, migrations
 * 0011, 0012 and 0019); a concurrent request with the same key fails on the key's primary key when it
 * stores its own, rolls back whole, and replays the answer stored first. `call`
 * answers with the user (null: the statement checked the session and refused it) and what is
 * stored under the key (first run or replay), or null when it cannot do this request in one
 * statement (the caller then runs `runIdempotent`). A refusal raised inside
 * rolled everything back, the reservation included; it is stored here by a second statement,
 * unless a concurrent twin stored an answer first, which is then the answer. SQLSTATE P2005 is
 * the statement finding the key used by another request.
 */
export async function runInOneStatement(
  db: Database,
  scope: { userId: string | null; key: string; request: unknown },
  call: (requestHash: Buffer) => Promise<{ userId: string | null; stored: StoredResponse | null }>,
): Promise<{ userId: string | null; stored: StoredResponse | null }> {
  const { key } = scope;
  const hash = requestHash(scope.request);
  try {
    return await call(hash);
  } catch (thrown) {
    // A statement that checked the session itself says whose refusal it is.
    const [userId, error] =
      thrown instanceof SenderRefused ? [thrown.userId, thrown.refusal] : [scope.userId, thrown];
    if (userId === null) throw error;
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === 'P2005') throw keyReused();
    // A concurrent twin stored its answer first: this statement, transfer included, rolled back.
    if (code === '23505' && constraint === 'idempotency_keys_pkey') {
      return { userId, stored: await replay(db, userId, key, hash) };
    }
    const refused = refusalOf(error);
    if (await insertKey(db, { userId, key, requestHash: hash, stored: refused })) {
      return { userId, stored: refused };
    }
    return { userId, stored: await replay(db, userId, key, hash) };
  }
}

/**
 * What a one-statement money operation refused, and for whom: thrown when the statement checked
 * the session itself, so the caller learns the user only from the statement.
 */
export class SenderRefused extends Error {
  constructor(
    readonly userId: string,
    readonly refusal: unknown,
  ) {
    super('refused', { cause: refusal });
    this.name = 'SenderRefused';
  }
}
