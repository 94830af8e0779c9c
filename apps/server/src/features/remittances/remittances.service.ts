import type {
  PayoutDetails,
  Recipient,
  RemittanceTracking,
  SendHomeBody,
  TrackingStep,
} from '@pago/shared/contracts/remittances';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { expectedDeliveryBy, maskAccount } from '@pago/shared/remittances';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { RemittanceRecipientsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { PayoutPartner } from '../../providers/payout/payout-partner';
import type { Activity } from '../activity/activity.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import { refundRemittance } from './payouts.service';
import {
  deleteRecipient,
  findPayout,
  findRecipient,
  insertPayout,
  insertRecipient,
  listRecipients,
  lockRemittanceOf,
  markCancelled,
  type RecipientInput,
  touchRecipient,
  updateRecipient,
} from './remittances.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  activity: Activity;
  payouts: PayoutPartner;
  transfers: Transfers;
};

const notFound = () =>
  new AppError('recipient_not_found', 404, 'There is no such recipient among yours.');
const transferNotFound = () => new AppError('not_found', 404, 'Transfer not found');

/**
 * Sending home: saved recipients abroad, a send to one on a quote, its tracking and
 * its cancel. The money moves through `transfers.sendRemittance` and the ledger.
 */
export function createRemittances({ db, ledger, activity, payouts, transfers }: Deps) {
  function requirePartner() {
    if (!payouts.available) throw unavailableInLiveMode('remittances');
  }

  function locationOf(country: string, details: PayoutDetails) {
    if (details.method !== 'cash_pickup') return null;
    return payouts.pickupLocations(country).find((l) => l.id === details.locationId) ?? null;
  }

  function payoutView(country: string, details: PayoutDetails): Recipient['payout'] {
    return {
      method: details.method,
      accountMask: details.method === 'bank_deposit' ? maskAccount(details.accountNumber) : null,
      walletPhone: details.method === 'mobile_wallet' ? details.walletPhone : null,
      location: locationOf(country, details),
    };
  }

  function recipientView(row: Selectable<RemittanceRecipientsTable>): Recipient {
    return {
      id: row.id,
      fullName: row.full_name,
      country: row.country,
      phone: row.phone,
      payout: payoutView(row.country, row.payout_details),
      createdAt: row.created_at.toISOString(),
    };
  }

  /** A pickup location must be in the partner's catalog for the recipient's country. */
  function checkPayout(input: RecipientInput) {
    if (input.payout.method === 'cash_pickup' && !locationOf(input.country, input.payout)) {
      throw new AppError(
        'pickup_location_not_found',
        422,
        'This pickup location is not in the recipient’s country. Choose one from the list.',
      );
    }
  }

  async function recipientOf(userId: string, id: string, executor: Database = db) {
    const row = isUuid(id) ? await findRecipient(executor, userId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** Expected steps from the status history and the payout's own record. */
  function timeline(
    transfer: Transfer & { statusHistory: { status: string; at: string }[] },
    payout: Awaited<ReturnType<typeof findPayout>>,
  ) {
    const steps: { step: TrackingStep; at: string }[] = [
      { step: 'created', at: transfer.createdAt },
      {
        step: 'sent_to_partner',
        at: payout?.sent_to_partner_at.toISOString() ?? transfer.createdAt,
      },
    ];
    for (const entry of transfer.statusHistory) {
      if (entry.status === 'delivered') {
        const cash = payout?.payout_method === 'cash_pickup';
        steps.push({ step: cash ? 'available_for_pickup' : 'deposited', at: entry.at });
      } else if (entry.status === 'failed') {
        steps.push({ step: 'failed', at: entry.at });
      } else if (entry.status === 'refunded') {
        if (payout?.cancelled_at) {
          steps.push({ step: 'cancelled', at: payout.cancelled_at.toISOString() });
        }
        steps.push({ step: 'refunded', at: entry.at });
      }
    }
    return steps;
  }

  return {
    async list(userId: string) {
      return { items: (await listRecipients(db, userId)).map(recipientView) };
    },

    async get(userId: string, id: string) {
      return recipientView(await recipientOf(userId, id));
    },

    async create(userId: string, input: RecipientInput) {
      requirePartner();
      checkPayout(input);
      return recipientView(await insertRecipient(db, userId, input));
    },

    async update(userId: string, id: string, input: RecipientInput) {
      requirePartner();
      await recipientOf(userId, id);
      checkPayout(input);
      const row = await updateRecipient(db, userId, id, input, ledger.clock());
      if (!row) throw notFound();
      return recipientView(row);
    },

    async remove(userId: string, id: string) {
      if (!isUuid(id) || !(await deleteRecipient(db, userId, id))) throw notFound();
    },

    pickupLocations(country: CorridorCountry) {
      requirePartner();
      return { items: payouts.pickupLocations(country) };
    },

    /** Sends home to a saved recipient on a quote made for their phone and country. */
    async send(tx: Database, userId: string, body: SendHomeBody): Promise<Transfer> {
      requirePartner();
      const row = await recipientOf(userId, body.recipientId, tx);
      const country = getCorridor(row.country as CorridorCountry).country;
      const sendBody = {
        recipientName: row.phone,
        recipientCountry: country,
        amountUsd: body.amountUsd,
        quoteId: body.quoteId,
        ...(body.speed ? { speed: body.speed } : {}),
      };
      // A phone that became a Pago user's is paid in the app, not through the partner.
      const to = await transfers.destination(userId, row.phone, country, tx);
      if (to.kind === 'p2p') {
        throw new AppError(
          'quote_recipient_mismatch',
          409,
          'This recipient’s phone is a Pago user’s now: send to them in the app instead.',
        );
      }
      const sent = await transfers.sendRemittance(tx, userId, sendBody, {
        id: row.id,
        name: row.full_name,
        payoutMethod: row.payout_method,
      });
      await insertPayout(tx, {
        transferId: sent.row.id,
        userId,
        recipientId: row.id,
        recipient: {
          fullName: row.full_name,
          country,
          phone: row.phone,
          payout: row.payout_details,
        },
        expectedBy: expectedDeliveryBy(country, sent.speed, sent.now),
        sentAt: sent.now,
      });
      await touchRecipient(tx, row.id, sent.now);
      return sent.transfer;
    },

    /**
     * Cancels a remittance the partner has not paid out: amount and fee back in one ledger call.
     * The remittance is locked first, so a settlement running at the same time either finished
     * (then it is delivered and this refuses) or waits and then finds it no longer processing.
     */
    async cancel(tx: Database, userId: string, id: string): Promise<Transfer> {
      const transfer = isUuid(id) ? await lockRemittanceOf(tx, userId, id) : undefined;
      if (!transfer) throw transferNotFound();
      if (transfer.status !== 'processing') {
        throw new AppError(
          'transfer_not_cancellable',
          409,
          'This transfer can no longer be cancelled: it was already paid out or refunded.',
          { status: transfer.status },
        );
      }
      const now = ledger.clock();
      await markCancelled(tx, transfer.id, now);
      await refundRemittance(
        ledger,
        tx,
        transfer,
        'Cancelled by the sender',
        'Cancelled: amount and fee returned to your balance',
        'cancelled',
      );
      return (
        await activity.view([{ ...transfer, status: 'refunded' }], userId, tx)
      )[0] as Transfer;
    },

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
      return {
        transfer,
        recipient: payout
          ? {
              fullName: payout.full_name,
              country: payout.country,
              phone: payout.phone,
              payout: payoutView(payout.country, payout.payout_details),
            }
          : null,
        timeline: timeline(transfer, payout),
        expectedBy: (
          payout?.expected_by ??
          expectedDeliveryBy(country, details.speed ?? 'standard', new Date(transfer.createdAt))
        ).toISOString(),
        pickupCode: payout?.pickup_code ?? null,
        cancellable: transfer.status === 'processing',
      };
    },
  };
}

export type Remittances = ReturnType<typeof createRemittances>;
