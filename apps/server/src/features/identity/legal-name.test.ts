import { describe, expect, it } from 'vitest';
import { ageOn, checkVerifiedPerson, nameWords } from './legal-name';

const today = new Date('2026-11-23T12:00:00Z');
const person = (
  givenNames: string,
  familyNames: string,
  birthDate: string | null = '1990-04-12',
) => ({
  givenNames,
  familyNames,
  birthDate,
});

describe('checkVerifiedPerson', () => {
  it.each([
    ['Ana Lopez', 'Ana', 'Lopez'],
    ['ana lópez', 'Ana', 'López'],
    ['ANA LOPEZ', 'Ána', 'Lopez'],
    ['Jose Perez', 'José María', 'Pérez López'],
    ['María José García', 'María José', 'García Núñez'],
    ['Lopez Ana', 'Ana', 'Lopez'],
    ['Juan de la Cruz', 'Juan', 'de la Cruz'],
    ['Ana-Sofía Rivera', 'Ana Sofía', 'Rivera'],
  ])('matches profile "%s" with %s %s', (profile, given, family) => {
    expect(checkVerifiedPerson(person(given, family), profile, today)).toEqual({
      ok: true,
      legalName: `${given} ${family}`,
    });
  });

  it.each([
    ['Ana Lopez', 'Zed', 'Nobody'],
    ['Ana Lopez', 'Ana', 'Nobody'],
    ['Ana Lopez', 'Zed', 'Lopez'],
    ['Ana', 'Ana', 'Rivera'],
    ['Mallory Someone', 'Ana', 'Lopez'],
    ['Juan de la Cruz', 'Juan', 'de la Rosa'],
  ])('refuses profile "%s" for %s %s', (profile, given, family) => {
    expect(checkVerifiedPerson(person(given, family), profile, today)).toEqual({
      ok: false,
      reason: 'name_mismatch',
    });
  });

  it('refuses the same word counted as both given name and surname', () => {
    expect(checkVerifiedPerson(person('Ana', 'Ana'), 'Ana', today)).toMatchObject({ ok: false });
  });

  it('refuses a person under 18 and a verification without a name', () => {
    expect(checkVerifiedPerson(person('Ana', 'Lopez', '2010-01-01'), 'Ana Lopez', today)).toEqual({
      ok: false,
      reason: 'underage',
    });
    expect(checkVerifiedPerson(null, 'Ana Lopez', today)).toEqual({
      ok: false,
      reason: 'identity_data_missing',
    });
    expect(checkVerifiedPerson(person(' ', 'Lopez'), 'Ana Lopez', today)).toEqual({
      ok: false,
      reason: 'identity_data_missing',
    });
  });
});

describe('helpers', () => {
  it('splits names into plain words', () => {
    expect(nameWords("  Ñandú O'Higgins de la Peña ")).toEqual(['nandu', 'o', 'higgins', 'pena']);
  });
  it('counts whole years', () => {
    expect(ageOn('2008-11-23', today)).toBe(18);
    expect(ageOn('2008-11-24', today)).toBe(17);
  });
});
