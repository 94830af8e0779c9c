import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * How long a closed account's data is kept (docs/account-rights.md, "Retention"):
 * - sign-in data (sessions and their devices, sign-in links and codes, the two-step secret,
 *   external sign-ins) and notifications: ACCESS_DATA_DAYS after closing — long enough to answer
 *   "who closed my account?" from the sessions, no law asks for more;
 * - contact data (e-mail, phone, address), the date of birth and the identity results:
 *   RECORDS_YEARS after closing, the longest period the money laws Pago is under ask for
 *   (31 CFR 1010.430(d): five years for the Bank Secrecy Act's records; Regulation E
 *   1005.13(b) and 1005.33(g)(2): two years; state money-transmitter laws: three to five).
 * Transfers, ledger entries and the name shown on them are never erased: they are the records
 * themselves, and the other party's history shows them, named.
 */
export const ACCESS_DATA_DAYS = 90;
export const RECORDS_YEARS = 5;

/** How many accounts one run treats per step (the job runs daily; the rest waits a day). */
const BATCH = 200;

function yearsBefore(now: Date, years: number): Date {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
}

/** Erases a closed account's sign-in data and notifications (the first step). */
async function eraseAccess(tx: Database, userId: string, now: Date): Promise<void> {
  for (const table of [
    'notification_stream_tickets',
    'sessions',
    'sign_in_challenges',
    'sign_in_links',
    'two_step_recovery_codes',
    'notifications',
    'notification_settings',
    'external_identities',
    'external_signin_tickets',
    'account_data_exports',
  ] as const) {
    await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await tx
    .updateTable('users')
    .set({
      two_step_secret: null,
      two_step_enabled_at: null,
      two_step_last_step: null,
      // No password matches this: the account could not be signed in to even if reopened by hand.
      password_hash: '!erased',
      access_erased_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Anonymises a closed account after the records period: contact data, address, date of birth
 * and identity results go; the name that its transfers show stays (the legal name, when one was
 * verified, as money moved under it), and so do the username (never given to another person)
 * and the transfers.
 */
async function anonymise(tx: Database, userId: string, now: Date): Promise<void> {
  await tx.deleteFrom('identity_attempts').where('user_id', '=', userId).execute();
  await tx.deleteFrom('phone_verifications').where('user_id', '=', userId).execute();
  await tx
    .updateTable('cards')
    .set({ shipping_address: null })
    .where('user_id', '=', userId)
    .execute();
  await tx
    .updateTable('users')
    .set({
      name: sql<string>`coalesce(legal_name, name)`,
      legal_name: null,
      legal_birth_date: null,
      email: sql<string>`'closed-' || id || '@closed.invalid'`,
      phone: null,
      phone_verified: false,
      address: null,
      address_street: null,
      address_street2: null,
      address_city: null,
      address_state: null,
      address_postal_code: null,
      zip_code: null,
      time_zone: null,
      persona_inquiry_id: null,
      anonymised_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * The retention job: each closed account past a period gets that period's erasure, each in its
 * own transaction, once (the step's column marks it). `now` is the ledger's clock.
 */
export async function runRetention(
  db: Database,
  now: Date,
): Promise<{ accessErased: number; anonymised: number }> {
  const accessDue = await db
    .selectFrom('users')
    .select('id')
    .where('closed_at', '<=', new Date(now.getTime() - ACCESS_DATA_DAYS * 86_400_000))
    .where('access_erased_at', 'is', null)
    .orderBy('closed_at')
    .limit(BATCH)
    .execute();
  for (const { id } of accessDue) {
    await db.transaction().execute((tx) => eraseAccess(tx, id, now));
  }
  const recordsDue = await db
    .selectFrom('users')
    .select('id')
    .where('closed_at', '<=', yearsBefore(now, RECORDS_YEARS))
    .where('anonymised_at', 'is', null)
    .orderBy('closed_at')
    .limit(BATCH)
    .execute();
  for (const { id } of recordsDue) {
    await db.transaction().execute(async (tx) => {
      // The records period is longer than the access one: both steps, in order.
      const user = await tx
        .selectFrom('users')
        .select('access_erased_at')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!user.access_erased_at) await eraseAccess(tx, id, now);
      await anonymise(tx, id, now);
    });
  }
  return { accessErased: accessDue.length, anonymised: recordsDue.length };
}
