import type { VerificationService } from '@pago/shared/contracts/accounts';
import type { Database } from '../../db/database';
import type { Attempt } from './identity-status';

/**
 * Records a vendor attempt or moves its status forward. Only a higher rank replaces the stored
 * status, and an attempt id never changes owner. Answers whether anything changed.
 */
export async function recordAttempt(
  db: Database,
  attempt: {
    id: string;
    userId: string;
    provider: VerificationService;
    vendorStatus: string;
    rank: number;
    createdAt: Date;
    /** The verified person's name and birth date, and why we refused them if we did. */
    legalName?: string | null;
    birthDate?: string | null;
    failureReason?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('identity_attempts')
    .values({
      id: attempt.id,
      user_id: attempt.userId,
      provider: attempt.provider,
      vendor_status: attempt.vendorStatus,
      status_rank: attempt.rank,
      legal_name: attempt.legalName ?? null,
      birth_date: attempt.birthDate ?? null,
      failure_reason: attempt.failureReason ?? null,
      created_at: attempt.createdAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          vendor_status: eb.ref('excluded.vendor_status'),
          status_rank: eb.ref('excluded.status_rank'),
          legal_name: eb.ref('excluded.legal_name'),
          birth_date: eb.ref('excluded.birth_date'),
          failure_reason: eb.ref('excluded.failure_reason'),
          updated_at: new Date(),
        }))
        .whereRef('identity_attempts.status_rank', '<', 'excluded.status_rank')
        .whereRef('identity_attempts.user_id', '=', 'excluded.user_id')
        .whereRef('identity_attempts.provider', '=', 'excluded.provider'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findAttempt(db: Database, id: string) {
  return db.selectFrom('identity_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function attemptsOf(db: Database, userId: string): Promise<Attempt[]> {
  return db
    .selectFrom('identity_attempts')
    .select(['id', 'provider', 'vendor_status', 'failure_reason', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Remembers a webhook event; false when it was seen before (a duplicate delivery). */
export async function markEventSeen(db: Database, provider: string, eventId: string) {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ provider, event_id: eventId })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
