import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database';
import { findUnstorableText } from '../../lib/input-guard';

/**
 * The sandbox provider's signing key: made by the first process that needs it and kept in
 * sandbox_oidc_keys, so every process and every restart signs with (and publishes) the same key.
 */
export async function sandboxSigningKey(db: Database): Promise<Record<string, unknown>> {
  const existing = await db
    .selectFrom('sandbox_oidc_keys')
    .select('private_jwk')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing.private_jwk;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };
  const kid = createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  // Two processes racing: one row wins, and both read it back.
  await db
    .insertInto('sandbox_oidc_keys')
    .values({ kid, private_jwk: JSON.stringify({ ...jwk, kid }) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return sandboxSigningKey(db);
}

/** The sandbox provider's people: anyone who signs in, by e-mail, with the name they gave. */
export function sandboxSubject(email: string): string {
  return `sbx_${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
}

export async function saveSandboxPerson(db: Database, email: string, name: string) {
  const sub = sandboxSubject(email);
  await db
    .insertInto('sandbox_oidc_models')
    .values({ model: 'SandboxPerson', id: sub, payload: JSON.stringify({ email, name }) })
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({ payload: JSON.stringify({ email, name }) }),
    )
    .execute();
  return sub;
}

export async function findSandboxPerson(db: Database, sub: string) {
  if (findUnstorableText(sub)) return undefined;
  const row = await db
    .selectFrom('sandbox_oidc_models')
    .select('payload')
    .where('model', '=', 'SandboxPerson')
    .where('id', '=', sub)
    .executeTakeFirst();
  return row?.payload as { email: string; name: string } | undefined;
}

/**
 * oidc-provider's storage adapter over sandbox_oidc_models: one row per model and id, with the
 * grant and interaction ids it looks rows up by. A consumed row (an authorization code used once)
 * keeps its `consumed` time, which is how the provider refuses a replayed code.
 */
export function createPgAdapter(db: Database): new (name: string) => Adapter {
  const usable = (value: string) => findUnstorableText(value) === null;
  return class PgAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private async findBy(column: 'id' | 'uid', value: string) {
      if (!usable(value)) return undefined;
      const row = await db
        .selectFrom('sandbox_oidc_models')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.name)
        .where(column, '=', value)
        .where((eb) =>
          eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]),
        )
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const values = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? sql<Date>`now() + make_interval(secs => ${expiresIn})` : null,
      };
      await db
        .insertInto('sandbox_oidc_models')
        .values({ model: this.name, id, ...values })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
        .execute();
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    // Device codes are not enabled.
    async findByUserCode() {
      return undefined;
    }

    async consume(id: string) {
      if (!usable(id)) return;
      await db
        .updateTable('sandbox_oidc_models')
        .set({ consumed_at: sql<Date>`now()` })
        .where('model', '=', this.name)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string) {
      if (!usable(id)) return;
      await db
        .deleteFrom('sandbox_oidc_models')
        .where('model', '=', this.name)
        .where('id', '=', id)
        .execute();
    }

    async revokeByGrantId(grantId: string) {
      if (!usable(grantId)) return;
      await db.deleteFrom('sandbox_oidc_models').where('grant_id', '=', grantId).execute();
    }
  };
}
