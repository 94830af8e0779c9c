import type { CorridorCountry } from '@pago/shared/fees';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AbroadPricing } from '../transfers/quotes.service';
import type { Payers } from './payers.service';
import type { RecipientRow, Recipients } from './recipients.service';
import type { RemittancePricing } from './remittance-pricing';
import { findRecipientByPhone } from './remittances.repository';

/** A phone abroad that is no saved recipient's: the partner cannot pay a phone alone. */
export function detailsRequired() {
  return new AppError(
    'recipient_details_required',
    422,
    'To send money abroad, save the recipient first: their name and how they get paid.',
  );
}

type Deps = { db: Database; payers: Payers; pricing: RemittancePricing; recipients: Recipients };

/** An estimate's payer: express on the first express payer, standard on a bank first. */
async function estimatePayer(
  payers: Payers,
  country: CorridorCountry,
  speed: 'standard' | 'express',
) {
  const all = await payers.list(country);
  if (speed === 'express') return all.find((p) => p.express);
  return all.find((p) => p.method === 'bank_deposit') ?? all[0];
}

/**
 * A quote abroad: the recipient (saved, by id or by phone; none for an estimate), their payer
 * (express only where it pays in minutes), and the partner's price.
 */
export async function priceForRecipient(
  { db, payers, pricing, recipients }: Deps,
  userId: string,
  input: Parameters<AbroadPricing['price']>[1],
): ReturnType<AbroadPricing['price']> {
  let row: RecipientRow | undefined;
  if (input.recipientId) row = await recipients.rowOf(userId, input.recipientId);
  else if (input.recipientPhone) {
    row = await findRecipientByPhone(db, userId, input.recipientPhone, input.country);
    if (!row) throw detailsRequired();
  }
  if (row && row.country !== input.country) {
    throw new AppError(
      'recipient_country_mismatch',
      422,
      'This recipient is in another country. Check the country.',
      { recipientCountry: row.country },
    );
  }
  const payer = row
    ? await payers.find(input.country, recipients.payable(row).payout.payerId)
    : await estimatePayer(payers, input.country, input.speed);
  if (!payer) {
    throw new AppError(
      'payer_unavailable',
      422,
      'This recipient’s payer is not paying out right now. Choose another way to pay them.',
    );
  }
  if (input.speed === 'express' && !payer.express) {
    throw new AppError(
      'express_unavailable',
      422,
      'Express delivery is not offered for this way of paying the recipient. Send standard, or pay them to a mobile wallet or cash pickup.',
      { recipientCountry: input.country },
    );
  }
  const price = await pricing.price({
    payer,
    amountCents: input.amountCents,
    speed: input.speed,
    now: input.now,
  });
  return {
    recipientId: row?.id ?? null,
    recipientPhone: row?.phone ?? input.recipientPhone ?? null,
    payer: { id: payer.id, name: payer.name },
    price,
  };
}
