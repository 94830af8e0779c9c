import {
  type MonitoringHit,
  type MonitoringRule,
  type MonitoringRuleCode,
  RULE_THRESHOLD_SCHEMAS,
} from '@pago/shared/contracts/monitoring';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  advanceScan,
  decideHit,
  findHit,
  listHits,
  listRules,
  markEvaluated,
  type RuleRow,
  readScan,
  transfersWithNames,
  unevaluatedSince,
  updateRule,
  usersByIds,
  uuidV7Floor,
} from './monitoring.repository';
import { activeRules, evaluateTransfer } from './monitoring-evaluate';

/**
 * How far back each pass looks again, beyond where the last one stopped: a transaction that
 * committed up to this long after its transfer's id was made is still evaluated (the ids are
 * time-ordered; `monitoring_evaluated` keeps each from being evaluated twice).
 */
export const SCAN_OVERLAP_MS = 5 * 60_000;
const PAGE = 200;

/**
 * Transaction monitoring (docs/monitoring.md): after money moved and committed, the job reads the
 * new outgoing transfers and evaluates the rules (`monitoring_rules`) for each; a rule that fires
 * stores a hit for staff. Nothing here blocks or changes a movement of money.
 */
export function createMonitoring({ db }: { db: Database }) {
  /** Evaluates the outgoing transfers made since the last pass; answers the new hits. */
  async function scan(): Promise<number> {
    const { scannedTo, now } = await readScan(db);
    const floor = uuidV7Floor(new Date(scannedTo.getTime() - SCAN_OVERLAP_MS));
    const rules = activeRules(await listRules(db));
    let hits = 0;
    for (;;) {
      const page = await unevaluatedSince(db, floor, PAGE);
      for (const transfer of page) hits += await evaluateTransfer(db, rules, transfer);
      // Marked once the page is done: a pass that stops mid-page evaluates those transfers again,
      // which stores nothing twice (a hit is one per rule, subject and window).
      await markEvaluated(
        db,
        page.map((t) => t.id),
      );
      if (page.length < PAGE) break;
    }
    await advanceScan(db, now, new Date(now.getTime() - 2 * SCAN_OVERLAP_MS - 3_600_000));
    return hits;
  }

  async function hitViews(rows: Awaited<ReturnType<typeof listHits>>): Promise<MonitoringHit[]> {
    const transfers = await transfersWithNames(db, [
      ...new Set(rows.flatMap((r) => r.transfer_ids)),
    ]);
    const byId = new Map(transfers.map((t) => [t.id, t]));
    const users = await usersByIds(db, [
      ...new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : []))),
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    return rows.map((row) => {
      const figures = row.figures ?? {};
      const customer = row.user_id ? userById.get(row.user_id) : undefined;
      return {
        id: row.id,
        rule: row.rule_code as MonitoringRuleCode,
        status: row.status,
        reason: row.reason,
        figures,
        customer: customer
          ? {
              id: customer.id,
              name: customer.name,
              email: customer.email,
              username: customer.username,
            }
          : null,
        subject:
          typeof figures.recipient === 'string'
            ? figures.recipient
            : customer
              ? `${customer.name} (@${customer.username})`
              : row.subject,
        transfers: row.transfer_ids.flatMap((id) => {
          const t = byId.get(id);
          if (!t) return [];
          const metadata = t.metadata as { recipientName?: string };
          return [
            {
              id: t.id,
              kind: t.kind,
              status: t.status,
              amountCents: t.amount_cents,
              createdAt: t.created_at.toISOString(),
              senderName: t.sender_name,
              counterpartyName: t.counterparty_name ?? metadata.recipientName ?? null,
            },
          ];
        }),
        createdAt: row.created_at.toISOString(),
        decidedAt: row.decided_at?.toISOString() ?? null,
        decidedBy: row.decided_by,
        decisionReason: row.decision_reason,
      };
    });
  }

  function ruleView(row: RuleRow): MonitoringRule {
    return {
      code: row.code as MonitoringRuleCode,
      enabled: row.enabled,
      action: row.action,
      thresholds: row.thresholds,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  return {
    scan,

    async hits(status: 'open' | 'dismissed' | 'escalated', limit: number) {
      return hitViews(await listHits(db, status, limit));
    },

    async hit(id: string): Promise<MonitoringHit> {
      const row = await findHit(db, id);
      if (!row) throw new AppError('not_found', 404, 'No such monitoring hit.');
      return (await hitViews([row]))[0] as MonitoringHit;
    },

    /**
     * Dismisses or escalates an open hit; `record` writes the audit entry in the same
     * transaction. A hit already decided is refused (409).
     */
    async decide(
      id: string,
      decision: { status: 'dismissed' | 'escalated'; by: string; reason: string },
      record: (tx: Database, hit: MonitoringHit) => Promise<unknown>,
    ): Promise<MonitoringHit> {
      return db.transaction().execute(async (tx) => {
        const row = await decideHit(tx, id, decision);
        if (!row) {
          const existing = await findHit(tx, id);
          if (!existing) throw new AppError('not_found', 404, 'No such monitoring hit.');
          throw new AppError('conflict', 409, `This hit was already ${existing.status}.`);
        }
        const hit = (await hitViews([row]))[0] as MonitoringHit;
        await record(tx, hit);
        return hit;
      });
    },

    async rules(): Promise<MonitoringRule[]> {
      return (await listRules(db)).map(ruleView);
    },

    /**
     * Turns a rule on or off or changes its thresholds (merged over the current ones and checked
     * by the rule's schema); `record` writes the audit entry in the same transaction.
     */
    async updateRule(
      code: MonitoringRuleCode,
      changes: { enabled?: boolean; thresholds?: Record<string, unknown> },
      record: (
        tx: Database,
        before: MonitoringRule,
        after: MonitoringRule,
      ) => Promise<unknown> = async () => {},
    ): Promise<MonitoringRule> {
      return db.transaction().execute((tx) => changeRule(tx, code, changes, record));
    },
  };

  async function changeRule(
    tx: Database,
    code: MonitoringRuleCode,
    changes: { enabled?: boolean; thresholds?: Record<string, unknown> },
    record: (tx: Database, before: MonitoringRule, after: MonitoringRule) => Promise<unknown>,
  ): Promise<MonitoringRule> {
    const before = (await listRules(tx)).find((r) => r.code === code);
    if (!before) throw new AppError('not_found', 404, 'No such monitoring rule.');
    let thresholds: Record<string, unknown> | undefined;
    if (changes.thresholds !== undefined) {
      const parsed = RULE_THRESHOLD_SCHEMAS[code].safeParse({
        ...before.thresholds,
        ...changes.thresholds,
      });
      if (!parsed.success) {
        throw new AppError(
          'validation_failed',
          400,
          'These thresholds are not valid for this rule.',
          {
            issues: parsed.error.issues.map((i) => ({
              path: i.path.join('.'),
              message: i.message,
            })),
          },
        );
      }
      thresholds = parsed.data;
    }
    const after = await updateRule(tx, code, {
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      ...(thresholds === undefined ? {} : { thresholds }),
    });
    if (!after) throw new AppError('not_found', 404, 'No such monitoring rule.');
    await record(tx, ruleView(before), ruleView(after));
    return ruleView(after);
  }
}

export type Monitoring = ReturnType<typeof createMonitoring>;
