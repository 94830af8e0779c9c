/**
 * The password rule, the same on the server and on the web forms: 8 to 128 characters, and not
 * one of the 10,000 most common (`common-passwords.txt`, case-insensitive). The list is passed in
 * so the web app can load it on demand (it is 90 KB) while the rule itself stays here.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordWeakness = 'length' | 'common';

export function passwordWeakness(
  password: string,
  commonPasswords: ReadonlySet<string>,
): PasswordWeakness | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'length';
  if (commonPasswords.has(password.toLowerCase())) return 'common';
  return null;
}
