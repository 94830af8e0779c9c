import { type Cents, cents } from '@pago/shared/money';
import { parseReference } from '@pago/shared/reference';
import type { Database } from '../../db/database';
import { primaryReads, type ReadRouting } from '../../db/replica';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Activity } from '../activity/activity.service';
import { receiptReference, referenceHashPrefix } from '../activity/receipt-reference';
import type { Ledger } from '../ledger/ledger.service';
import type { Approvals } from './approvals.service';
import type { Audit } from './audit.service';
import {
  customerRow,
  customerSessions,
  customersByIds,
  identityAttempts,
  insertNote,
  insertRefund,
  lockTransferOf,
  pendingRefundApproval,
  refundOf,
  refundsOfCustomer,
  revokeCustomerSessions,
  searchCustomers,
  setFrozen,
  staffNotes,
  transferOf,
  transferParties,
  transfersByHashPrefix,
} from './customers.repository';
import type { Staff } from './staff-auth.service';

/** Kinds a refund can give back: money the customer sent or paid (not money that came in). */
export const REFUNDABLE_KINDS = new Set([
  'p2p',
  'request_payment',
  'remittance',
  'bill_payment',
  'bank_transfer',
  'bank_withdrawal',
  'card_purchase',
  'card_atm_withdrawal',
  'card_fee',
]);

type Deps = {
  db: Database;
  ledger: Ledger;
  activity: Activity;
  audit: Audit;
  approvals: Approvals;
  /** The customers' own session idle minutes, to tell live sessions. */
  sessionIdleMinutes: number;
  /** The search may read a replica (db/replica.ts), within its staleness bound. */
  reads?: ReadRouting;
};

type Request = { staff: Pick<Staff, 'id'>; reason: string; ip: string | null };

const noSuchCustomer = () => new AppError('not_found', 404, 'No such customer.');

/**
 * The console's customer view: search, one customer's page (every read audited with its reason)
 * and the actions: freeze, unfreeze, force sign-out, notes and refunds (four eyes above the
 * threshold). Closing an account is the account-rights feature's (see ops-customers.routes.ts).
 */
