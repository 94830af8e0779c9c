import { formatAddress, parseOneLineAddress } from '@pago/shared/contracts/address';
import { type Kysely, sql } from 'kysely';

/**
 * The home address in parts, as the banking partner's application takes it (street,
 * street2, city, USPS state, ZIP or ZIP+4), instead of one line parsed when an account is opened.
 * `address` stays: the one-line form the spec's clients read, written from the parts when they
 * are known. A stored line that reads as a full US address is split into its parts (and written
 * back in the one format); any other keeps its line and no parts (the web asks for the address
 * when it is needed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column address_street text,
      add column address_street2 text,
      add column address_city text,
      add column address_state text check (address_state ~ '^[A-Z]{2}$'),
      add column address_postal_code text check (address_postal_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
      add constraint users_address_parts_check check (
        (address_street is null) = (address_city is null)
        and (address_street is null) = (address_state is null)
        and (address_street is null) = (address_postal_code is null)
        and (address_street is not null or address_street2 is null))`.execute(db);

  // In batches by id, so a large table is never held in memory at once.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; address: string }>`
      select id, address from users
      where address is not null and id > ${after}::uuid
      order by id limit 1000`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const parts = parseOneLineAddress(row.address);
      if (!parts) continue;
      await sql`
        update users set address = ${formatAddress(parts)}, address_street = ${parts.street}, address_street2 = ${parts.street2},
          address_city = ${parts.city}, address_state = ${parts.state},
          address_postal_code = ${parts.postalCode}
        where id = ${row.id}::uuid`.execute(db);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}
