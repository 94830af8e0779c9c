import { migrations } from '../src/db/migrations';

/** The main migrations up to `last` (included): a database as the release before a migration left it. */
export const migrationsUpTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
