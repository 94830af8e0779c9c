import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Remittances whose payout is due, locked and skipped by other workers. */
export async function lockDuePayouts(db: Database, now: Date, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('status', '=', 'processing')
    .where('kind', '=', 'remittance')
    .where(
      sql<string>`(metadata->>'payoutDueAt')::timestamptz`,
      '<=',
      sql<string>`${now}::timestamptz`,
    )
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export type TransferFilter = {
  type?: TransferKind | undefined;
  status?: TransferStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/**
 * The user's transfers, as owner or as counterparty, newest first: a page costs what a page
 * costs. Each party's index `(user_id | counterparty_user_id, created_at desc, id desc)` is read
 * in order from the cursor on, at most `limit` rows each, and the two are merged; `user_id = $1
 * or counterparty_user_id = $1` would fetch the user's whole history and sort it for one page.
 * The keyset `(created_at, id) < cursor` is a row comparison, so the index scan starts there.
 */
export async function listTransfersOf(db: Database, userId: string, filter: TransferFilter) {
  const side = (party: 'user_id' | 'counterparty_user_id') => {
    let query = db.selectFrom('ledger_transfers').selectAll().where(party, '=', userId);
    // A transfer with the user on both sides (none today) is listed once, as its owner's.
    if (party === 'counterparty_user_id') query = query.where('user_id', '<>', userId);
    if (filter.type) query = query.where('kind', '=', filter.type);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.before) {
      const { createdAt, id } = filter.before;
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  };
  return db
    .selectFrom(
      db
        .selectFrom(side('user_id').as('owner'))
        .selectAll()
        .unionAll(db.selectFrom(side('counterparty_user_id').as('counterparty')).selectAll())
        .as('t'),
    )
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

export async function findTransferOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .executeTakeFirst();
}

/**
 * The viewer's transfers whose id hashes (SHA-256 of its text) to `prefix`: what a short receipt
 * reference is made of. One look-up of the index of migration 0033, whose expression this is
 * (word for word: the planner matches the index by its expression).
 */
export async function findTransfersOfByHashPrefix(db: Database, userId: string, prefix: Buffer) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where(sql<Buffer>`substring(sha256(id::text::bytea) from 1 for 6)`, '=', prefix)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .execute();
}

export async function statusHistory(db: Database, transferId: string) {
  return db
    .selectFrom('transfer_status_history')
    .select(['status', 'note', 'at'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}

/**
 * One P2P send as `transfer_send_batch` takes it: the sender by user id, or by the session's
 * token hash (the batch then checks the session itself, see migration 0019).
 */
export type SendInput = {
  userId: string | null;
  tokenHash: Buffer | null;
  key: string;
  requestHash: Buffer;
  phone: string;
  country: string;
  amountCents: number;
  speed: string | null;
  quoteId: string | null;
  metadata: TransferMetadata;
  now: Date;
  limits: { perTransaction: number; daily: number; monthly: number };
  statusCode: number;
  answer: string;
  slots: string[];
  /** The client's network address, for the look-up budget per network. */
  ip: string;
};

/** What `transfer_send_batch` answers per send: the stored answer, or what the send raised. */
export type BatchRow = {
  r_item: number;
  /** The sender; null when the session was refused (nothing was done). */
  r_user: string | null;
  r_session_refused: boolean;
  r_status: number | null;
  r_response: string | null;
  r_sqlstate: string | null;
  r_message: string | null;
  r_detail: string | null;
  r_constraint: string | null;
};

/**
 * P2P sends in one statement and one commit (`transfer_send_batch`, migrations 0011 and 0019),
 * one row per send in order: the answer stored under each Idempotency-Key (the send's or a
 * replay's), no answer when the phone is no Pago user's, or the SQLSTATE the send raised. The
 * sends share the limits, the answer's status and its slots (the service sends the same for
 * every P2P send); the first send's are used.
 */
export async function sendBatchInOneStatement(
  db: Database,
  sends: SendInput[],
  session: { idleMinutes: number; verified: Record<string, readonly string[]> },
  /** The look-up budget's rules: a sender or network that spent it is sent no money here. */
  lookupRules: readonly object[],
) {
  const [first] = sends as [SendInput];
  const column = <T>(pick: (send: SendInput) => T) => sends.map(pick);
  const result = await sql<BatchRow>`
    select * from transfer_send_batch(${column((s) => s.userId)}::uuid[],
      ${column((s) => s.tokenHash)}::bytea[], ${session.idleMinutes},
      ${JSON.stringify(session.verified)}::jsonb, ${column((s) => s.key)}::text[],
      ${column((s) => s.requestHash)}::bytea[], ${column((s) => s.phone)}::text[],
      ${column((s) => s.country)}::text[], ${column((s) => s.amountCents)}::bigint[],
      ${column((s) => s.speed)}::text[], ${column((s) => s.quoteId)}::uuid[],
      ${column((s) => JSON.stringify(s.metadata))}::jsonb[], ${column((s) => s.now)}::timestamptz[],
      ${JSON.stringify(first.limits)}::jsonb, ${first.statusCode},
      ${column((s) => s.answer)}::text[], ${first.slots}, ${column((s) => s.ip)}::text[],
      ${JSON.stringify(lookupRules)}::jsonb)`.execute(db);
  return result.rows;
}
