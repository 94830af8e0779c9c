import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane (≈10 ms a hash here).
// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for log-ins of unknown users, so that a
 * failed log-in does not tell whether the account exists.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('pago-dummy-password-for-equal-timing');
  await verify(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords of 8+ characters (common-passwords.txt), case-insensitive. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}
