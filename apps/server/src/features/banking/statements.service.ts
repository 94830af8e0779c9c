import type {
  BankStatements,
  WalletStatement,
  WalletStatementLine,
} from '@pago/shared/contracts/banking';
import type { Database } from '../../db/database';
import { primaryReads, type ReadRouting } from '../../db/replica';
import { AppError } from '../../lib/app-error';
import type { Accounts } from '../accounts/accounts.service';
import { receiptReference } from '../activity/receipt-reference';
import { findBankAccount } from './banking.repository';
import { easternMonthOf, monthBounds, monthsBetween } from './statement-months';
import {
  findWallet,
  firstMovementAt,
  transfersByIds,
  walletBalanceBefore,
  walletMovements,
} from './wallet-statement.repository';
import {
  counterpartyOf,
  feeDescription,
  movementDescription,
  type NamedTransfer,
  originalIdOf,
} from './wallet-statement-lines';
import { renderWalletStatementPdf } from './wallet-statement-pdf';

type Deps = {
  db: Database;
  accounts: Pick<Accounts, 'bankApplicant' | 'parties' | 'getAccountSettings'>;
  /** The ledger's clock: which month is under way. */
  clock: () => Date;
  /** Statements may read a replica (db/replica.ts), with the user's own writes on it. */
  reads?: ReadRouting;
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The wallet's monthly statements, drawn by Pago from the ledger (the book of record): every
 * movement of the wallet with its other side, fees on lines of their own, opening and closing
 * balances. The wallet is the account, so the statement is the wallet's, with the account and
 * routing numbers the partner gave it. Months run from the wallet's first to the one under way;
 * any other month is 404, so a user only ever reads their own wallet.
 */
export function createStatements({
  db: primary,
  accounts,
  clock,
  reads = primaryReads(primary),
}: Deps) {
  async function months(db: Database, userId: string): Promise<string[]> {
    const current = easternMonthOf(clock());
    const wallet = await findWallet(db, userId);
    if (!wallet) return [current];
    const first = await firstMovementAt(db, wallet.id);
    // The wallet opens with its first movement (the ledger makes the row then).
    const opened = first ?? wallet.created_at;
    const from = easternMonthOf(opened);
    return monthsBetween(from < current ? from : current, current);
  }

  function statement(userId: string, month: string, language?: 'es' | 'en') {
    return reads.read(userId, (db) => draw(db, userId, month, language));
  }

  async function draw(
    db: Database,
    userId: string,
    month: string,
    language?: 'es' | 'en',
  ): Promise<WalletStatement> {
    if (!MONTH.test(month) || !(await months(db, userId)).includes(month)) {
      throw new AppError('statement_not_found', 404, 'There is no statement for that month.');
    }
    const lang = language ?? (await accounts.getAccountSettings(userId)).language;
    const { start, end } = monthBounds(month);
    const wallet = await findWallet(db, userId);
    const [person, bank] = await Promise.all([
      accounts.bankApplicant(db, userId),
      findBankAccount(db, userId),
    ]);
    const opening = wallet ? await walletBalanceBefore(db, wallet.id, start) : 0;
    const rows = wallet ? await walletMovements(db, wallet.id, start, end) : [];
    const originals = new Map<string, NamedTransfer>(
      (
        await transfersByIds(db, [
          ...new Set(rows.map(originalIdOf).filter((id): id is string => !!id)),
        ])
      ).map((t) => [t.id, t as NamedTransfer]),
    );
    const parties = await accounts.parties(
      [...rows, ...originals.values()].flatMap((r) =>
        [r.user_id, r.counterparty_user_id].filter((x): x is string => !!x),
      ),
      db,
    );

    const lines: WalletStatementLine[] = [];
    let balance = opening;
    for (const row of rows) {
      const net = Number(row.wallet_cents);
      // A fee is what the owner's transfer moved into Pago's fee revenue (given back: negative).
      const feeRevenue = row.user_id === userId ? Number(row.fee_revenue_cents) : 0;
      const fee = -feeRevenue;
      const original = originals.get(originalIdOf(row) ?? '');
      const base = {
        transferId: row.transfer_id,
        reference: receiptReference(row.transfer_id),
        date: row.created_at.toISOString(),
        kind: row.kind,
        counterparty: counterpartyOf(row, userId, parties, original, lang),
      };
      const principal = net - fee;
      if (principal !== 0 || fee === 0) {
        balance += principal;
        lines.push({
          ...base,
          part: 'amount',
          description: movementDescription(row.kind, lang),
          amountCents: principal,
          balanceCents: balance,
        });
      }
      if (fee !== 0) {
        balance += fee;
        lines.push({
          ...base,
          part: 'fee',
          description: feeDescription(row.kind, lang, fee > 0),
          amountCents: fee,
          balanceCents: balance,
        });
      }
    }
    const address = person?.address;
    return {
      month,
      language: lang,
      toDate: month === easternMonthOf(clock()),
      holder: {
        name: person?.legalName ?? '',
        addressLines: address
          ? [
              address.street,
              address.street2 ?? '',
              `${address.city}, ${address.state} ${address.postalCode}`,
            ].filter((line) => line.trim() !== '')
          : [],
      },
      accountNumberMasked: bank ? `••••${bank.account_number.slice(-4)}` : null,
      routingNumber: bank?.routing_number ?? null,
      openingBalanceCents: opening,
      creditsCents: lines
        .filter((l) => l.part === 'amount' && l.amountCents > 0)
        .reduce((s, l) => s + l.amountCents, 0),
      debitsCents: lines
        .filter((l) => l.part === 'amount' && l.amountCents < 0)
        .reduce((s, l) => s + l.amountCents, 0),
      feesCents: lines.filter((l) => l.part === 'fee').reduce((s, l) => s + l.amountCents, 0),
      closingBalanceCents: balance,
      lines,
    };
  }

  return {
    /** The months of the wallet, newest first. */
    async list(userId: string): Promise<BankStatements> {
      const all = await reads.read(userId, (db) => months(db, userId));
      return { statements: all.reverse().map((month) => ({ month })) };
    },

    statement,

    /** The statement as PDF, its dates and times in the user's own zone. */
    async pdf(userId: string, month: string, language?: 'es' | 'en') {
      const data = await statement(userId, month, language);
      const { timeZone } = await accounts.getAccountSettings(userId);
      const pdf = await renderWalletStatementPdf(data, { timeZone, issuedAt: clock() });
      return { language: data.language, pdf: Buffer.from(pdf) };
    },
  };
}

export type Statements = ReturnType<typeof createStatements>;
