/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { parseCommonPasswords } from './common-passwords';
import list from './common-passwords.txt?raw';
import { passwordWeakness } from './password-strength';

const COMMON_PASSWORDS = parseCommonPasswords(list);

describe('passwordWeakness', () => {
  it.each([
    ['Abc-123', 'length'],
    ['x'.repeat(129), 'length'],
    ['password', 'common'],
    ['Password123', 'common'],
    ['QWERTYUIOP', 'common'],
    ['Correct-Horse-42', null],
    ['x'.repeat(128), null],
  ])('%s → %s', (password, weakness) => {
    expect(passwordWeakness(password, COMMON_PASSWORDS)).toBe(weakness);
  });

  it('holds the whole list', () => {
    expect(COMMON_PASSWORDS.size).toBe(10_000);
  });
});
