import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { UnitBusinessApplicant, UnitClient } from '../../providers/unit/unit-client';
import { UnitRefusal } from '../../providers/unit/unit-client';
import {
  type findCover,
  findOmnibus,
  insertOmnibus,
  insertOmnibusMovement,
  lockOmnibus,
  partnerFundsOf,
  updateOmnibusMovement,
} from './banking.repository';
import { type AccountRow, type PartnerOutcome, partnerKey } from './banking-partner';

export type OmnibusSettings = {
  accountId: string | undefined;
  sandbox: { application: UnitBusinessApplicant; fundingCents: number } | null;
};

type Deps = {
  db: Database;
  partner: () => UnitClient;
  omnibus: OmnibusSettings;
  log: Pick<Logger, 'info' | 'warn'>;
};

/**
 * Pago's omnibus account at the partner and the covers it pays into a user's partner account
 * before a withdrawal leaves it.
 */
export function createBankingOmnibus({ db, partner, omnibus, log }: Deps) {
  /**
   * Pago's omnibus account at the partner: UNIT_FBO_ACCOUNT_ID, or in sandbox mode the one made
   * on first use — Pago's business application (the fake approves it) → customer → deposit
   * account, funded once with Unit's sandbox incoming ACH — under a lock so two processes make
   * one. Live mode without it refuses, before any money moves.
   */
  function assertOmnibus(): void {
    partner();
    if (omnibus.accountId || omnibus.sandbox) return;
    throw new AppError(
      'feature_unavailable_in_live_mode',
      503,
      'Withdrawals need Pago’s omnibus account at the banking partner, which is not configured.',
      { feature: 'bankAccount', setting: 'UNIT_FBO_ACCOUNT_ID' },
    );
  }

  async function omnibusAccount(): Promise<string> {
    assertOmnibus();
    const client = partner();
    if (omnibus.accountId) return omnibus.accountId;
    // assertOmnibus passed without an account id: sandbox mode, which makes its own.
    const sandboxOmnibus = omnibus.sandbox as NonNullable<typeof omnibus.sandbox>;
    const made = await findOmnibus(db);
    if (made) return made.unit_account_id;
    return db.transaction().execute(async (tx) => {
      await lockOmnibus(tx);
      const raced = await findOmnibus(tx);
      if (raced) return raced.unit_account_id;
      const application = await client.createBusinessApplication(sandboxOmnibus.application);
      if (!application.customerId) {
        throw new Error(`The omnibus application is ${application.status}, not Approved`);
      }
      const account = await client.createDepositAccount(
        application.customerId,
        'pago-omnibus-account',
      );
      // Funded once: after a crash between funding and recording, the funding is found again.
      const funded = (await client.listPayments(account.id, { limit: 1000, offset: 0 })).filter(
        (p) => p.accountId === account.id && p.type === 'achPayment' && p.direction === 'Credit',
      );
      const fundings = funded.length
        ? funded
        : [
            await client.simulateIncomingAch(
              account.id,
              sandboxOmnibus.fundingCents,
              'Pago omnibus funding',
            ),
          ];
      for (const funding of fundings) {
        await insertOmnibusMovement(tx, {
          kind: 'funding',
          amountCents: funding.amount,
          idempotencyKey: `pago-omnibus-funding-${funding.id}`,
          unitPaymentId: funding.id,
          status: funding.status,
        });
      }
      await insertOmnibus(tx, { customerId: application.customerId, accountId: account.id });
      log.info({ accountId: account.id }, 'sandbox omnibus account made');
      return account.id;
    });
  }

  /**
   * Before a withdrawal leaves the user's partner account: what that account lacks of it (wallet
   * money that never went through it, such as P2P receipts and sandbox test money) is to move
   * there from the omnibus as a book payment, in whole dollars, keyed by the withdrawal. Reserved
   * here, in the withdrawal's first transaction under the user's funding lock; made by the call.
   */
  async function reserveCover(
    tx: Database,
    input: { userId: string; transferId: string; amountCents: number },
  ): Promise<void> {
    const shortfall = input.amountCents - (await partnerFundsOf(tx, input.userId));
    if (shortfall <= 0) return;
    assertOmnibus();
    await insertOmnibusMovement(tx, {
      kind: 'cover',
      transferId: input.transferId,
      userId: input.userId,
      amountCents: Math.ceil(shortfall / 100) * 100,
      idempotencyKey: partnerKey('cover', input.transferId),
      status: 'Reserved',
    });
  }

  /**
   * Makes a reserved cover at the partner (its key makes a second call the same payment) and
   * records the answer at once; a refusal is the withdrawal's outcome, else null.
   */
  async function makeCover(
    cover: NonNullable<Awaited<ReturnType<typeof findCover>>>,
    to: AccountRow,
  ): Promise<PartnerOutcome | null> {
    try {
      const payment = await partner().createBookPayment({
        accountId: await omnibusAccount(),
        counterpartyAccountId: to.unit_account_id,
        amount: Number(cover.amount_cents),
        description: 'Pago',
        idempotencyKey: cover.idempotency_key,
        transferId: cover.transfer_id ?? '',
      });
      await updateOmnibusMovement(db, cover.idempotency_key, {
        unit_payment_id: payment.id,
        status: payment.status,
      });
      return payment.status === 'Sent' ? null : { refused: payment.reason ?? payment.status };
    } catch (error) {
      if (!(error instanceof UnitRefusal)) throw error;
      await updateOmnibusMovement(db, cover.idempotency_key, { status: 'Rejected' });
      return { refused: error.title };
    }
  }

  return { assertOmnibus, omnibusAccount, reserveCover, makeCover };
}

export type BankingOmnibus = ReturnType<typeof createBankingOmnibus>;
