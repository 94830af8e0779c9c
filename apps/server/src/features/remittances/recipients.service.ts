import type { PayoutDetails, Recipient, RecipientInput } from '@pago/shared/contracts/remittances';
import type { CorridorCountry } from '@pago/shared/fees';
import { maskPayerField, type PayerFieldName } from '@pago/shared/payers';
import { maskAccount, type PayoutMethod } from '@pago/shared/remittances';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { RemittanceRecipientsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { Ledger } from '../ledger/ledger.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import { type OfferedPayer, type Payers, payerView } from './payers.service';
import {
  deleteRecipient,
  findRecipient,
  insertRecipient,
  listRecipients,
  type StoredRecipient,
  updateRecipient,
} from './remittances.repository';

export type RecipientRow = Selectable<RemittanceRecipientsTable>;

const notFound = () =>
  new AppError('recipient_not_found', 404, 'There is no such recipient among yours.');

/** A recipient saved before payers existed: the old shape of its payout, without a payer. */
function payoutOf(row: RecipientRow): PayoutDetails | null {
  const details = row.payout_details as Partial<PayoutDetails>;
  if (!row.payer_id || !details.payerId || typeof details.fields !== 'object') return null;
  return details as PayoutDetails;
}

/** The payout as screens show it: account numbers and ID numbers by their last four. */
export function payoutViewOf(
  method: PayoutMethod,
  payout: PayoutDetails | null,
  payerName: string | null,
): Recipient['payout'] {
  const fields: Partial<Record<PayerFieldName, string>> = {};
  for (const [name, value] of Object.entries(payout?.fields ?? {})) {
    if (value) fields[name as PayerFieldName] = maskPayerField(name as PayerFieldName, value);
  }
  const account =
    payout?.fields.clabe ??
    payout?.fields.iban ??
    payout?.fields.cbu ??
    payout?.fields.bank_account_number;
  return {
    method,
    payerId: payout?.payerId ?? null,
    payerName,
    accountMask: method === 'bank_deposit' && account ? maskAccount(account) : null,
    walletPhone: method === 'mobile_wallet' ? (payout?.fields.msisdn ?? null) : null,
    fields,
  };
}

export function recipientView(row: RecipientRow): Recipient {
  const payout = payoutOf(row);
  return {
    id: row.id,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    phone: row.phone,
    payout: payoutViewOf(row.payout_method, payout, row.payer_name),
    needsUpdate: payout === null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Saved recipients abroad, each paid by one of the partner's payers with exactly the fields that
 * payer requires (checked against the payer before anything is saved or sent).
 */
export function createRecipients({
  db,
  ledger,
  payers,
  sanctions,
}: {
  db: Database;
  ledger: Ledger;
  payers: Payers;
  /** Screens a recipient when saved (features/sanctions, built after this feature). */
  sanctions: () => Pick<Sanctions, 'screen'>;
}) {
  /** A recipient written, and screened in the same transaction (a match opens a hit). */
  async function saved(write: (tx: Database) => Promise<RecipientRow | undefined>) {
    return db.transaction().execute(async (tx) => {
      const row = await write(tx);
      if (row) {
        await sanctions().screen(
          tx,
          {
            kind: 'recipient',
            id: row.id,
            userId: row.user_id,
            name: row.full_name,
            facts: { country: row.country },
          },
          'recipient_saved',
        );
      }
      return row;
    });
  }

  function requirePartner() {
    if (!payers.available) throw unavailableInLiveMode('remittances');
  }

  /**
   * The payer the input names, in its country and method, with every field it requires present;
   * the stored fields are exactly the payer's (anything else sent is dropped).
   */
  async function checkPayer(
    input: RecipientInput,
  ): Promise<{ payer: OfferedPayer; stored: StoredRecipient }> {
    const payer = await payers.find(input.country as CorridorCountry, input.payout.payerId);
    if (!payer || payer.method !== input.payout.method) {
      throw new AppError(
        'payer_not_found',
        422,
        'This payer does not pay recipients in this country this way. Choose one from the list.',
      );
    }
    // A mobile wallet's number is the recipient's phone unless another is given.
    const given = { ...input.payout.fields };
    if (payer.fields.includes('msisdn') && !given.msisdn) given.msisdn = input.phone;
    const missing = payer.fields.filter((field) => !given[field]);
    if (missing.length > 0) {
      throw new AppError(
        'payer_field_required',
        422,
        'This payer needs more details about the recipient.',
        { fields: missing },
      );
    }
    const fields: Partial<Record<PayerFieldName, string>> = {};
    for (const field of payer.fields) fields[field] = given[field];
    return {
      payer,
      stored: {
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        phone: input.phone,
        payout: { method: input.payout.method, payerId: payer.id, fields },
        payerName: payer.name,
      },
    };
  }

  async function rowOf(userId: string, id: string, executor: Database = db) {
    const row = isUuid(id) ? await findRecipient(executor, userId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    requirePartner,
    rowOf,

    /** The stored recipient a send pays, refused while it still needs an update. */
    payable(row: RecipientRow): StoredRecipient {
      const payout = payoutOf(row);
      if (!payout || !row.payer_name) {
        throw new AppError(
          'recipient_needs_update',
          409,
          'Choose again how this recipient is paid before sending to them.',
        );
      }
      return {
        firstName: row.first_name,
        lastName: row.last_name,
        country: row.country,
        phone: row.phone,
        payout,
        payerName: row.payer_name,
      };
    },

    async payers(country: CorridorCountry, method?: PayoutMethod) {
      requirePartner();
      return { items: (await payers.list(country, method)).map(payerView) };
    },

    async list(userId: string) {
      return { items: (await listRecipients(db, userId)).map(recipientView) };
    },

    async get(userId: string, id: string) {
      return recipientView(await rowOf(userId, id));
    },

    async create(userId: string, input: RecipientInput) {
      requirePartner();
      const { stored } = await checkPayer(input);
      const row = await saved((tx) => insertRecipient(tx, userId, stored));
      return recipientView(row as RecipientRow);
    },

    async update(userId: string, id: string, input: RecipientInput) {
      requirePartner();
      await rowOf(userId, id);
      const { stored } = await checkPayer(input);
      const row = await saved((tx) => updateRecipient(tx, userId, id, stored, ledger.clock()));
      if (!row) throw notFound();
      return recipientView(row);
    },

    async remove(userId: string, id: string) {
      if (!isUuid(id) || !(await deleteRecipient(db, userId, id))) throw notFound();
    },
  };
}

export type Recipients = ReturnType<typeof createRecipients>;
