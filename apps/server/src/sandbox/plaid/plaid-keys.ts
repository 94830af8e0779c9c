import { createHash, createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { Database } from '../../db/database';

/** The fake's webhook signing key (an EC P-256 pair, as Plaid's), made on first use and kept. */
export async function currentSigningKey(db: Database) {
  const existing = await db
    .selectFrom('sandbox_plaid_keys')
    .selectAll()
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (existing) return existing;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  const row = {
    kid,
    private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
    public_jwk: JSON.stringify(publicKey.export({ format: 'jwk' })),
  };
  await db.insertInto('sandbox_plaid_keys').values(row).execute();
  return {
    ...row,
    private_jwk: JSON.parse(row.private_jwk),
    public_jwk: JSON.parse(row.public_jwk),
    created_at: new Date(),
  };
}

export async function publicKeyById(db: Database, kid: string) {
  return db
    .selectFrom('sandbox_plaid_keys')
    .select(['kid', 'public_jwk', 'created_at'])
    .where('kid', '=', kid)
    .executeTakeFirst();
}

/**
 * A `Plaid-Verification` JWT for a body: ES256, kid in the header, iat and the body's SHA-256
 * (hex). The fake's own code, written from Plaid's documentation, not our verifier's helpers.
 */
export async function signPlaidWebhook(db: Database, body: string, now = new Date()) {
  const key = await currentSigningKey(db);
  const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: key.kid, typ: 'JWT' })).toString(
    'base64url',
  );
  const payload = Buffer.from(
    JSON.stringify({
      iat: Math.floor(now.getTime() / 1000),
      request_body_sha256: createHash('sha256').update(body, 'utf8').digest('hex'),
    }),
  ).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: createPrivateKey({ key: key.private_jwk as never, format: 'jwk' }),
    dsaEncoding: 'ieee-p1363',
  }).toString('base64url');
  return `${header}.${payload}.${signature}`;
}
