/**
 * Whether the person a vendor verified is the account holder. Names are compared as words,
 * without accents or case, so "José María Pérez López" on an ID matches "Jose Perez" on the
 * profile: Latin American names often carry middle names and a second surname that people leave
 * out. A clear mismatch is a profile that shares no given name, or no surname, with the ID.
 */

/** The legal identity a vendor verified, in the vendor's own fields. */
export type VerifiedPerson = {
  givenNames: string;
  familyNames: string;
  /** YYYY-MM-DD, or null when the vendor reported none. */
  birthDate: string | null;
};

export type PersonCheck =
  | { ok: true; legalName: string }
  | { ok: false; reason: 'name_mismatch' | 'underage' | 'identity_data_missing' };

/** Particles of compound surnames ("de la Cruz", "dos Santos"): not a name on their own. */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'da', 'das', 'do', 'dos']);

/** The words of a name: accents and case removed, punctuation as spaces, particles dropped. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !PARTICLES.has(word));
}

/** Whole years between a birth date and a day (both compared as UTC dates). */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Pago's terms: account holders are 18 or older. */
export const MINIMUM_AGE = 18;

/**
 * Checks a verified person against the profile's name: a given name and a surname of the ID must
 * each be a different word of the profile's name, and the person must be of age.
 */
export function checkVerifiedPerson(
  person: VerifiedPerson | null,
  profileName: string,
  today: Date,
): PersonCheck {
  const given = person ? nameWords(person.givenNames) : [];
  const family = person ? nameWords(person.familyNames) : [];
  if (!person || given.length === 0 || family.length === 0) {
    return { ok: false, reason: 'identity_data_missing' };
  }
  if (person.birthDate && ageOn(person.birthDate, today) < MINIMUM_AGE) {
    return { ok: false, reason: 'underage' };
  }
  const profile = nameWords(profileName);
  const givenAt = profile.flatMap((word, index) => (given.includes(word) ? [index] : []));
  const familyAt = profile.flatMap((word, index) => (family.includes(word) ? [index] : []));
  const matches = givenAt.some((g) => familyAt.some((f) => f !== g));
  if (!matches) return { ok: false, reason: 'name_mismatch' };
  return {
    ok: true,
    legalName: `${person.givenNames.trim()} ${person.familyNames.trim()}`.replace(/\s+/g, ' '),
  };
}
