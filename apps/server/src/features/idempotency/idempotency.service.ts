import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError, errorBody } from '../../lib/app-error';
import {
  findStoredResponse,
  getStoredResponse,
  insertKey,
  lockStoredResponse,
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

function requestInProgress(): AppError {
  return new AppError(
    'request_in_progress',
    409,
    'This request is still being processed. Try again in a moment for its answer.',
  );
}

type KeyRow = { request_hash: Buffer; status_code: number; response: string };

/**
 * The stored answer of a key row; 409 when the key was used for another request, or when its
 * request is reserved and still under way (a phased request, status 0 until settled).
 */
function answerOf(stored: KeyRow, hash: Buffer): StoredResponse {
  if (!stored.request_hash.equals(hash)) throw keyReused();
  if (stored.status_code === 0) throw requestInProgress();
  return { statusCode: stored.status_code, body: stored.response };
}

/** The stored answer under (user, key), or 409 when the key was used for another request. */
async function replay(db: Database, userId: string, key: string, hash: Buffer) {
  return answerOf(await getStoredResponse(db, userId, key), hash);
}

/** Whether (user, key) has a row already: the request is a replay (or a twin under way). */
export async function isKeyUsed(db: Database, userId: string, key: string): Promise<boolean> {
  return (await findStoredResponse(db, userId, key)) !== undefined;
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
 * checks the key, does the work and stores its answer under the key (`transfer_send`, in
 * db/functions/transfer_send.sql); a concurrent request with the same key fails on the key's
 * primary key when it stores its own, rolls back whole, and replays the answer stored first.
 * `call` answers with the user (null: the statement checked the session and refused it) and what
 * is stored under the key (first run or replay), or null when it cannot do this request in one
 * statement (the caller then runs `runIdempotent`). A refusal raised inside rolled everything
 * back, the reservation included; it is stored here by a second statement, unless a concurrent
 * twin stored an answer first, which is then the answer. SQLSTATE P2005 is the statement finding
 * the key used by another request.
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
 * Thrown by a money POST's handler when the request turns out to be its one statement's after
 * all: what the statement decided on changed between the two (a phone became a Pago user's just
 * after the statement found it was no one's). Nothing is stored (the handler's transaction rolls
 * back) and `moneyPost` runs the statement again, so the rule has one implementation.
 */
export class BelongsToOneStatement extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BelongsToOneStatement';
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

/**
 * A money operation whose partner call runs outside any transaction (reserve → commit → call →
 * settle). `prepare` makes what the partner must already have (accounts, counterparties; each
 * call idempotent by itself) with no transaction open. `reserve` runs in a first transaction
 * with the key claimed (status 0): it checks and reserves in the ledger and records what the call
 * needs; a refusal there is stored as the answer and the reservation rolled back. After it
 * commits, `call` asks the partner with no transaction and no connection held; it answers what
 * happened (it does not throw for the partner's refusal or absence). `settle`, in a second
 * transaction that holds the key row, applies that and answers; a refusal it throws (after
 * releasing the reservation itself, which is kept) is stored as the answer. A crash between the
 * steps leaves the key reserved: the reserving feature's job finishes the operation and stores
 * the answer under the key (`settleReserved`); until then a replay is 409 `request_in_progress`.
 */
export type PhasedWork<P, R, C> = {
  prepare: () => Promise<P>;
  reserve: (tx: Database, prepared: P) => Promise<R>;
  call: (reserved: R) => Promise<C>;
  settle: (tx: Database, reserved: R, outcome: C) => Promise<{ statusCode: number; body: unknown }>;
};

export async function runPhased<P, R, C>(
  db: Database,
  scope: { userId: string; key: string; request: unknown },
  work: PhasedWork<P, R, C>,
  render: (body: unknown) => string,
): Promise<StoredResponse> {
  const { userId, key } = scope;
  const hash = requestHash(scope.request);
  const known = await findStoredResponse(db, userId, key);
  if (known) return answerOf(known, hash);
  let prepared: P;
  try {
    prepared = await work.prepare();
  } catch (error) {
    const refused = refusalOf(error);
    if (await insertKey(db, { userId, key, requestHash: hash, stored: refused })) return refused;
    return replay(db, userId, key, hash);
  }
  const first = await db.transaction().execute(async (tx) => {
    if (!(await insertKey(tx, { userId, key, requestHash: hash }))) {
      return { answer: await replay(tx, userId, key, hash) };
    }
    await markMoneyWork(tx);
    try {
      return { reserved: await work.reserve(tx, prepared) };
    } catch (error) {
      const refused = refusalOf(error);
      await undoMoneyWork(tx);
      await storeResponse(tx, userId, key, refused);
      return { answer: refused };
    }
  });
  if (!('reserved' in first)) return first.answer;
  const reserved = first.reserved as R;
  const outcome = await work.call(reserved);
  return settleReserved(db, { userId, key }, (tx) => work.settle(tx, reserved, outcome), {
    render,
  });
}

/**
 * Settles a reserved request once, in a transaction holding its key row: if the answer is stored
 * already (the request and the recovery job raced), that answer stands and `settle` is not run.
 */
export async function settleReserved(
  db: Database,
  scope: { userId: string; key: string },
  settle: (tx: Database) => Promise<{ statusCode: number; body: unknown }>,
  options: { render?: (body: unknown) => string; settleIfStored?: boolean } = {},
): Promise<StoredResponse> {
  const render = options.render ?? JSON.stringify;
  return db.transaction().execute(async (tx) => {
    const row = await lockStoredResponse(tx, scope.userId, scope.key);
    const stored = row && row.status_code !== 0;
    // The recovery job still settles a payment whose request stored its answer (pending then).
    if (stored && !options.settleIfStored) {
      return { statusCode: row.status_code, body: row.response };
    }
    let result: StoredResponse;
    try {
      const done = await settle(tx);
      result = { statusCode: done.statusCode, body: render(done.body) };
    } catch (error) {
      result = refusalOf(error);
    }
    if (!row || stored)
      return stored ? { statusCode: row.status_code, body: row.response } : result;
    await storeResponse(tx, scope.userId, scope.key, result);
    return result;
  });
}
