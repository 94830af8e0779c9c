import type { Database } from '../../db/database';
import { type SANDBOX_STEPS, sandboxStep } from './unit-check-deposits-fake';

/** The step that moves a deposit on from each status the sandbox's own review passes through. */
const NEXT_STEP: Record<string, keyof typeof SANDBOX_STEPS> = {
  PendingReview: 'approve',
  Pending: 'transmit',
  Clearing: 'clear',
};

/**
 * The fake's own review, run by the sandbox tick when `reviewMs` > 0 (SANDBOX_CHECK_REVIEW_MS):
 * a deposit that waited `reviewMs` in PendingReview, Pending or Clearing takes the next documented
 * sandbox step, as a person trying the app would otherwise have to call them. Tests set 0 and call
 * the steps themselves.
 */
export async function reviewDueCheckDeposits(
  db: Database,
  reviewMs: number,
  returnAfterMs: number,
): Promise<number> {
  if (reviewMs <= 0) return 0;
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_check_deposits')
      .selectAll()
      .where('status', 'in', Object.keys(NEXT_STEP))
      .where('updated_at', '<=', new Date(Date.now() - reviewMs))
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of due) {
      await sandboxStep(
        tx,
        row,
        NEXT_STEP[row.status] as keyof typeof SANDBOX_STEPS,
        returnAfterMs,
      );
    }
    return due.length;
  });
}
