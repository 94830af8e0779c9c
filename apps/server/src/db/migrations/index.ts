import type { Migration } from 'kysely';

/** Ordered by name; a migration, once released, never changes. */
export const migrations: Record<string, Migration> = {};
