import type { Database } from '../../db/database';

export type AuditInsert = {
  staffId: string;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  userId?: string | null;
  reason: string;
  details?: Record<string, unknown>;
  ip?: string | null;
};

export async function insertAudit(executor: Database, entry: AuditInsert) {
  return executor
    .insertInto('staff_audit_log')
    .values({
      staff_id: entry.staffId,
      action: entry.action,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId ?? null,
      user_id: entry.userId ?? null,
      reason: entry.reason,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip?.slice(0, 64) ?? null,
    })
    .returning(['id', 'at'])
    .executeTakeFirstOrThrow();
}

export type AuditFilters = {
  staffId?: string | undefined;
  userId?: string | undefined;
  action?: string | undefined;
  /** Keyset: entries older than this id. */
  beforeId?: number | undefined;
  limit: number;
};

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listAudit(db: Database, filters: AuditFilters) {
  let query = db
    .selectFrom('staff_audit_log as a')
    .innerJoin('staff as s', 's.id', 'a.staff_id')
    .select([
      'a.id',
      'a.at',
      'a.staff_id',
      's.name as staff_name',
      's.email as staff_email',
      'a.action',
      'a.subject_type',
      'a.subject_id',
      'a.user_id',
      'a.reason',
      'a.details',
      'a.ip',
    ])
    .orderBy('a.id', 'desc')
    .limit(filters.limit + 1);
  if (filters.staffId) query = query.where('a.staff_id', '=', filters.staffId);
  if (filters.userId) query = query.where('a.user_id', '=', filters.userId);
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (filters.beforeId !== undefined) query = query.where('a.id', '<', filters.beforeId);
  return query.execute();
}
