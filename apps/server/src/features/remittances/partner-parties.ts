import type { PayoutDetails } from '@pago/shared/contracts/remittances';
import type { PayerFieldName } from '@pago/shared/payers';
import type { Database } from '../../db/database';
import type { Accounts } from '../accounts/accounts.service';
import type { PayoutRow } from './remittances.repository';

// What the payout partner is told about the people in a remittance: the sender, from Pago's
// verified identity and profile; the recipient, from the payout's copy of the saved recipient.

/** Given and family names from one legal name: the first word, then the rest ("María", "López García"). */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? '';
  const last = words.slice(1).join(' ');
  return { first, last: last || first };
}

/** The sender's fields the payer asks for, from the verified identity and the profile's home address. */
export async function senderFields(
  accounts: Accounts,
  db: Database,
  userId: string,
  fields: string[],
) {
  const person = await accounts.bankApplicant(db, userId);
  if (!person) throw new Error(`no sender ${userId}`);
  const { first, last } = splitName(person.legalName);
  const known: Record<string, string | null | undefined> = {
    firstname: first,
    lastname: last,
    date_of_birth: person.birthDate,
    country_iso_code: 'USA',
    address: person.address
      ? [person.address.street, person.address.street2].filter(Boolean).join(', ')
      : null,
    city: person.address?.city,
    postal_code: person.address?.postalCode,
  };
  const sender: Record<string, string> = {};
  for (const field of fields) {
    const value = known[field];
    if (value) sender[field] = value;
  }
  return sender;
}

/** The credit party and beneficiary the payer requires, from the payout's copy of the recipient. */
export function partiesOf(payout: PayoutRow, creditParty: string[], beneficiary: string[]) {
  const details = payout.payout_details as PayoutDetails;
  const value = (field: string): string | undefined => {
    if (field === 'firstname') return payout.first_name ?? undefined;
    if (field === 'lastname') return payout.last_name ?? undefined;
    const typed = details.fields?.[field as PayerFieldName];
    // A mobile wallet's number is the recipient's phone unless another was given.
    if (field === 'msisdn') return typed ?? payout.phone;
    return typed;
  };
  const pick = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) {
      const v = value(name);
      if (v) out[name] = v;
    }
    return out;
  };
  return { creditParty: pick(creditParty), beneficiary: pick(beneficiary) };
}
