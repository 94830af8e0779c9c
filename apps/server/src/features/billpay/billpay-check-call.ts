import type { Database } from '../../db/database';
import {
  type UnitCheckPayment,
  type UnitClient,
  UnitRefusal,
  UnitUnavailableError,
} from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import { partnerKey } from '../banking/banking-partner';
import { findBiller, findBillPayment, findPartnerAccount } from './billpay.repository';

/** What the partner answered a check payment: the check, a refusal, or no answer. */
export type CheckOutcome =
  | { check: UnitCheckPayment }
  | { refused: string }
  | { unavailable: true };

/** The partner call of a check payment, made with no transaction open. */
export function createCheckCall({
  db,
  banking,
  partner,
}: {
  db: Database;
  banking: Banking;
  partner: () => UnitClient;
}) {
  /** Asks the partner for a reserved check (no transaction open): the cover first, then the check. */
  async function callCheck(paymentId: string): Promise<CheckOutcome> {
    const client = partner();
    const row = await findBillPayment(db, paymentId);
    const biller = row ? await findBiller(db, row.biller_id) : undefined;
    const account = row ? await findPartnerAccount(db, row.user_id) : undefined;
    if (!row?.transfer_id || !biller || !account) {
      throw new Error(`Bill payment ${paymentId} cannot be sent`);
    }
    try {
      const refused = await banking.coverFirst(row.transfer_id, row.user_id);
      if (refused) return 'refused' in refused ? refused : { unavailable: true };
      const check = await client.createCheckPayment({
        accountId: account.unit_account_id,
        customerId: account.unit_customer_id,
        amount: Number(row.amount_cents),
        payee: {
          name: biller.name,
          address: {
            street: biller.street ?? '',
            city: biller.city ?? '',
            state: biller.state ?? '',
            postalCode: biller.postal_code ?? '',
          },
        },
        description: `Bill ${biller.name}`,
        memo: `Acct ${row.account_at_biller}`,
        idempotencyKey: partnerKey('bill-check', row.transfer_id),
        tags: { pagoBillPayment: row.id },
      });
      return { check };
    } catch (error) {
      if (error instanceof UnitRefusal) return { refused: error.title };
      if (error instanceof UnitUnavailableError) return { unavailable: true };
      throw error;
    }
  }

  return callCheck;
}
