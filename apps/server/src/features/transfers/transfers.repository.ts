import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

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
