import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export async function findUserById(db: Database, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By username (any case) or, when it has an @, by e-mail. */
export async function findUserByLogin(db: Database, login: string) {
  const query = db.selectFrom('users').selectAll();
  return login.includes('@')
    ? query.where('email', '=', login.toLowerCase()).executeTakeFirst()
    : query.where(sql<string>`lower(username)`, '=', login.toLowerCase()).executeTakeFirst();
}

export async function findUserByEmail(db: Database, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Which of the e-mail and the username another user (not `exceptId`) already holds. */
export async function findTaken(db: Database, email: string, username: string, exceptId?: string) {
  let query = db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb('email', '=', email),
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
      ]),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    email: rows.some((r) => r.email === email),
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
  };
}

export async function insertUser(db: Database, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Database, id: string, changes: Updateable<UsersTable>) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The one account whose phone is verified with this number (users_verified_phone_key makes it
 * unique). An unverified copy of a number on any other profile never receives anything.
 */
export async function findUserByPhone(db: Database, phone: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .where('phone_verified', '=', true)
    .executeTakeFirst();
}

/**
 * Inside the caller's transaction: makes `phone` this user's verified phone and takes it from
 * whoever held it verified before (returned, so they can be told). Serialized per number.
 */
export async function claimVerifiedPhone(db: Database, userId: string, phone: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`phone:${phone}`}, 0))`.execute(db);
  const released = await db
    .updateTable('users')
    .set({ phone_verified: false, updated_at: sql<Date>`now()` })
    .where('phone', '=', phone)
    .where('phone_verified', '=', true)
    .where('id', '!=', userId)
    .returning(['id', 'name', 'email', 'language'])
    .execute();
  await db
    .updateTable('users')
    .set({ phone, phone_verified: true, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  return released;
}

export async function findUserByUsername(db: Database, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findUsersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'legal_name', 'username', 'phone'])
    .where('id', 'in', ids)
    .execute();
}

/** The identity fields identity verification keeps on the account. */
export type UserIdentityFields = Pick<
  UsersTable,
  | 'verification_service'
  | 'kyc_status'
  | 'persona_status'
  | 'persona_inquiry_id'
  | 'plaid_identity_status'
>;

function selectUserIdentity(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'name',
      'legal_name',
      'verification_service',
      'kyc_status',
      'persona_status',
      'persona_inquiry_id',
      'plaid_identity_status',
    ])
    .where('id', '=', userId);
}

/** The user's identity fields, or undefined for no such user. */
export async function findUserIdentity(db: Database, userId: string) {
  return selectUserIdentity(db, userId).executeTakeFirst();
}

/** The same, locked until the transaction ends (one change of a user's identity at a time). */
export async function lockUserIdentity(db: Database, userId: string) {
  return selectUserIdentity(db, userId).forUpdate().executeTakeFirst();
}

export async function updateUserIdentity(
  db: Database,
  userId: string,
  fields: UserIdentityFields & { legal_name?: string; legal_birth_date?: string | null },
) {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
