import type { Colecta } from '@pago/shared/contracts/colectas';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  type ColectaRow,
  findColectaOfMember,
  listMembers,
  transfersOf,
} from './colectas.repository';

/** A colecta as one of its members sees it (the API's `Colecta`). */
export function colectaViews(db: Database) {
  /** Inside a transaction pass it as `executor` (it sees the transaction's own writes). */
  async function views(
    rows: ColectaRow[],
    viewerId: string,
    executor: Database = db,
  ): Promise<Colecta[]> {
    const ids = rows.map((r) => r.id);
    const members = await listMembers(executor, ids);
    const transfers = await transfersOf(
      executor,
      rows.flatMap((r) => (r.transfer_id ? [r.transfer_id] : [])),
    );
    return rows.map((row) => {
      const own = members.filter((m) => m.colecta_id === row.id);
      const organiser = own.find((m) => m.role === 'organiser');
      const transfer = transfers.find((t) => t.id === row.transfer_id);
      const mine = own.find((m) => m.user_id === viewerId);
      return {
        id: row.id,
        title: row.title,
        targetCents: row.target_cents,
        collectedCents:
          row.status === 'sent' && transfer ? transfer.amount_cents : row.collected_cents,
        sendBy: row.send_by,
        speed: row.speed,
        status: row.status,
        isOrganiser: row.organiser_id === viewerId,
        myContributionCents: cents(Number(mine?.contributed ?? 0)),
        organiser: { name: organiser?.name ?? '', username: organiser?.username ?? '' },
        recipient: { name: row.recipient_name, country: row.recipient_country },
        members: own.map((m) => ({
          name: m.name,
          username: m.username,
          role: m.role,
          contributedCents: cents(Number(m.contributed ?? 0)),
        })),
        lastSendError: row.status === 'open' ? row.last_send_error : null,
        remittance: transfer
          ? {
              transferId: transfer.id,
              status: transfer.status,
              amountCents: transfer.amount_cents,
              feeCents: transfer.fee_cents,
            }
          : null,
        cancelledReason: row.cancelled_reason,
        createdAt: row.created_at.toISOString(),
      };
    });
  }

  async function viewOne(id: string, viewerId: string): Promise<Colecta> {
    const row = isUuid(id) ? await findColectaOfMember(db, id, viewerId) : undefined;
    if (!row) throw notFound();
    return (await views([row], viewerId))[0] as Colecta;
  }

  return { views, viewOne };
}

export const notFound = () => new AppError('not_found', 404, 'No such colecta.');
