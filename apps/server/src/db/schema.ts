/**
 * The tables Kysely knows about, one interface per table. Each feature's migration adds its own.
 * biome-ignore lint/complexity/noBannedTypes: no tables yet; the accounts migration adds the first.
 */
export type DB = {};