export function createOpsCustomers({
  db,
  ledger,
  activity,
  audit,
  approvals,
  sessionIdleMinutes,
  reads = primaryReads(db),
}: Deps) {
  async function existing(userId: string) {
    if (!isUuid(userId)) throw noSuchCustomer();
    const row = await customerRow(db, userId);
    if (!row) throw noSuchCustomer();
    return row;
  }

  const summary = (row: Awaited<ReturnType<typeof customersByIds>>[number]) => ({
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    frozen: row.frozen_at !== null,
    createdAt: row.created_at.toISOString(),
  });

  // Refunds: registered once; runs now up to the threshold, else after a second staff member.
  approvals.register('customer.refund', async (context) => {
    const transferId = String(context.input.transferId);
    const userId = String(context.userId);
    return db.transaction().execute(async (tx) => {
      const original = await lockTransferOf(tx, userId, transferId);
      if (!original) throw new AppError('transfer_not_found', 404, 'No such transfer.');
      if (await refundOf(tx, transferId)) {
        throw new AppError('already_refunded', 409, 'This transfer was already refunded.');
      }
      const amount = cents(Number(original.amount_cents) + Number(original.fee_cents));
      const refund = await ledger.post(tx, {
        kind: 'staff_refund',
        status: 'completed',
        userId,
        amountCents: amount,
        countsTowardLimits: false,
        relatedTransferId: transferId,
        metadata: { refundOf: transferId, approvalId: context.approval?.id ?? null },
        legs: [
          { account: { role: 'ops_refunds' }, amountCents: -amount },
          { account: { userId }, amountCents: amount },
        ],
      });
      await insertRefund(tx, {
        transferId,
        refundTransferId: refund.id,
        userId,
        staffId: context.staff.id,
        approvalId: context.approval?.id ?? null,
      });
      await context.audit(tx, {
        subjectType: 'transfer',
        subjectId: transferId,
        details: { refundTransferId: refund.id, amountCents: amount },
      });
      return { refundTransferId: refund.id, amountCents: amount };
    });
  });

  /** The search itself, on the primary or a replica. */
  async function searchIn(db: Database, q: string) {
    const query = q.trim();
    if (query.length < 2) return { items: [] };
    const digits = query.replace(/[^\d+]/g, '');
    const phone = /^\+?\d{10,15}$/.test(digits)
      ? digits.startsWith('+')
        ? digits
        : digits.length === 10
          ? `+1${digits}`
          : `+${digits}`
      : null;
    const byTransfer: string[] = [];
    const reference = parseReference(query);
    const transfers = isUuid(query)
      ? [await transferParties(db, query.toLowerCase())].filter((t) => t !== undefined)
      : reference
        ? (await transfersByHashPrefix(db, referenceHashPrefix(reference))).filter(
            (t) => receiptReference(t.id) === reference,
          )
        : [];
    for (const t of transfers) {
      byTransfer.push(t.user_id);
      if (t.counterparty_user_id) byTransfer.push(t.counterparty_user_id);
    }
    const byId = isUuid(query) ? [query.toLowerCase()] : [];
    const direct = await searchCustomers(db, { exact: query, phone, name: query, limit: 20 });
    const extra = await customersByIds(
      db,
      [...new Set([...byTransfer, ...byId])].filter((id) => !direct.some((c) => c.id === id)),
    );
    return { items: [...extra, ...direct].slice(0, 20).map(summary) };
  }

  return {
    /**
     * By e-mail, phone, username, name (part of it), a transfer's reference (7KQ2M-X9C4T) or id:
     * the customers found, at most 20. A transfer finds its owner and its counterparty.
     */
    search(q: string) {
      return reads.read(null, (from) => searchIn(from, q));
    },

    /** One customer's page; recorded in the audit log with the reason the staff member gave. */
    async view(userId: string, { staff, reason, ip }: Request) {
      const row = await existing(userId);
      await audit.record(db, staff, {
        action: 'customer.view',
        subjectType: 'customer',
        subjectId: userId,
        userId,
        reason,
        ip,
      });
      const [wallet, attempts, sessions, notes, page, refunds] = await Promise.all([
        ledger.walletState(db, userId),
        identityAttempts(db, userId),
        customerSessions(db, userId, sessionIdleMinutes),
        staffNotes(db, userId),
        activity.list(userId, { limit: 25 }),
        refundsOfCustomer(db, userId),
      ]);
      const refunded = new Map(refunds.map((r) => [r.transfer_id, r.refund_transfer_id]));
      const available = cents(Math.max(0, wallet.balance - wallet.held - wallet.owed));
      return {
        profile: {
          ...summary(row),
          legalName: row.legal_name,
          birthDate: row.legal_birth_date,
          address: row.address,
          phoneVerified: row.phone_verified,
          kycStatus: row.kyc_status,
          language: row.language,
          twoStepEnabled: row.two_step_enabled_at !== null,
          frozenAt: row.frozen_at?.toISOString() ?? null,
          closedAt: row.closed_at?.toISOString() ?? null,
          frozenReason: row.frozen_reason,
        },
        identity: attempts.map((a) => ({
          provider: a.provider,
          status: a.vendor_status,
          legalName: a.legal_name,
          birthDate: a.birth_date,
          failureReason: a.failure_reason,
          createdAt: a.created_at.toISOString(),
          updatedAt: a.updated_at.toISOString(),
        })),
        balances: {
          balanceCents: wallet.balance,
          heldCents: wallet.held,
          owedCents: wallet.owed,
          availableCents: available,
        },
        activity: page.items.map((t) => ({
          id: t.id,
          reference: t.reference,
          kind: t.kind,
          status: t.status,
          direction: t.direction,
          amountCents: t.amountCents,
          feeCents: t.feeCents,
          counterparty: t.counterparty?.name ?? null,
          createdAt: t.createdAt,
          refundable:
            t.direction === 'out' &&
            REFUNDABLE_KINDS.has(t.kind) &&
            t.status !== 'failed' &&
            t.status !== 'refunded' &&
            !refunded.has(t.id),
          refundedBy: refunded.get(t.id) ?? null,
        })),
        sessions: sessions.map((s) => ({
          id: s.id,
          userAgent: s.user_agent,
          signInMethod: s.sign_in_method,
          place: s.place,
          createdAt: s.created_at.toISOString(),
          lastUsedAt: s.last_used_at.toISOString(),
          live: s.live,
        })),
        notes: notes.map((n) => ({
          id: n.id,
          text: n.text,
          staffName: n.staff_name,
          createdAt: n.created_at.toISOString(),
        })),
      };
    },

    /** Freezes (no money out; money in lands) or unfreezes; 409 when it already is so. */
    async setFrozen(userId: string, frozen: boolean, { staff, reason, ip }: Request) {
      await existing(userId);
      return db.transaction().execute(async (tx) => {
        const changed = await setFrozen(tx, userId, frozen ? reason : null);
        if (!changed) {
          throw new AppError(
            'conflict',
            409,
            frozen ? 'The account is already frozen.' : 'The account is not frozen.',
          );
        }
        await audit.record(tx, staff, {
          action: frozen ? 'customer.freeze' : 'customer.unfreeze',
          subjectType: 'customer',
          subjectId: userId,
          userId,
          reason,
          ip,
        });
        return { frozen };
      });
    },

    /** Ends every session of the customer (they sign in again). */
    async signOut(userId: string, { staff, reason, ip }: Request) {
      await existing(userId);
      return db.transaction().execute(async (tx) => {
        const ended = await revokeCustomerSessions(tx, userId);
        await audit.record(tx, staff, {
          action: 'customer.sign_out',
          subjectType: 'customer',
          subjectId: userId,
          userId,
          reason,
          details: { sessionsEnded: ended },
          ip,
        });
        return { sessionsEnded: ended };
      });
    },

    /** A staff note on the customer; the note is its own reason in the audit log. */
    async addNote(userId: string, text: string, { staff, ip }: Omit<Request, 'reason'>) {
      await existing(userId);
      return db.transaction().execute(async (tx) => {
        const note = await insertNote(tx, userId, staff.id, text.trim());
        await audit.record(tx, staff, {
          action: 'customer.note',
          subjectType: 'note',
          subjectId: note.id,
          userId,
          reason: text.trim().slice(0, 1000),
          ip,
        });
        return { id: note.id, createdAt: note.created_at.toISOString() };
      });
    },

    /**
     * Gives back what the customer paid for one of their outgoing transfers (amount and fee), as
     * a `staff_refund` from Pago's `ops_refunds` account: at once up to OPS_FOUR_EYES_CENTS, else
     * after a second staff member approves. Once per transfer.
     */
    async refund(userId: string, transferId: string, { staff, reason, ip }: Request) {
      await existing(userId);
      if (!isUuid(transferId)) throw new AppError('transfer_not_found', 404, 'No such transfer.');
      const original = await transferOf(db, userId, transferId.toLowerCase());
      if (!original) throw new AppError('transfer_not_found', 404, 'No such transfer.');
      if (
        !REFUNDABLE_KINDS.has(original.kind) ||
        original.status === 'failed' ||
        original.status === 'refunded'
      ) {
        throw new AppError(
          'conflict',
          409,
          'Only money the customer sent or paid can be refunded.',
        );
      }
      if (await refundOf(db, original.id)) {
        throw new AppError('already_refunded', 409, 'This transfer was already refunded.');
      }
      if (await pendingRefundApproval(db, original.id)) {
        throw new AppError('conflict', 409, 'A refund of this transfer is waiting for approval.');
      }
      const amountCents: Cents = cents(Number(original.amount_cents) + Number(original.fee_cents));
      return approvals.run(staff, {
        action: 'customer.refund',
        amountCents,
        input: { transferId: original.id, amountCents },
        reason,
        userId,
        ip,
      });
    },
  };
}

export type OpsCustomers = ReturnType<typeof createOpsCustomers>;
