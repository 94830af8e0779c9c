import type { RemittanceTracking, TrackingStep } from '@pago/shared/contracts/remittances';
import type { Transfer } from '@pago/shared/contracts/transfers';
import type { CorridorCountry } from '@pago/shared/fees';
import { CANCEL_MINUTES } from '@pago/shared/remittance-rights';
import { expectedDeliveryBy } from '@pago/shared/remittances';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Activity } from '../activity/activity.service';
import type { RecipientNoticeService } from '../recipient-notice/recipient-notice.service';
import { payoutViewOf } from './recipients.service';
import type { RemittanceCases } from './remittance-cases.service';
import { findPayout, type PayoutRow } from './remittances.repository';

/** Partner statuses after which the partner can still cancel (docs/thunes.md). */
const PARTNER_CANCELLABLE = new Set(['10000', '20000', '20110', '20150', '60000']);

const transferNotFound = () => new AppError('not_found', 404, 'Transfer not found');

/** The tracking step a partner status is, for a payout of `method` (null: no step of its own). */
function stepOf(status: string, cash: boolean): TrackingStep | null {
  if (status === '20110') return 'under_review';
  if (status === '20150') return 'available_for_pickup';
  switch (status.slice(0, 1)) {
    case '3':
    case '9':
      return 'failed';
    case '4':
      return 'cancelled';
    case '5':
      return 'submitted';
    case '6':
      return 'available_for_pickup';
    case '7':
      return cash ? 'picked_up' : 'deposited';
    case '8':
      return 'reversed';
    default:
      return null;
  }
}

/** The steps so far, from the ledger's status history and the partner's statuses. */
export function timeline(
  transfer: Transfer & { statusHistory: { status: string; at: string }[] },
  payout: PayoutRow | undefined,
) {
  const cash = payout?.payout_method === 'cash_pickup';
  const steps: { step: TrackingStep; at: string }[] = [{ step: 'created', at: transfer.createdAt }];
  if (payout?.partner_history && payout.partner_history.length > 0) {
    if (payout.sent_to_partner_at) {
      steps.push({ step: 'sent_to_partner', at: payout.sent_to_partner_at.toISOString() });
    }
    for (const entry of payout.partner_history) {
      const step = stepOf(entry.status, cash);
      if (step && steps.at(-1)?.step !== step) steps.push({ step, at: entry.at });
    }
  } else if (payout?.cancelled_at) {
    steps.push({ step: 'cancelled', at: payout.cancelled_at.toISOString() });
  } else if (payout?.compliance_hold) {
    // Held for a sanctions review (features/sanctions): the partner has not been given it.
  } else {
    // A payout from before the partner: the stand-in's steps, from the ledger's history.
    steps.push({ step: 'sent_to_partner', at: transfer.createdAt });
    for (const entry of transfer.statusHistory) {
      if (entry.status === 'delivered') {
        steps.push({ step: cash ? 'available_for_pickup' : 'deposited', at: entry.at });
      } else if (entry.status === 'failed') {
        steps.push({ step: 'failed', at: entry.at });
      }
    }
  }
  const refunded = transfer.statusHistory.find((e) => e.status === 'refunded');
  if (refunded) steps.push({ step: 'refunded', at: refunded.at });
  return steps;
}

/** Whether the partner can still stop it (nothing paid out, nothing refunded). */
export function cancellable(transfer: Transfer, payout: PayoutRow | undefined) {
  if (transfer.status === 'refunded' || transfer.status === 'failed') return false;
  if (!payout) return transfer.status === 'processing';
  if (payout.refunded_at || payout.settled_at) return false;
  return payout.partner_status === null || PARTNER_CANCELLABLE.has(payout.partner_status);
}

/** A remittance's tracking page: its steps, expected date, pickup code, rights and what it can still do. */
export function createTracking({
  db,
  activity,
  cases,
  recipientNotice,
}: {
  db: Database;
  activity: Activity;
  cases: Pick<RemittanceCases, 'trackingOf'>;
  recipientNotice?: Pick<RecipientNoticeService, 'senderView'> | undefined;
}) {
  return {
    /** A remittance as its tracking page shows it (owner only). */
    async track(userId: string, id: string): Promise<RemittanceTracking> {
      const transfer = await activity.receipt(userId, id);
      if (transfer.kind !== 'remittance' || transfer.direction !== 'out') throw transferNotFound();
      const payout = await findPayout(db, transfer.id);
      const details = transfer.details as {
        recipientCountry?: string;
        speed?: 'standard' | 'express';
      };
      const country = (payout?.country ?? details.recipientCountry ?? 'MX') as CorridorCountry;
      const created = new Date(transfer.createdAt);
      const expectedBy =
        payout?.expected_by ?? expectedDeliveryBy(country, details.speed ?? 'standard', created);
      const reports = await cases.trackingOf(transfer.id, expectedBy);
      return {
        transfer,
        recipient: payout
          ? {
              fullName: payout.full_name,
              country: payout.country,
              phone: payout.phone,
              payout: payoutViewOf(
                payout.payout_method,
                payout.payer_id ? (payout.payout_details as never) : null,
                payout.payer_name,
              ),
            }
          : null,
        timeline: timeline(transfer, payout),
        expectedBy: expectedBy.toISOString(),
        pickupCode: payout?.pickup_code ?? null,
        cancellable: cancellable(transfer, payout),
        cancelBy: (
          payout?.cancel_by ?? new Date(created.getTime() + CANCEL_MINUTES * 60_000)
        ).toISOString(),
        disclosure: payout?.disclosure ?? null,
        ...reports,
        // Money already back with the sender leaves nothing to claim.
        canReport: reports.canReport && transfer.status !== 'refunded',
        recipientNotice: recipientNotice
          ? await recipientNotice.senderView(transfer.id)
          : { link: null, sms: { sent: null, ready: null } },
      };
    },
  };
}
