import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as money from './0002-money';

/** Ordered by name; a migration, once released, never changes. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-money': money,
};
