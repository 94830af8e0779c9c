import { describe, expect, it } from 'vitest';
import { avatarLetter, formatAccountCreated, kycDisplay, profileQrTarget } from './profile-display';

describe('avatarLetter', () => {
  it.each([
    ['Ana López', 'A'],
    ['  óscar ', 'Ó'],
    ['ñandú', 'Ñ'],
    ['', 'U'],
    ['   ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j → %s', (name, letter) => {
    expect(avatarLetter(name)).toBe(letter);
  });
});

describe('kycDisplay (spec §4)', () => {
  it.each([
    ['completed', 'completed', 'success'],
    ['failed', 'failed', 'error'],
    ['pending', 'pending', 'warning'],
    ['pending_review', 'pending', 'warning'],
    ['approved', 'pending', 'warning'],
    ['anything', 'pending', 'warning'],
    [null, 'unknown', 'default'],
    [undefined, 'unknown', 'default'],
    ['', 'unknown', 'default'],
  ])('%j → %s, %s', (status, key, color) => {
    expect(kycDisplay(status)).toEqual({ key, color });
  });
});

describe('formatAccountCreated', () => {
  it('gives the local date in the active language', () => {
    expect(formatAccountCreated('2025-03-15T12:00:00.000Z', 'en')).toBe('March 15, 2025');
    expect(formatAccountCreated('2025-03-15T12:00:00.000Z', 'es')).toBe('15 de marzo de 2025');
  });

  it('is null when absent or not a date', () => {
    expect(formatAccountCreated(null, 'en')).toBeNull();
    expect(formatAccountCreated(undefined, 'es')).toBeNull();
    expect(formatAccountCreated('not a date', 'en')).toBeNull();
  });
});

describe('profileQrTarget', () => {
  it('points at /find-user on the given origin', () => {
    expect(profileQrTarget('https://pago.example', 'u_1')).toBe(
      'https://pago.example/find-user?id=u_1',
    );
    expect(profileQrTarget('http://localhost:3400', 'a b&c')).toBe(
      'http://localhost:3400/find-user?id=a%20b%26c',
    );
  });
});
