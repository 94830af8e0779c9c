import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp';

// RFC 6238 appendix B, SHA-1 key "12345678901234567890" (8 digits there; the last 6 here).
const RFC_KEY = Buffer.from('12345678901234567890');
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
      expect(totpCode(base32Encode(RFC_KEY), totpStep(seconds * 1000))).toBe(code.slice(2));
    }
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts a window of one step either side, and nothing else', () => {
    const secret = base32Encode(RFC_KEY);
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    expect(matchTotp(secret, totpCode(secret, step), at)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, step - 1), at)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step + 1), at)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, step - 2), at)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 2), at)).toBeNull();
    expect(matchTotp(secret, '12345', at)).toBeNull();
  });

  it('writes the otpauth URI apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ana@example.com')).toBe(
      'otpauth://totp/Pago:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Pago&algorithm=SHA1&digits=6&period=30',
    );
  });
});
