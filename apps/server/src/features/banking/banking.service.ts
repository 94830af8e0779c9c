import { randomInt } from 'node:crypto';
import type { BankAccount, bankPaymentBody } from '@pago/shared/contracts/banking';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { BankingPartner } from '../../providers/banking/banking-partner';
import type { Accounts } from '../accounts/accounts.service';
import { type Ledger, walletToWallet } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import { findBankAccount, insertBankAccount } from './banking.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  transfers: Transfers;
  partner: BankingPartner;
};

/**
 * The banking partner's deposit account for a user, and book transfers between Pago users. The
 * deposit account holds the same wallet balance: its numbers are how money reaches it from banks.
 */
export function createBanking({ db, ledger, accounts, transfers, partner }: Deps) {
  const toView = (row: {
    id: string;
    account_number: string;
    routing_number: string;
    created_at: Date;
  }): BankAccount => ({
    id: row.id,
    accountNumber: row.account_number,
    routingNumber: row.routing_number,
    createdAt: row.created_at.toISOString(),
  });

  return {
    async getAccount(userId: string): Promise<BankAccount> {
      const row = await findBankAccount(db, userId);
      if (!row) throw new AppError('not_found', 404, 'Banking Account Required');
      return toView(row);
    },

    async createAccount(tx: Database, userId: string): Promise<BankAccount> {
      const exists = () =>
        new AppError('bank_account_exists', 409, 'You already have a banking account.');
      if (!partner.available) throw unavailableInLiveMode('bankAccount');
      if (await findBankAccount(tx, userId)) throw exists();
      // 12 digits starting with 9: distinct from the card and wallet identifiers.
      for (let attempt = 0; attempt < 5; attempt++) {
        const accountNumber = `9${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`;
        const routingNumber = partner.routingNumber();
        const row = await insertBankAccount(tx, { userId, accountNumber, routingNumber });
        if (row) return toView(row);
        if (await findBankAccount(tx, userId)) throw exists();
      }
      throw new Error('Could not allocate a bank account number');
    },

    async sendPayment(tx: Database, userId: string, body: z.output<typeof bankPaymentBody>) {
      if (!(await findBankAccount(tx, userId)))
        throw new AppError('bank_account_required', 404, 'Banking Account Required');
      const receiver = body.receiver.includes('@')
        ? await accounts.findRecipient({ email: body.receiver }, tx)
        : await accounts.findRecipient({ phone: body.receiver.replace(/[\s()-]/g, '') }, tx);
      if (!receiver)
        throw new AppError('recipient_not_found', 404, 'No Pago user has that phone or e-mail.');
      if (receiver.userId === userId)
        throw new AppError('self_transfer', 422, 'You cannot send money to yourself.');
      const row = await ledger.post(tx, {
        kind: 'bank_transfer',
        status: 'completed',
        userId,
        counterpartyUserId: receiver.userId,
        amountCents: body.amount,
        countsTowardLimits: true,
        metadata: { description: body.description, receiver: body.receiver },
        legs: walletToWallet(userId, receiver.userId, body.amount),
      });
      return (await transfers.view([row], userId, tx))[0];
    },
  };
}

export type Banking = ReturnType<typeof createBanking>;
