import type { Database } from '../../db/database';
import { primaryReads, type ReadRouting } from '../../db/replica';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { type AuditInsert, insertAudit, listAudit } from './audit.repository';
import type { Staff } from './staff-auth.service';

/** What a caller records: who is the staff member; the rest says what, on whom and why. */
export type AuditEntry = Omit<AuditInsert, 'staffId'>;

export const AUDIT_PAGE = 50;

/**
 * The staff audit log (migration 0050): append-only in the database itself. `record` runs in the
 * caller's transaction when given one, so an action and its entry commit together. Its search
 * (`list`) may read a replica (db/replica.ts), within the staleness bound.
 */
export function createAudit({
  db,
  reads = primaryReads(db),
}: {
  db: Database;
  reads?: ReadRouting;
}) {
  return {
    async record(executor: Database, staff: Pick<Staff, 'id'>, entry: AuditEntry) {
      if (entry.reason.trim().length === 0) {
        throw new AppError('reason_required', 400, 'A reason is required.');
      }
      return insertAudit(executor, { ...entry, staffId: staff.id, reason: entry.reason.trim() });
    },

    /** Newest first, filtered; `cursor` is the last id of the previous page. */
    async list(filters: {
      staffId?: string | undefined;
      userId?: string | undefined;
      action?: string | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
    }) {
      const limit = filters.limit ?? AUDIT_PAGE;
      const beforeId =
        filters.cursor && /^\d{1,18}$/.test(filters.cursor) ? Number(filters.cursor) : undefined;
      // A malformed id filter matches no one (the column is a uuid).
      if (
        (filters.staffId && !isUuid(filters.staffId)) ||
        (filters.userId && !isUuid(filters.userId))
      ) {
        return { items: [], nextCursor: null };
      }
      const rows = await reads.read(null, (from) =>
        listAudit(from, { ...filters, beforeId, limit }),
      );
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          staff: { id: row.staff_id, name: row.staff_name, email: row.staff_email },
          action: row.action,
          subjectType: row.subject_type,
          subjectId: row.subject_id,
          userId: row.user_id,
          reason: row.reason,
          details: row.details,
          ip: row.ip,
        })),
        nextCursor: rows.length > limit ? String(page[page.length - 1]?.id) : null,
      };
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
