import { type Kysely, sql } from 'kysely';

/**
 * The sandbox FX move (sandbox mode only; docs/rates.md): a rate set through
 * `POST /sandbox/fx/rates` overrides the Thunes fake's reference rate for its currency
 * (`sandbox/fx/sandbox-rates.ts`), so quotations reflect it until it is moved again or reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_fx_rates (
      currency text primary key check (currency ~ '^[A-Z]{3}$'),
      rate numeric(20, 8) not null check (rate > 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_fx_rates`.execute(db);
}
