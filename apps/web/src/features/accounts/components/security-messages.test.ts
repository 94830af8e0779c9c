import { describe, expect, it } from 'vitest';
import enSecurity from '@/locales/en/security.json';
import esSecurity from '@/locales/es/security.json';
import { keysOf } from '@/test/locale-keys';

describe('the security namespace', () => {
  it('has the same keys in Spanish and English', () => {
    expect(keysOf(esSecurity).sort()).toEqual(keysOf(enSecurity).sort());
  });
});
