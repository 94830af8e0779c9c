import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { parseCommonPasswords } from '@pago/shared/common-passwords';
import { passwordWeakness } from '@pago/shared/password-strength';
import { AppError } from '../../lib/app-error';

// argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane (≈10 ms a hash here).
// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON_PASSWORDS = parseCommonPasswords(
  readFileSync(createRequire(import.meta.url).resolve('@pago/shared/common-passwords.txt'), 'utf8'),
);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** Only `passwordAttempts.check` calls this: every check must draw on the account's budget. */
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

/** The shared rule (8–128 characters, not among the 10,000 most common), as the web forms apply it. */
export function isCommonPassword(password: string): boolean {
  return passwordWeakness(password, COMMON_PASSWORDS) === 'common';
}

/** Refuses (400 `weak_password`) a password among the most common ones. */
export function checkPasswordStrength(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'weak_password',
      400,
      'This password is too common. Choose a less common one.',
    );
  }
}
