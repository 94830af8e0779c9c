import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ExternalSigninTicketsTable } from '../../db/schema';

/** How long a started sign-in and a waiting ticket stay good. */
export const STATE_TTL_MINUTES = 10;
export const TICKET_TTL_MINUTES = 15;

export async function insertState(
  db: Database,
  row: {
    state: string;
    nonce: string;
    codeVerifier: string;
    language: string;
    browserHash: Buffer;
  },
) {
  // Old, used or expired rows of anyone are cleared as new ones come (a small, indexed delete).
  await db
    .deleteFrom('external_signin_states')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .insertInto('external_signin_states')
    .values({
      state: row.state,
      nonce: row.nonce,
      code_verifier: row.codeVerifier,
      language: row.language,
      browser_hash: row.browserHash,
      expires_at: sql<Date>`now() + make_interval(mins => ${STATE_TTL_MINUTES})`,
    })
    .execute();
}

/**
 * Takes a started sign-in once, in the browser that started it: the row is marked used in the
 * same statement that reads it, so a state (and with it its code) is good for one callback only.
 * Another browser's callback takes nothing. `fresh` is false when it expired.
 */
export async function takeState(db: Database, state: string, browserHash: Buffer | null) {
  if (!browserHash) return undefined;
  return db
    .updateTable('external_signin_states')
    .set({ used_at: sql<Date>`now()` })
    .where('state', '=', state)
    .where('browser_hash', '=', browserHash)
    .where('used_at', 'is', null)
    .returning(['nonce', 'code_verifier', 'language', sql<boolean>`expires_at > now()`.as('fresh')])
    .executeTakeFirst();
}

/** Whether this state is waiting for its callback (in some browser): to say why one was refused. */
export async function isStateWaiting(db: Database, state: string) {
  const row = await db
    .selectFrom('external_signin_states')
    .select('state')
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findExternalIdentity(db: Database, issuer: string, subject: string) {
  return db
    .selectFrom('external_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertExternalIdentity(
  db: Database,
  row: { issuer: string; subject: string; userId: string; email: string },
) {
  await db
    .insertInto('external_identities')
    .values({ issuer: row.issuer, subject: row.subject, user_id: row.userId, email: row.email })
    .execute();
}

export async function insertTicket(
  db: Database,
  row: Omit<ExternalSigninTicketsTable, 'failed_attempts' | 'expires_at' | 'used_at'>,
) {
  await db
    .insertInto('external_signin_tickets')
    .values({
      ...row,
      expires_at: sql<Date>`now() + make_interval(mins => ${TICKET_TTL_MINUTES})`,
    })
    .execute();
}

/** An unused, unexpired ticket of this kind, locked for the rest of the transaction. */
export async function lockTicket(db: Database, ticketHash: Buffer, kind: 'signup' | 'link') {
  return db
    .selectFrom('external_signin_tickets')
    .selectAll()
    .where('ticket_hash', '=', ticketHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

export async function useTicket(db: Database, ticketHash: Buffer) {
  await db
    .updateTable('external_signin_tickets')
    .set({ used_at: sql<Date>`now()` })
    .where('ticket_hash', '=', ticketHash)
    .execute();
}

/**
 * Takes one of a link ticket's password attempts before the password is checked: one statement
 * counts it only while the ticket is good and has attempts left, so parallel guesses on one
 * ticket cannot pass one count. The ticket's account, or undefined when none is left.
 */
export async function takeLinkAttempt(db: Database, ticketHash: Buffer, attempts: number) {
  return db
    .updateTable('external_signin_tickets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('ticket_hash', '=', ticketHash)
    .where('kind', '=', 'link')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('failed_attempts', '<', attempts)
    .returning('user_id')
    .executeTakeFirst();
}

/** The external identity a session was opened with, if any. */
export async function sessionExternalIdentity(db: Database, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .leftJoin('external_identities', (join) =>
      join
        .onRef('external_identities.issuer', '=', 'sessions.external_issuer')
        .onRef('external_identities.user_id', '=', 'sessions.user_id'),
    )
    .select([
      'sessions.external_issuer as issuer',
      'sessions.external_id_token as idToken',
      'external_identities.email as email',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
