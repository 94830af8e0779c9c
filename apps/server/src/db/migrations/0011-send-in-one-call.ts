import type { Kysely } from 'kysely';

/**
 * One round trip per send. `transfer_send` does in one statement (its own transaction)
 * what a P2P `POST /api/transactions/send` did in about ten: the recipient by verified phone, the
 * Idempotency-Key (replay, or reserved for this request), the quote when one is given, both
 * names for the receipt, `ledger_post`, and the stored answer.
 *
 * The answer's shape stays in TypeScript (`activity.service`): the caller renders it before the
 * call with slots — JSON strings holding a NUL, which no stored text can — for what only this
 * function learns (the transfer's id, the recipient's id, name and username), and the function
 * swaps each slot for its value as JSON (`to_json`). The answer is stored with the transfer.
 *
 * Refusals raise, so nothing of the request stays (the reservation included): P2001 funds, P2002
 * limits (from `ledger_post`), P2004 a quote that cannot pay this send (detail: the reason), P2005
 * the key already used for another request, P2006 sending to oneself. A phone that is no Pago
 * user's returns no row and changes nothing: the caller takes the remittance path.
 *
 * `quote_take` is the one check of a quote against what is sent, for both paths.
 *
 * `session_touch` is the session check every signed-in request makes (the statement of
 * `sessions.repository`, unchanged), as a function so that its plan is cached per connection:
 * sent as a statement of its own it was planned at every request, which cost more than running it
 * (0.2–0.3 ms against 0.04–0.1 ms).
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // session_touch: db/functions/session_touch.sql.
  // quote_take: db/functions/quote_take.sql.
  // transfer_send: db/functions/transfer_send.sql.
}
