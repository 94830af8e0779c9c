import {
  MAX_PAYDAY_RULES,
  type PaydayRule,
  type PaydayRuleBody,
  type PaydayRulePatch,
  type PaydayRun,
  paydayShareCents,
} from '@pago/shared/contracts/payday';
import { type Cents, cents } from '@pago/shared/money';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Notifications } from '../notifications/notifications.service';
import type { RecipientRow } from '../remittances/recipients.service';
import type { SendOnBehalf } from '../remittances/remittance-on-behalf';
import {
  claimDue,
  countRulesLocked,
  findRule,
  findRuleById,
  findRun,
  finishRun,
  insertRule,
  insertRuns,
  listRules,
  listRuns,
  lockDueRun,
  type PaydayRuleRow,
  type PaydayRunRow,
  retryRunLater,
  updateRule,
} from './payday.repository';

/** A run's claim lasts this long while its quote is asked for (then it is due again). */
const LEASE_SECONDS = 60;
/** Tries that could not reach the partner before a run is failed as `unavailable`. */
const MAX_ATTEMPTS = 5;

/** The deposit that became available, as direct deposit tells it (its row). */
export type AvailableDeposit = {
  unit_received_payment_id: string;
  user_id: string;
  amount_cents: Cents | number | string;
  company_name: string;
};

type Deps = {
  db: Database;
  remittances: () => SendOnBehalf;
  recipients: { rowOf(userId: string, id: string, executor?: Database): Promise<RecipientRow> };
  notifications: Pick<Notifications, 'notify'>;
  clock: () => Date;
  log: Pick<Logger, 'warn'>;
};

const notFound = () => new AppError('not_found', 404, 'No such payday rule');

function ruleView(row: PaydayRuleRow): PaydayRule {
  return {
    id: row.id,
    share:
      row.kind === 'percent'
        ? { kind: 'percent', percentBps: Number(row.percent_bps) }
        : { kind: 'fixed', fixedCents: cents(Number(row.fixed_cents)) },
    recipientId: row.recipient_id ?? '',
    recipientName: `${row.first_name} ${row.last_name}`,
    recipientCountry: row.country,
    maxCents: row.max_cents === null ? null : cents(Number(row.max_cents)),
    minDepositCents: cents(Number(row.min_deposit_cents)),
    speed: row.speed,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
  };
}

function runView(row: PaydayRunRow): PaydayRun {
  return {
    id: row.id,
    ruleId: row.rule_id,
    recipientName: row.recipient_name,
    depositId: row.deposit_id,
    payer: row.company_name,
    depositCents: cents(Number(row.deposit_cents)),
    amountCents: cents(Number(row.amount_cents)),
    status: row.status,
    reason: row.reason,
    transferId: row.transfer_id,
    createdAt: row.created_at.toISOString(),
  };
}

function shareOf(rule: {
  kind: 'percent' | 'fixed';
  percent_bps: number | null;
  fixed_cents: Cents | null;
  max_cents: Cents | null;
}) {
  return {
    share:
      rule.kind === 'percent'
        ? { kind: 'percent' as const, percentBps: Number(rule.percent_bps) }
        : { kind: 'fixed' as const, fixedCents: cents(Number(rule.fixed_cents)) },
    maxCents: rule.max_cents === null ? null : Number(rule.max_cents),
  };
}

function shareColumns(share: NonNullable<PaydayRulePatch['share']>) {
  return share.kind === 'percent'
    ? { kind: 'percent' as const, percent_bps: share.percentBps, fixed_cents: null }
    : { kind: 'fixed' as const, percent_bps: null, fixed_cents: cents(share.fixedCents) };
}

/**
 * Día de pago (docs/payday.md): a person's rules, and their runs. When a direct deposit becomes
 * available (advanced by early pay or completed), one `due` run per enabled rule is written in
 * that transaction (unique per rule and deposit); the `payday-runs` job quotes each (no
 * transaction open) and sends it in one transaction that also marks the run `sent`, locked and
 * only while still `due`, so a run sends at most once whatever the number of workers.
 */
