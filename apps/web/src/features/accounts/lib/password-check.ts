import { parseCommonPasswords } from '@pago/shared/common-passwords';
import { type PasswordWeakness, passwordWeakness } from '@pago/shared/password-strength';

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/**
 * The server's list of common passwords, in a chunk of its own (about 90 KB) fetched when a
 * password form opens, so the landing page never carries it.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@pago/shared/common-passwords.txt?raw').then(
    (module) => parseCommonPasswords(module.default),
    (failure: unknown) => {
      commonPasswords = null; // the next check fetches it again
      throw failure;
    },
  );
  return commonPasswords;
}

/**
 * The server's password rule (packages/shared/src/password-strength.ts). When the list cannot
 * be fetched (offline), only the length is checked here; the server still applies the whole rule.
 */
export async function checkPassword(password: string): Promise<PasswordWeakness | null> {
  const list = await loadCommonPasswords().catch(() => new Set<string>());
  return passwordWeakness(password, list);
}
