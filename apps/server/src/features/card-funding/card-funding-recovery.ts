import { type CardFundingQuote, pricedAs } from '@pago/shared/contracts/card-funding';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { settleReserved } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import { claimStalePending } from './card-funding.repository';
import type { CardCallOutcome } from './card-funding.service';

/** How long a top-up may stay `pending` before the sweep asks Stripe again (a request's lease). */
export const STALE_PENDING_MS = 5 * 60 * 1000;
/** Stripe keeps an idempotency key 24 hours; a retry after that could charge again. */
const STRIPE_IDEMPOTENCY_MS = 23 * 60 * 60 * 1000;

type Deps = {
  db: Database;
  ledger: Ledger;
  available: boolean;
  charge: (
    id: string,
    userId: string,
    paymentMethodId: string,
    quote: CardFundingQuote,
  ) => Promise<CardCallOutcome>;
  settle: (
    tx: Database,
    id: string,
    outcome: CardCallOutcome,
  ) => Promise<{ statusCode: number; body: unknown }>;
};

/**
 * The recovery sweep (a job): top-ups left `pending` for STALE_PENDING_MS — the request died
 * between its steps, or Stripe did not answer — are charged again under the same Stripe
 * idempotency key (Stripe answers what it did the first time, or does it now), settled, and
 * the answer stored under the request's Idempotency-Key if the request could not store it.
 * Past Stripe's 24 hours of idempotency a retry could charge twice, so those stay `pending` for
 * an operator (docs/card-funding.md, open points).
 */
export function createCardFundingRecovery({ db, ledger, available, charge, settle }: Deps) {
  return async function recoverPending(batch = 20): Promise<number> {
    if (!available) return 0;
    const now = ledger.clock();
    const due = await db
      .transaction()
      .execute((tx) =>
        claimStalePending(tx, new Date(now.getTime() - STALE_PENDING_MS), now, batch),
      );
    let recovered = 0;
    for (const row of due) {
      if (now.getTime() - row.created_at.getTime() > STRIPE_IDEMPOTENCY_MS) continue;
      const amount = cents(Number(row.amount_cents));
      const fee = cents(Number(row.fee_cents));
      const outcome = await charge(row.id, row.user_id, row.payment_method_id, {
        amountCents: amount,
        feeCents: fee,
        totalCents: cents(amount + fee),
        brand: row.brand,
        funding: row.funding,
        pricedAs: pricedAs(row.funding),
        last4: row.last4,
        availableAt: 'immediately',
      });
      if (outcome.kind === 'unreachable') continue;
      await settleReserved(
        db,
        { userId: row.user_id, key: row.request_key },
        (tx) => settle(tx, row.id, outcome),
        { settleIfStored: true },
      );
      recovered += 1;
    }
    return recovered;
  };
}
