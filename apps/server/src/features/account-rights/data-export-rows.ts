import type { Database } from '../../db/database';

/** Any run of 5 or more digits keeps only its last 4 ("•••• 6789"): account and card numbers. */
export function maskDigits(value: string): string {
  return value.replace(/\d{5,}/g, (digits) => `•••• ${digits.slice(-4)}`);
}

export async function profileRow(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'name',
      'username',
      'email',
      'phone',
      'phone_verified',
      'address',
      'zip_code',
      'language',
      'time_zone',
      'legal_name',
      'legal_birth_date',
      'verification_service',
      'two_step_enabled_at',
      'terms_version',
      'terms_accepted_at',
      'created_at',
      'closed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function bankRows(db: Database, userId: string) {
  const linked = await db
    .selectFrom('plaid_accounts as a')
    .innerJoin('plaid_items as i', 'i.id', 'a.item_id')
    .select(['i.institution_name', 'a.name', 'a.mask', 'i.status', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .execute();
  const own = await db
    .selectFrom('bank_accounts')
    .select(['account_number', 'routing_number', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  return [
    ...own.map((r) => ({
      kind: 'pago' as const,
      institution: `Pago (${r.routing_number})`,
      account: 'Pago',
      number: r.account_number,
      status: null,
      created_at: r.created_at,
    })),
    ...linked.map((r) => ({
      kind: 'linked' as const,
      institution: r.institution_name,
      account: r.name,
      number: r.mask ? `•••• ${r.mask}` : null,
      status: r.status,
      created_at: r.created_at,
    })),
  ];
}

/** A recipient's payout fields (bank account, wallet number), each masked to its last 4 digits. */
export function payoutAccount(details: unknown): string {
  const fields =
    details && typeof details === 'object' && 'fields' in details
      ? (details as { fields: Record<string, string> }).fields
      : {};
  return Object.entries(fields)
    .map(([name, value]) => `${name}: ${maskDigits(String(value))}`)
    .join('; ');
}

export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
