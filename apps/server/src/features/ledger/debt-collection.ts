import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { Ledger, Leg } from './ledger.service';

/**
 * The transfer kinds a debt collection is written as: each way money comes in keeps the kind it
 * collected with before this module (funding: `bank_deposit_return`, direct deposit:
 * `ach_received_return`, checks: `check_deposit_return`), card top-ups use their chargeback's kind,
 * and ways without a return kind of their own (cash deposits, card dispute credits) use funding's,
 * the kind debts were first collected as. Each is a `debt_collected` row (its metadata's reason)
 * with no transfer it returns; the activity labels stay as they were.
 */
export type DebtCollectionKind =
  | 'bank_deposit_return'
  | 'ach_received_return'
  | 'check_deposit_return'
  | 'card_funding_reversal';

/**
 * What a wallet owes (`owed_cents`: returned deposits, chargebacks, lost disputes it could not
 * cover) is paid first from the next money that becomes available. Called in the transaction that
 * made the money available, after it did: takes `min(owed, balance - held)` from the wallet to
 * `funding_receivable` and lowers `owed_cents` by as much. Returns what it collected (0: nothing
 * owed, or nothing available).
 */
export async function collectDebt(
  ledger: Pick<Ledger, 'walletState' | 'adjustWallet' | 'allowDebtCollection' | 'post'>,
  tx: Database,
  userId: string,
  kind: DebtCollectionKind,
): Promise<Cents> {
  const state = await ledger.walletState(tx, userId, true);
  const amount = Math.min(state.owed, state.balance - state.held);
  if (amount <= 0) return cents(0);
  const owedCents = state.owed - amount;
  const base = {
    status: 'completed' as const,
    userId,
    amountCents: cents(amount),
    countsTowardLimits: false,
    legs: [
      { account: { userId }, amountCents: -amount },
      { account: { role: 'funding_receivable' as const }, amountCents: amount },
    ],
  };
  await ledger.adjustWallet(tx, userId, { owed: -amount });
  await ledger.allowDebtCollection(tx, true);
  if (kind === 'card_funding_reversal') {
    await ledger.post(tx, {
      ...base,
      kind,
      metadata: { reversalOf: '', reason: 'debt_collected', owedCents },
    });
  } else {
    await ledger.post(tx, {
      ...base,
      kind,
      metadata: { returnOf: '', reason: 'debt_collected', owedCents },
    });
  }
  await ledger.allowDebtCollection(tx, false);
  return cents(amount);
}

/**
 * The other half of the rule: money going back out of a wallet (a returned deposit or check, a
 * chargeback, a lost dispute's credit) takes what is available and leaves the rest owed. Gives
 * the wallet-side legs of the caller's transfer (the wallet for what it had, `funding_receivable`
 * for the rest) and `recordOwed`, to call once that transfer is posted (raising `owed_cents`
 * before would make the ledger's guard refuse the wallet's leg).
 */
export async function takeBackOrOwe(
  ledger: Pick<Ledger, 'walletState' | 'adjustWallet'>,
  tx: Database,
  userId: string,
  amount: number,
) {
  const state = await ledger.walletState(tx, userId, true);
  const taken = Math.max(0, Math.min(amount, state.balance - state.held - state.owed));
  const owed = cents(amount - taken);
  const legs: Leg[] = [
    ...(taken > 0 ? [{ account: { userId }, amountCents: -taken }] : []),
    ...(owed > 0 ? [{ account: { role: 'funding_receivable' as const }, amountCents: -owed }] : []),
  ];
  return {
    owed,
    legs,
    recordOwed: async () => {
      if (owed > 0) await ledger.adjustWallet(tx, userId, { owed });
    },
  };
}
