import { sql } from 'kysely';
import type { Database } from '../../db/database';
import {
  type EventSink,
  emitEvent,
  getObject,
  insertObject,
  invalidRequest,
  newId,
  noSuch,
  type StripeObject,
  unixNow,
  updateObject,
} from './stripe-objects';

/**
 * What follows a payment at the Stripe fake: refunds of a succeeded PaymentIntent (whole or in
 * parts, never past what was charged nor of a disputed charge), and disputes answered with
 * Stripe's test evidence (`winning_evidence`, `losing_evidence`) or closed (accepted as lost).
 */

export type RefundParams = {
  paymentIntent?: string | undefined;
  charge?: string | undefined;
  amount?: number | undefined;
  reason?: string | undefined;
  metadata: Record<string, string>;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function createRefund(db: Database, params: RefundParams): Promise<StripeObject> {
  return db.transaction().execute(async (tx) => {
    const intentId = params.paymentIntent ?? (await intentOfCharge(tx, params.charge));
    if (!intentId) {
      throw params.charge
        ? noSuch('charge', params.charge, 'charge')
        : invalidRequest(
            'One of the following params should be provided for this request: payment_intent or charge.',
          );
    }
    const intent = await getObject(tx, intentId, 'payment_intent', true);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    const charge = String(intent.latest_charge);
    if (intent.status !== 'succeeded') {
      throw invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        {
          code: 'charge_not_refundable',
        },
      );
    }
    const disputed = await tx
      .selectFrom('sandbox_stripe_objects')
      .select('id')
      .where('payment_intent', '=', intent.id)
      .where('object', '=', 'dispute')
      .executeTakeFirst();
    if (disputed) {
      throw invalidRequest(`Charge ${charge} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    const { refunded } = await tx
      .selectFrom('sandbox_stripe_objects')
      .select(sql<string>`coalesce(sum((data->>'amount')::bigint), 0)`.as('refunded'))
      .where('payment_intent', '=', intent.id)
      .where('object', '=', 'refund')
      .executeTakeFirstOrThrow();
    const left = Number(intent.amount_received) - Number(refunded);
    if (left <= 0) {
      throw invalidRequest(`Charge ${charge} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = params.amount ?? left;
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        { param: 'amount' },
      );
    }
    const refund: StripeObject = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge,
      created: unixNow(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      destination_details: { card: { type: 'refund' }, type: 'card' },
      metadata: params.metadata,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      reason: params.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    await insertObject(tx, refund, intent.id);
    return refund;
  });
}

async function intentOfCharge(db: Database, charge: string | undefined) {
  if (!charge) return undefined;
  const row = await db
    .selectFrom('sandbox_stripe_objects')
    .select('id')
    .where('object', '=', 'payment_intent')
    .where(sql<string>`data->>'latest_charge'`, '=', charge)
    .executeTakeFirst();
  return row?.id;
}

export async function retrieveRefund(db: Database, id: string): Promise<StripeObject> {
  const refund = await getObject(db, id, 'refund');
  if (!refund) throw noSuch('refund', id);
  return refund;
}

export async function retrieveDispute(db: Database, id: string): Promise<StripeObject> {
  const dispute = await getObject(db, id, 'dispute');
  if (!dispute) throw noSuch('dispute', id);
  return dispute;
}

const OPEN = ['warning_needs_response', 'needs_response', 'warning_under_review', 'under_review'];

export type DisputeUpdate = {
  evidence?: Record<string, string> | undefined;
  metadata?: Record<string, string> | undefined;
  submit: boolean;
};

/**
 * Evidence for a dispute. Submitted, Stripe's test texts decide it at once (`winning_evidence`:
 * won, `losing_evidence`: lost); other evidence leaves it under review.
 */
export async function updateDispute(
  db: Database,
  sink: EventSink,
  id: string,
  update: DisputeUpdate,
): Promise<StripeObject> {
  return db.transaction().execute(async (tx) => {
    const dispute = await getObject(tx, id, 'dispute', true);
    if (!dispute) throw noSuch('dispute', id);
    if (!OPEN.includes(String(dispute.status))) {
      throw invalidRequest('This dispute is already closed');
    }
    const evidence = { ...(dispute.evidence as Record<string, unknown>), ...update.evidence };
    const details = dispute.evidence_details as Record<string, unknown>;
    Object.assign(dispute, {
      evidence,
      metadata: { ...(dispute.metadata as Record<string, string>), ...update.metadata },
      evidence_details: {
        ...details,
        has_evidence: Object.values(evidence).some((v) => v !== null && v !== ''),
        submission_count: Number(details.submission_count) + (update.submit ? 1 : 0),
      },
    });
    if (update.submit) {
      const text = evidence.uncategorized_text;
      dispute.status =
        text === 'winning_evidence' ? 'won' : text === 'losing_evidence' ? 'lost' : 'under_review';
    }
    await updateObject(tx, dispute);
    if (dispute.status === 'won' || dispute.status === 'lost') {
      await emitEvent(tx, sink, 'charge.dispute.closed', dispute);
    }
    return dispute;
  });
}

/** Closing a dispute accepts it: lost, the money stays with the cardholder. */
export async function closeDispute(
  db: Database,
  sink: EventSink,
  id: string,
): Promise<StripeObject> {
  return db.transaction().execute(async (tx) => {
    const dispute = await getObject(tx, id, 'dispute', true);
    if (!dispute) throw noSuch('dispute', id);
    if (!OPEN.includes(String(dispute.status))) {
      throw invalidRequest('This dispute is already closed');
    }
    dispute.status = 'lost';
    await updateObject(tx, dispute);
    await emitEvent(tx, sink, 'charge.dispute.closed', dispute);
    return dispute;
  });
}
