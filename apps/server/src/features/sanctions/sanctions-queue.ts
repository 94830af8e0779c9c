import type { SanctionsHit, SanctionsHitDetail } from '@pago/shared/contracts/ops-sanctions';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SanctionsHitsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

type HitRow = Selectable<SanctionsHitsTable>;

const QUEUE_LIMIT = 200;

const notFound = () => new AppError('not_found', 404, 'Not found');

/**
 * The sanctions queue as staff read it: each hit with the customer concerned, what it holds, the
 * listed entries it came close to (aliases, dates of birth, countries, programs), the decision
 * and the report; one hit with every screening of its subject.
 */
export function createSanctionsQueue({ db }: { db: Database }) {
  async function views(hits: HitRow[]): Promise<SanctionsHit[]> {
    if (hits.length === 0) return [];
    const userIds = [...new Set(hits.map((h) => h.user_id))];
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'legal_name', 'username', 'legal_birth_date'])
      .where('id', 'in', userIds)
      .execute();
    const byUser = new Map(users.map((u) => [u.id, u]));
    const recipientIds = hits
      .filter((h) => h.subject_kind === 'recipient')
      .map((h) => h.subject_id);
    const recipients = recipientIds.filter(isUuid).length
      ? await db
          .selectFrom('remittance_recipients')
          .select(['id', 'country'])
          .where('id', 'in', recipientIds.filter(isUuid))
          .execute()
      : [];
    const countryOf = new Map(recipients.map((r) => [r.id, r.country]));
    const keys = hits.flatMap((h) => h.matches.map((m) => [m.source, m.entryId] as const));
    const entries = keys.length
      ? await db
          .selectFrom('sanctions_entries')
          .selectAll()
          .where((eb) =>
            eb.or(
              keys.map(([source, id]) =>
                eb.and([eb('source', '=', source), eb('entry_id', '=', id)]),
              ),
            ),
          )
          .execute()
      : [];
    const entryOf = new Map(entries.map((e) => [`${e.source}:${e.entry_id}`, e]));
    const hitIds = hits.map((h) => h.id);
    const holds = await db
      .selectFrom('sanctions_holds as h')
      .innerJoin('ledger_transfers as t', 't.id', 'h.transfer_id')
      .select([
        'h.transfer_id',
        'h.movement',
        'h.status',
        'h.created_at',
        'h.hit_ids',
        't.amount_cents',
        't.fee_cents',
      ])
      .where((eb) => eb.or(hitIds.map((id) => eb(eb.val(id), '=', eb.fn.any('h.hit_ids')))))
      .execute();
    const reports = await db
      .selectFrom('sanctions_reports')
      .select(['hit_id', 'due_on', 'filed_at'])
      .where('hit_id', 'in', hitIds)
      .execute();
    const reportOf = new Map(reports.map((r) => [r.hit_id, r]));
    return hits.map((hit) => {
      const user = byUser.get(hit.user_id);
      const held = holds
        .filter((h) => h.hit_ids.includes(hit.id))
        .map((h) => ({
          transferId: h.transfer_id,
          movement: h.movement,
          amountCents: h.amount_cents,
          feeCents: h.fee_cents,
          status: h.status,
          createdAt: h.created_at.toISOString(),
        }));
      const report = reportOf.get(hit.id);
      return {
        id: hit.id,
        status: hit.status,
        createdAt: hit.created_at.toISOString(),
        subject: {
          kind: hit.subject_kind,
          id: hit.subject_id,
          name: hit.name,
          birthDate: hit.subject_kind === 'user' ? (user?.legal_birth_date ?? null) : null,
          country: countryOf.get(hit.subject_id) ?? null,
        },
        customer: {
          userId: hit.user_id,
          name: user?.legal_name ?? user?.name ?? '',
          username: user?.username ?? '',
        },
        matches: hit.matches.map((m) => {
          const e = entryOf.get(`${m.source}:${m.entryId}`);
          return {
            source: m.source,
            entryId: m.entryId,
            listedName: m.listedName,
            matchedName: m.matchedName,
            score: m.score,
            entry: e
              ? {
                  type: e.entry_type,
                  programs: e.programs,
                  aliases: e.aliases,
                  countries: e.countries,
                  birthDates: e.birth_dates,
                  placesOfBirth: e.places_of_birth,
                  remarks: e.remarks,
                }
              : null,
          };
        }),
        held,
        heldCents: held
          .filter((h) => h.status === 'held')
          .reduce((sum, h) => sum + h.amountCents + h.feeCents, 0),
        decision:
          hit.decided_at && hit.decided_by
            ? { by: hit.decided_by, at: hit.decided_at.toISOString(), reason: hit.reason ?? '' }
            : null,
        report: report
          ? {
              dueOn: report.due_on.toISOString().slice(0, 10),
              filedAt: report.filed_at?.toISOString() ?? null,
            }
          : null,
      };
    });
  }

  return {
    async list(status: 'open' | 'cleared' | 'blocked'): Promise<SanctionsHit[]> {
      const hits = await db
        .selectFrom('sanctions_hits')
        .selectAll()
        .where('status', '=', status)
        .orderBy('created_at', status === 'open' ? 'asc' : 'desc')
        .limit(QUEUE_LIMIT)
        .execute();
      return views(hits);
    },

    /** The hit's customer id (for the audit entry), or 404. */
    async customerOf(id: string): Promise<string> {
      if (!isUuid(id)) throw notFound();
      const hit = await db
        .selectFrom('sanctions_hits')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!hit) throw notFound();
      return hit.user_id;
    },

    async detail(id: string): Promise<SanctionsHitDetail> {
      if (!isUuid(id)) throw notFound();
      const hit = await db
        .selectFrom('sanctions_hits')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!hit) throw notFound();
      const [view] = await views([hit]);
      const screenings = await db
        .selectFrom('sanctions_screenings')
        .select(['created_at', 'name', 'reason', 'result', 'matches'])
        .where('subject_kind', '=', hit.subject_kind)
        .where('subject_id', '=', hit.subject_id)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return {
        ...(view as SanctionsHit),
        screenings: screenings.map((s) => ({
          at: s.created_at.toISOString(),
          name: s.name,
          reason: s.reason,
          result: s.result,
          bestScore: s.matches[0]?.score ?? null,
        })),
      };
    },
  };
}

export type SanctionsQueue = ReturnType<typeof createSanctionsQueue>;