export function createPayday({ db, remittances, recipients, notifications, clock, log }: Deps) {
  async function ruleOf(userId: string, id: string, executor: Database = db) {
    const row = isUuid(id) ? await findRule(executor, userId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** In the deposit's transaction: a run per enabled rule (skipped at once below its minimum). */
  async function onDepositAvailable(tx: Database, deposit: AvailableDeposit) {
    const depositCents = Number(deposit.amount_cents);
    const rules = (await listRules(tx, deposit.user_id)).filter((r) => r.enabled);
    await insertRuns(
      tx,
      rules.map((rule) => {
        const amount = paydayShareCents(shareOf(rule), depositCents);
        const below = depositCents < Number(rule.min_deposit_cents);
        return {
          rule_id: rule.id,
          user_id: deposit.user_id,
          deposit_id: deposit.unit_received_payment_id,
          deposit_cents: cents(depositCents),
          amount_cents: cents(amount),
          recipient_name: `${rule.first_name} ${rule.last_name}`,
          status: below ? 'skipped' : amount === 0 ? 'skipped' : 'due',
          reason: below ? 'below_minimum' : amount === 0 ? 'nothing_to_send' : null,
        };
      }),
    );
  }

  const notifyRun = (
    tx: Database,
    run: PaydayRunRow,
    type: 'payday_sent' | 'payday_failed',
    extra: { transferId?: string; failureReason?: string } = {},
  ) =>
    notifications.notify(tx, {
      userId: run.user_id,
      type,
      data: {
        amountCents: cents(Number(run.amount_cents)),
        recipientName: run.recipient_name,
        payer: run.company_name,
        ...(extra.transferId ? { transferId: extra.transferId } : {}),
        ...(extra.failureReason ? { failureReason: extra.failureReason } : {}),
      },
    });

  /** Ends a due run without money (skipped, or failed and the user told), once. */
  async function endRun(run: PaydayRunRow, status: 'failed' | 'skipped', reason: string) {
    await db.transaction().execute(async (tx) => {
      if (!(await lockDueRun(tx, run.id))) return;
      await finishRun(tx, run.id, { status, reason });
      if (status === 'failed') {
        await notifyRun(tx, run, 'payday_failed', { failureReason: reason });
      }
    });
  }

  /** A refusal a person can act on (funds, limits, sanctions, the recipient): not retried. */
  const isRefusal = (error: unknown): error is AppError =>
    error instanceof AppError && error.statusCode < 500;

  /**
   * One run: quoted (no transaction open), then sent in one transaction with the run marked sent.
   * Answers what became of it ('busy' when another worker has it or it is no longer due).
   */
  async function runOne(runId: string): Promise<'sent' | 'failed' | 'skipped' | 'retry' | 'busy'> {
    const run = await findRun(db, runId);
    if (run?.status !== 'due') return 'busy';
    const rule = await findRuleById(db, run.rule_id);
    if (!rule || rule.deleted_at || !rule.enabled || !rule.recipient_id) {
      await endRun(run, 'skipped', 'rule_disabled');
      return 'skipped';
    }
    const recipientId = rule.recipient_id;
    const amount = cents(Number(run.amount_cents));
    try {
      const { quoteId } = await remittances().quoteFor(
        run.user_id,
        recipientId,
        amount,
        rule.speed,
      );
      const sent = await db.transaction().execute(async (tx) => {
        if (!(await lockDueRun(tx, run.id))) return false;
        const transfer = await remittances().sendQuoted(tx, run.user_id, {
          recipientId,
          quoteId,
          amountCents: amount,
          speed: rule.speed,
          origin: { kind: 'payday', id: run.id },
        });
        await finishRun(tx, run.id, { status: 'sent', transfer_id: transfer.id });
        await notifyRun(tx, run, 'payday_sent', { transferId: transfer.id });
        return true;
      });
      return sent ? 'sent' : 'busy';
    } catch (error) {
      if (isRefusal(error)) {
        await endRun(run, 'failed', error.code);
        return 'failed';
      }
      log.warn({ err: error, paydayRunId: run.id }, 'payday: run could not be tried');
      const attempts = await retryRunLater(db, run.id, new Date(clock().getTime() + 60_000));
      if (attempts >= MAX_ATTEMPTS) {
        await endRun(run, 'failed', 'unavailable');
        return 'failed';
      }
      return 'retry';
    }
  }

  return {
    onDepositAvailable,
    runOne,

    /** The job: due runs claimed for a lease, each run once. Answers how many were sent. */
    async runDue(batch = 20): Promise<number> {
      const ids = await claimDue(db, clock(), LEASE_SECONDS, batch);
      let sent = 0;
      for (const id of ids) if ((await runOne(id)) === 'sent') sent += 1;
      return sent;
    },

    async list(userId: string): Promise<PaydayRule[]> {
      return (await listRules(db, userId)).map(ruleView);
    },

    async runs(userId: string): Promise<PaydayRun[]> {
      return (await listRuns(db, userId, 50)).map(runView);
    },

    /** A new rule, on one of the user's saved recipients, at most MAX_PAYDAY_RULES of them. */
    async create(tx: Database, userId: string, body: PaydayRuleBody): Promise<PaydayRule> {
      await recipients.rowOf(userId, body.recipientId, tx);
      if ((await countRulesLocked(tx, userId)) >= MAX_PAYDAY_RULES) {
        throw new AppError(
          'payday_rule_limit',
          409,
          `You can have up to ${MAX_PAYDAY_RULES} payday rules. Edit or delete one first.`,
        );
      }
      const { id } = await insertRule(tx, {
        user_id: userId,
        recipient_id: body.recipientId,
        ...shareColumns(body.share),
        max_cents: body.maxCents == null ? null : cents(body.maxCents),
        min_deposit_cents: cents(body.minDepositCents ?? 0),
        speed: body.speed ?? 'standard',
        enabled: body.enabled ?? true,
      });
      return ruleView(await ruleOf(userId, id, tx));
    },

    async update(userId: string, id: string, patch: PaydayRulePatch): Promise<PaydayRule> {
      return db.transaction().execute(async (tx) => {
        await ruleOf(userId, id, tx);
        if (patch.recipientId) await recipients.rowOf(userId, patch.recipientId, tx);
        await updateRule(tx, userId, id, {
          ...(patch.share ? shareColumns(patch.share) : {}),
          ...(patch.recipientId ? { recipient_id: patch.recipientId } : {}),
          ...(patch.maxCents !== undefined
            ? { max_cents: patch.maxCents === null ? null : cents(patch.maxCents) }
            : {}),
          ...(patch.minDepositCents !== undefined
            ? { min_deposit_cents: cents(patch.minDepositCents) }
            : {}),
          ...(patch.speed ? { speed: patch.speed } : {}),
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        });
        return ruleView(await ruleOf(userId, id, tx));
      });
    },

    /** Removed from use; its runs stay in the list (a due one is skipped). */
    async remove(userId: string, id: string): Promise<void> {
      await ruleOf(userId, id);
      await updateRule(db, userId, id, { deleted_at: clock() });
    },
  };
}

export type Payday = ReturnType<typeof createPayday>;
