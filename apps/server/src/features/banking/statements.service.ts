import type { BankStatements } from '@pago/shared/contracts/banking';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { UnitClient } from '../../providers/unit/unit-client';
import { findBankAccount } from './banking.repository';

type Deps = {
  db: Database;
  /** null: live mode without Unit settings (refused, as the rest of the bank account). */
  unit: UnitClient | null;
  /** The account's language, for a statement asked without one. */
  languageOf: (userId: string) => Promise<'es' | 'en'>;
};

/**
 * Monthly statements of the user's account at the partner. Unit issues and renders them (PDF, in
 * English or Spanish); Pago lists the months of the user's own account and passes the PDF on, so
 * a statement of another account cannot be asked for: it is not in that list (404).
 */
export function createStatements({ db, unit, languageOf }: Deps) {
  async function context(userId: string) {
    if (!unit) throw unavailableInLiveMode('bankAccount');
    const account = await findBankAccount(db, userId);
    if (!account) throw new AppError('bank_account_required', 404, 'Banking Account Required');
    return { client: unit, account };
  }

  return {
    async list(userId: string): Promise<BankStatements> {
      const { client, account } = await context(userId);
      const statements = await client.listStatements(account.unit_account_id);
      return {
        statements: statements
          .filter((s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s.period))
          .map((s) => ({ month: s.period })),
      };
    },

    async pdf(userId: string, month: string, language?: 'es' | 'en') {
      const { client, account } = await context(userId);
      const statement = (await client.listStatements(account.unit_account_id, month)).find(
        (s) => s.period === month,
      );
      if (!statement) {
        throw new AppError('statement_not_found', 404, 'There is no statement for that month.');
      }
      const lang = language ?? (await languageOf(userId));
      return {
        language: lang,
        pdf: await client.statementPdf(statement.id, account.unit_customer_id, lang),
      };
    },
  };
}

export type Statements = ReturnType<typeof createStatements>;
