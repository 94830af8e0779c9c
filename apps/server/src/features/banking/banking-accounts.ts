import type {
  BankAccount,
  BankAccountNumbers,
  BankingToken,
  BankTransactions,
} from '@pago/shared/contracts/banking';
import { phoneParts } from '@pago/shared/phone-format';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import { findBankAccount, insertBankAccount } from './banking.repository';
import { accountOf, FINAL, onceAtPartner, partnerKey, toView } from './banking-partner';

/** The banking panel's token: read-only scopes, 15 minutes. */
export const BANKING_TOKEN_SCOPE = 'customers accounts transactions payments statements';
export const BANKING_TOKEN_SECONDS = 15 * 60;

type Deps = {
  db: Database;
  accounts: Accounts;
  partner: () => UnitClient;
};

/**
 * Each user's account at the partner: opening it (application → customer → deposit account),
 * its numbers, its counterparties, the banking panel's token and its transactions.
 */
export function createBankingAccounts({ db, accounts, partner }: Deps) {
  /**
   * Opens the user's account at the partner: an individual application (Unit decides it; its
   * approval makes the customer), then a deposit account. Idempotent per user: the partner
   * calls carry keys derived from the user, and an account already open is answered again.
   */
  async function createAccount(userId: string): Promise<BankAccount> {
    const client = partner();
    const existing = await findBankAccount(db, userId);
    if (existing) return toView(existing);
    const person = await accounts.bankApplicant(db, userId);
    if (!person) throw new AppError('unauthorized', 401, 'Not authenticated');
    if (!person.birthDate) {
      throw new AppError(
        'identity_not_verified',
        403,
        'Verify your identity again: the bank needs the birth date on your ID.',
      );
    }
    const { address } = person;
    if (!address) {
      throw new AppError(
        'address_required',
        422,
        'Add your home address (street, city, state and ZIP code) first.',
        { field: 'homeAddress' },
      );
    }
    // Unit's individual application requires a phone (CreateIndividualApplication in its
    // OpenAPI): asked for like the address, never sent empty.
    const phone = person.phone ? phoneParts(person.phone) : null;
    if (!phone) {
      throw new AppError(
        'phone_required',
        422,
        'Add your phone number first: the bank needs it to open your account.',
        { field: 'phone' },
      );
    }
    const words = person.legalName.trim().split(/\s+/);
    const birthDate = person.birthDate;
    const application = await onceAtPartner(() =>
      client.createApplication({
        firstName: words[0] ?? person.legalName,
        lastName: words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? ''),
        dateOfBirth: birthDate,
        email: person.email,
        phone,
        address: { ...address, street2: address.street2 ?? undefined, country: 'US' },
        idempotencyKey: partnerKey('application', userId),
        userId,
      }),
    ).catch((error: unknown) => {
      if (error instanceof UnitRefusal && error.status === 409) {
        // A twin request is still opening it after the wait: not a denial.
        throw new AppError('conflict', 409, 'Your account is being opened. Try again in a moment.');
      }
      if (error instanceof UnitRefusal) {
        throw new AppError('bank_application_denied', 422, 'Failed to create banking account', {
          reason: error.title,
        });
      }
      throw error;
    });
    if (application.status === 'Denied' || !application.customerId) {
      throw new AppError(
        application.status === 'Denied' ? 'bank_application_denied' : 'conflict',
        application.status === 'Denied' ? 422 : 409,
        application.status === 'Denied'
          ? 'Failed to create banking account'
          : 'Your banking application is under review.',
        { status: application.status },
      );
    }
    const customerId = application.customerId;
    const account = await onceAtPartner(() =>
      client.createDepositAccount(customerId, partnerKey('account', userId)),
    );
    // A twin request that got here first stored the same account (the same partner keys).
    return toView(
      await insertBankAccount(db, {
        userId,
        accountNumber: account.accountNumber,
        routingNumber: account.routingNumber,
        applicationId: application.id,
        customerId: application.customerId,
        accountId: account.id,
      }),
    );
  }

  return {
    /**
     * The partner's counterparty for a linked bank account, from a Plaid processor token; the
     * user's partner account is opened first if they have none. No transaction is open.
     */
    async counterpartyFromPlaid(
      userId: string,
      input: { plaidAccountId: string; processorToken: string; name: string },
    ): Promise<string> {
      const client = partner();
      await createAccount(userId);
      const account = await accountOf(db, userId);
      const counterparty = await client
        .createCounterpartyFromPlaid({
          customerId: account.unit_customer_id,
          plaidProcessorToken: input.processorToken,
          name: input.name,
          idempotencyKey: partnerKey('counterparty', userId, input.plaidAccountId),
        })
        .catch((error: unknown) => {
          if (error instanceof UnitRefusal) {
            throw new AppError('bank_link_failed', 400, 'The bank account could not be used.', {
              reason: error.title,
            });
          }
          throw error;
        });
      return counterparty.id;
    },

    async getAccount(userId: string): Promise<BankAccount> {
      return toView(await accountOf(db, userId));
    },

    async revealNumbers(userId: string): Promise<BankAccountNumbers> {
      const row = await accountOf(db, userId);
      return { accountNumber: row.account_number, routingNumber: row.routing_number };
    },
    createAccount,

    /** A short-lived, read-only customer token of the partner for this user's banking panel. */
    async token(userId: string): Promise<BankingToken> {
      const client = partner();
      const row = await accountOf(db, userId);
      const token = await client.createCustomerToken(
        row.unit_customer_id,
        BANKING_TOKEN_SCOPE,
        BANKING_TOKEN_SECONDS,
      );
      return {
        token: token.token,
        expiresIn: token.expiresIn,
        expiresAt: new Date(Date.now() + token.expiresIn * 1000).toISOString(),
        scope: BANKING_TOKEN_SCOPE,
      };
    },
    /** The user's partner transactions: pending payments and settled transactions, paged. */
    async listTransactions(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<BankTransactions> {
      const client = partner();
      const row = await accountOf(db, userId);
      const [settled, payments] = await Promise.all([
        client.listTransactions(row.unit_account_id, page),
        page.offset === 0
          ? client.listPayments(row.unit_account_id, { limit: 100, offset: 0 })
          : [],
      ]);
      return {
        pending: payments
          // Not final yet: an ACH payment stays pending until Settled; a book payment is done once Sent.
          .filter((p) => !FINAL.has(p.status) && (p.status !== 'Sent' || p.type === 'achPayment'))
          .map((p) => ({
            id: p.id,
            state: 'pending' as const,
            kind: p.type,
            direction:
              p.accountId === row.unit_account_id
                ? p.direction === 'Debit'
                  ? ('in' as const)
                  : ('out' as const)
                : ('in' as const),
            amountCents: p.amount,
            balanceCents: null,
            // No partner text yet: the web names it by direction, in the reader's language (the
            // raw status "Pending" read as English on a Spanish screen).
            summary: '',
            createdAt: p.createdAt,
          })),
        settled: settled.transactions.map((t) => ({
          id: t.id,
          state: 'settled' as const,
          kind: t.type,
          direction: t.direction === 'Credit' ? ('in' as const) : ('out' as const),
          amountCents: t.amount,
          balanceCents: t.balance,
          summary: t.summary,
          createdAt: t.createdAt,
        })),
        total: settled.total,
        limit: page.limit,
        offset: page.offset,
      };
    },
  };
}
