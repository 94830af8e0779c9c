import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { personaSignatureHeader } from '../../sandbox/persona/persona-signing';
import {
  createKeyCache,
  KEY_FETCH_INTERVAL_MS,
  personaSignature,
  sha256Hex,
  verifyPersonaSignature,
  verifyPlaidWebhook,
} from './webhook-signatures';

const now = new Date('2026-11-22T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const body = '{"data":{"type":"event","id":"evt_1"}}';

describe("Persona's signature", () => {
  it("accepts the Persona fake's signature, made by its own code, and only for that body", () => {
    const header = personaSignatureHeader('s3cret', body, now);
    expect(verifyPersonaSignature(header, body, 's3cret', now)).toBe(true);
    expect(verifyPersonaSignature(header, `${body} `, 's3cret', now)).toBe(false);
    expect(verifyPersonaSignature(header, body, 'other', now)).toBe(false);
  });

  it('accepts the right HMAC within five minutes, also among several during a rotation', () => {
    const good = personaSignature('s3cret', t, body);
    expect(verifyPersonaSignature(`t=${t},v1=${good}`, body, 's3cret', now)).toBe(true);
    expect(
      verifyPersonaSignature(`t=${t},v1=${'0'.repeat(64)} v1=${good}`, body, 's3cret', now),
    ).toBe(true);
    expect(
      verifyPersonaSignature(
        `t=${t - 299},v1=${personaSignature('s3cret', t - 299, body)}`,
        body,
        's3cret',
        now,
      ),
    ).toBe(true);
  });

  it('refuses another secret, another body, an old timestamp and garbage', () => {
    expect(
      verifyPersonaSignature(
        `t=${t},v1=${personaSignature('other', t, body)}`,
        body,
        's3cret',
        now,
      ),
    ).toBe(false);
    expect(
      verifyPersonaSignature(
        `t=${t},v1=${personaSignature('s3cret', t, body)}`,
        `${body} `,
        's3cret',
        now,
      ),
    ).toBe(false);
    expect(
      verifyPersonaSignature(
        `t=${t - 301},v1=${personaSignature('s3cret', t - 301, body)}`,
        body,
        's3cret',
        now,
      ),
    ).toBe(false);
    for (const header of [undefined, '', 'v1=abc', `t=${t}`, 't=x,v1=y']) {
      expect(verifyPersonaSignature(header, body, 's3cret', now)).toBe(false);
    }
  });
});

describe("Plaid's signed token", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', expired_at: null };
  const token = (claims: object, header: object = { alg: 'ES256', kid: 'k1', typ: 'JWT' }) => {
    const h = Buffer.from(JSON.stringify(header)).toString('base64url');
    const p = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const s = sign('sha256', Buffer.from(`${h}.${p}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${h}.${p}.${s.toString('base64url')}`;
  };
  const keyFor = async (kid: string) => (kid === 'k1' ? jwk : null);

  it('accepts a fresh token for this body', async () => {
    const jwt = token({ iat: t - 10, request_body_sha256: sha256Hex(body) });
    expect(await verifyPlaidWebhook(jwt, body, keyFor, now)).toBe(true);
  });

  it('refuses another body, an old token, an unknown or expired key, and another algorithm', async () => {
    const claims = { iat: t, request_body_sha256: sha256Hex(body) };
    expect(await verifyPlaidWebhook(token(claims), `${body}x`, keyFor, now)).toBe(false);
    expect(await verifyPlaidWebhook(token({ ...claims, iat: t - 301 }), body, keyFor, now)).toBe(
      false,
    );
    expect(
      await verifyPlaidWebhook(token(claims, { alg: 'ES256', kid: 'k2' }), body, keyFor, now),
    ).toBe(false);
    expect(
      await verifyPlaidWebhook(token(claims, { alg: 'HS256', kid: 'k1' }), body, keyFor, now),
    ).toBe(false);
    const expired = async () => ({ ...jwk, expired_at: t - 1 });
    expect(await verifyPlaidWebhook(token(claims), body, expired, now)).toBe(false);
    expect(await verifyPlaidWebhook(undefined, body, keyFor, now)).toBe(false);
    expect(await verifyPlaidWebhook('a.b', body, keyFor, now)).toBe(false);
  });
});

describe("the cache of Plaid's keys", () => {
  it('asks Plaid once per key, and again for an unknown key only after a minute', async () => {
    let now = 0;
    const asked: string[] = [];
    const cache = createKeyCache(
      async (kid) => {
        asked.push(kid);
        return kid === 'known' ? { kid } : null;
      },
      () => new Date(now),
    );
    expect(await cache.get('known')).toEqual({ kid: 'known' });
    expect(await cache.get('known')).toEqual({ kid: 'known' });
    now += KEY_FETCH_INTERVAL_MS;
    expect(await cache.get('forged')).toBeNull();
    expect(await cache.get('forged')).toBeNull();
    expect(asked).toEqual(['known', 'forged']);
    now += 61_000;
    await cache.get('forged');
    await cache.get('known');
    expect(asked).toEqual(['known', 'forged', 'forged']);
  });

  it('fetches at most one key per interval in total, however many kids are forged', async () => {
    let now = 0;
    const asked: string[] = [];
    const cache = createKeyCache(
      async (kid) => {
        asked.push(kid);
        return kid === 'real' ? { kid } : null;
      },
      () => new Date(now),
    );
    const forged = await Promise.all(
      Array.from({ length: 200 }, (_, i) => cache.get(`forged-${i}`)),
    );
    expect(forged.every((key) => key === null)).toBe(true);
    expect(asked).toEqual(['forged-0']);
    // The genuine key is not refused for good: it is fetched once the interval has passed.
    expect(await cache.get('real')).toBeNull();
    now += KEY_FETCH_INTERVAL_MS;
    expect(await cache.get('real')).toEqual({ kid: 'real' });
    for (let i = 0; i < 40; i += 1) {
      now += 100;
      await cache.get(`forged-again-${i}`);
    }
    expect(asked).toEqual(['forged-0', 'real']);
    // Concurrent asks for one kid share one fetch.
    now += KEY_FETCH_INTERVAL_MS;
    await Promise.all([cache.get('other'), cache.get('other'), cache.get('other')]);
    expect(asked.filter((kid) => kid === 'other')).toEqual(['other']);
  });
});
