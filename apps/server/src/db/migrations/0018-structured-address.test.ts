import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../../test/test-database';
import { createDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from '.';

const before = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < '0018-structured-address'),
);

describe('migration 0018-structured-address', () => {
  it('splits the one-line addresses that read as US addresses and leaves the others as they are', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      await migrateToLatest(db, before);
      const lines: Record<string, string | null> = {
        miami: '123 Main St, Miami, FL 33101',
        suite: '350 Fifth Avenue, Suite 3, New York, ny 10118-0110',
        abroad: 'Calle 1 #23, San Salvador',
        nozip: '100 Main St, Miami, FL',
        pobox: 'PO Box 9, Miami, FL 33101',
        badstate: '1 Main St, Springfield, ZZ 12345',
        none: null,
      };
      for (const [username, address] of Object.entries(lines)) {
        await sql`
          insert into users (name, username, email, password_hash, address)
          values ('Ana', ${username}, ${`${username}@example.com`}, 'x', ${address})`.execute(db);
      }
      expect(await migrateToLatest(db)).toContain('0018-structured-address');
      const { rows } = await sql<Record<string, string | null>>`
        select username, address, address_street as street, address_street2 as street2,
          address_city as city, address_state as state, address_postal_code as "postalCode"
        from users order by username`.execute(db);
      const byName = Object.fromEntries(rows.map(({ username, ...row }) => [username, row]));
      expect(byName.miami).toEqual({
        address: '123 Main St, Miami, FL 33101',
        street: '123 Main St',
        street2: null,
        city: 'Miami',
        state: 'FL',
        postalCode: '33101',
      });
      // Written back in the one format the profile shows.
      expect(byName.suite).toEqual({
        address: '350 Fifth Avenue, Suite 3, New York, NY 10118-0110',
        street: '350 Fifth Avenue',
        street2: 'Suite 3',
        city: 'New York',
        state: 'NY',
        postalCode: '10118-0110',
      });
      const unread = { street: null, street2: null, city: null, state: null, postalCode: null };
      for (const name of ['abroad', 'nozip', 'pobox', 'badstate', 'none']) {
        expect(byName[name]).toEqual({ address: lines[name], ...unread });
      }
      // Parts come all together or not at all.
      await expect(
        sql`update users set address_city = null where username = 'miami'`.execute(db),
      ).rejects.toThrow(/users_address_parts_check/);
      await expect(
        sql`update users set address_state = 'fl' where username = 'miami'`.execute(db),
      ).rejects.toThrow(/check/);
    } finally {
      await db.destroy();
    }
  });
});
