import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { UnitClient } from '../../providers/unit/unit-client';
import {
  billChecksProcessedOf,
  type Difference,
  findOmnibus,
  finishReconciliationRun,
  listBankAccounts,
  listOmnibusMovements,
  listUnitPaymentsOf,
  startReconciliationRun,
} from './banking.repository';
import type { AccountCheck } from './banking-partner';
import { ledgerTotal, totalDifference } from './reconciliation-total';

/** Partner statuses of a payment that did not happen. */
export const FAILED = new Set(['Rejected', 'Returned', 'Canceled']);

export type BankingReconciliationDeps = {
  db: Database;
  partner: () => UnitClient;
  omnibus: { accountId: string | undefined; sandbox: unknown };
  log: Pick<Logger, 'info' | 'warn'>;
  /** Card activity's net movement of a partner account, once the cards feature registered it. */
  cardMovementsOn: () => ((partnerAccountId: string) => Promise<number>) | null;
  /** Other features' parts of each account's reconciliation (received payments, …). */
  accountChecks?: ReadonlyMap<string, AccountCheck>;
};

/** Reconciliation: the partner's accounts and the omnibus, compared with the ledger's mirror. */
export function createBankingReconciliation({
  db,
  partner,
  omnibus,
  log,
  cardMovementsOn,
  accountChecks = new Map(),
}: BankingReconciliationDeps) {
  /**
   * The omnibus against its movements: each cover at the partner with its amount and status, each
   * payment the partner made from or into the omnibus known, and (sandbox mode, where Pago funds
   * it through the API) its balance the funding less the covers. A cover never answered for a
   * minute is `not_sent_to_partner`.
   */
  async function reconcileOmnibus(
    client: UnitClient,
    accountId: string,
    movements: Awaited<ReturnType<typeof listOmnibusMovements>>,
  ): Promise<Difference[]> {
    const [remote, payments] = await Promise.all([
      client.getAccount(accountId),
      client.listPayments(accountId, { limit: 1000, offset: 0 }),
    ]);
    const byId = new Map(payments.map((p) => [p.id, p]));
    const differences: Difference[] = [];
    const add = (d: Omit<Difference, 'userId'> & { userId?: string | null }) =>
      differences.push({ ...d, userId: d.userId ?? null });
    let expectedBalance = 0;
    for (const m of movements) {
      const amount = Number(m.amount_cents);
      const at = { transferId: m.transfer_id, userId: m.user_id };
      if (!m.unit_payment_id) {
        if (m.status === 'Reserved' && Date.now() - m.created_at.getTime() > 60_000) {
          add({
            ...at,
            kind: 'not_sent_to_partner',
            unitId: null,
            expected: String(amount),
            actual: null,
          });
        }
        continue;
      }
      const p = byId.get(m.unit_payment_id);
      if (m.status === 'Sent' || m.status === 'Settled')
        expectedBalance += m.kind === 'funding' ? amount : -amount;
      if (!p) {
        add({
          ...at,
          kind: 'missing_at_partner',
          unitId: m.unit_payment_id,
          expected: String(amount),
          actual: null,
        });
        continue;
      }
      if (p.amount !== amount) {
        add({
          ...at,
          kind: 'amount_mismatch',
          unitId: p.id,
          expected: String(amount),
          actual: String(p.amount),
        });
      }
      if (p.status !== m.status) {
        add({ ...at, kind: 'status_mismatch', unitId: p.id, expected: m.status, actual: p.status });
      }
    }
    const known = new Set(movements.map((m) => m.unit_payment_id));
    for (const p of payments) {
      if (!known.has(p.id)) {
        add({
          kind: 'missing_in_ledger',
          transferId: null,
          unitId: p.id,
          expected: null,
          actual: `${p.type} ${p.direction} ${p.amount} ${p.status}`,
        });
      }
    }
    if (omnibus.sandbox && !omnibus.accountId && remote.balance !== expectedBalance) {
      add({
        kind: 'balance_mismatch',
        transferId: null,
        unitId: accountId,
        expected: String(expectedBalance),
        actual: String(remote.balance),
      });
    }
    return differences;
  }

  /**
   * Compares every account at the partner with the ledger's mirror: each mirrored payment must
   * be at the partner with its amount and a matching status, each payment the partner made on
   * an account must be mirrored, and the partner's balance must be what the mirrored payments
   * add up to. Every difference is stored with its run and logged.
   */
  async function reconcile() {
    const client = partner();
    const run = await startReconciliationRun(db);
    const differences: Difference[] = [];
    const rows = await listBankAccounts(db);
    const movements = await listOmnibusMovements(db);
    // The partner's money in total: every customer account, then the omnibus (below).
    let partnerTotal = 0;
    for (const account of rows) {
      const [remote, payments, mirrored] = await Promise.all([
        client.getAccount(account.unit_account_id),
        client.listPayments(account.unit_account_id, { limit: 1000, offset: 0 }),
        listUnitPaymentsOf(db, account.user_id),
      ]);
      partnerTotal += remote.balance;
      const byId = new Map(payments.map((p) => [p.id, p]));
      const known = new Set<string>();
      let expectedBalance = 0;
      // The omnibus's covers came into this account (checked with the omnibus, below).
      for (const cover of movements) {
        if (cover.user_id !== account.user_id || !cover.unit_payment_id) continue;
        known.add(cover.unit_payment_id);
        if (cover.status === 'Sent') expectedBalance += Number(cover.amount_cents);
      }
      for (const m of mirrored) {
        const amount = Number(m.amount_cents);
        const out = m.user_id === account.user_id;
        if (!m.unit_payment_id) {
          // Refused when asked (released in the ledger): nothing is at the partner.
          if (out && m.status !== 'Rejected' && Date.now() - m.created_at.getTime() > 60_000) {
            differences.push({
              kind: 'not_sent_to_partner',
              userId: account.user_id,
              transferId: m.transfer_id,
              unitId: null,
              expected: String(amount),
              actual: null,
            });
          }
          continue;
        }
        known.add(m.unit_payment_id);
        const p = byId.get(m.unit_payment_id);
        // ACH moves the partner balance when Sent, and back when Returned; the mirror keeps
        // the partner's status, while the ledger's deposit stays held until Settled.
        const isAch = m.payment_type === 'achPayment';
        const moved = isAch
          ? m.status === 'Sent' || m.status === 'Settled'
          : m.ledger_status === 'completed';
        if (moved) expectedBalance += (isAch ? m.direction === 'Credit' : out) ? -amount : amount;
        if (!out) continue;
        if (!p) {
          differences.push({
            kind: 'missing_at_partner',
            userId: account.user_id,
            transferId: m.transfer_id,
            unitId: m.unit_payment_id,
            expected: String(amount),
            actual: null,
          });
          continue;
        }
        if (p.amount !== amount) {
          differences.push({
            kind: 'amount_mismatch',
            userId: account.user_id,
            transferId: m.transfer_id,
            unitId: p.id,
            expected: String(amount),
            actual: String(p.amount),
          });
        }
        const partnerMoved = p.status === 'Sent' || p.status === 'Settled';
        if (
          isAch
            ? p.status !== m.status
            : partnerMoved !== moved && !(FAILED.has(p.status) && m.reversal_transfer_id)
        ) {
          differences.push({
            kind: 'status_mismatch',
            userId: account.user_id,
            transferId: m.transfer_id,
            unitId: p.id,
            expected: m.ledger_status,
            actual: p.status,
          });
        }
      }
      for (const p of payments) {
        if (p.accountId === account.unit_account_id && !known.has(p.id)) {
          differences.push({
            kind: 'missing_in_ledger',
            userId: account.user_id,
            transferId: null,
            unitId: p.id,
            expected: null,
            actual: `${p.type} ${p.direction} ${p.amount} ${p.status}`,
          });
        }
      }
      // Bills paid by check left the account once Processed (Pago mirrors their status).
      expectedBalance -= await billChecksProcessedOf(db, account.user_id);
      // Card activity moves the account too (clearings out, refunds in), as Pago applied it.
      const movementsOn = cardMovementsOn();
      if (movementsOn) expectedBalance += await movementsOn(account.unit_account_id);
      for (const check of accountChecks.values()) {
        const found = await check({
          userId: account.user_id,
          partnerAccountId: account.unit_account_id,
        });
        expectedBalance += found.movement;
        differences.push(...found.differences);
      }
      if (remote.balance !== expectedBalance) {
        differences.push({
          kind: 'balance_mismatch',
          userId: account.user_id,
          transferId: null,
          unitId: account.unit_account_id,
          expected: String(expectedBalance),
          actual: String(remote.balance),
        });
      }
    }
    const omnibusId = omnibus.accountId ?? (await findOmnibus(db))?.unit_account_id;
    if (omnibusId) differences.push(...(await reconcileOmnibus(client, omnibusId, movements)));
    // Pago knows the omnibus's funding where it funds it through the API (sandbox mode); a live
    // treasury funds it outside the API, so the total is checked where the funding is known.
    if (omnibus.sandbox && !omnibus.accountId) {
      if (omnibusId) partnerTotal += (await client.getAccount(omnibusId)).balance;
      const total = totalDifference(partnerTotal, await ledgerTotal(db));
      if (total) differences.push(total);
    }
    for (const d of differences)
      log.warn(
        { difference: d, runId: run.id },
        'reconciliation: the partner and the ledger differ',
      );
    const checked = rows.length + (omnibusId ? 1 : 0);
    const finished = await finishReconciliationRun(db, run.id, checked, differences);
    log.info(
      { runId: run.id, accounts: checked, differences: differences.length },
      'reconciliation done',
    );
    return { runId: finished.id, accountsChecked: finished.accounts_checked, differences };
  }

  return { reconcile };
}
