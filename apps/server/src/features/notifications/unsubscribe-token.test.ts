import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const USER = '6f1c2a9e-4b7d-4c1e-9a3f-2d5e8b7c1a04';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('unsubscribe tokens', () => {
  it('reads back the token it wrote', () => {
    const token = unsubscribeToken(SECRET, { userId: USER, type: 'money_received' });
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: USER, type: 'money_received' });
  });

  it('refuses every other spelling of the signature, even one that decodes to the same bytes', () => {
    const token = unsubscribeToken(SECRET, { userId: USER, type: 'money_received' });
    const last = token.at(-1) ?? '';
    // A 32-byte MAC is 43 base64url characters; the last one's two low bits are unused, so its
    // neighbours differing only there decode to the same MAC.
    const index = ALPHABET.indexOf(last);
    for (const other of [index ^ 1, index ^ 2, index ^ 3]) {
      const spelled = `${token.slice(0, -1)}${ALPHABET[other]}`;
      expect(Buffer.from(spelled.split('.')[2] ?? '', 'base64url')).toEqual(
        Buffer.from(token.split('.')[2] ?? '', 'base64url'),
      );
      expect(readUnsubscribeToken(SECRET, spelled), spelled).toBeNull();
    }
    expect(readUnsubscribeToken('another-secret-of-enough-length-98765', token)).toBeNull();
  });
});
