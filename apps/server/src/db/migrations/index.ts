import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';

/** Ordered by name; a migration, once released, never changes. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
};
