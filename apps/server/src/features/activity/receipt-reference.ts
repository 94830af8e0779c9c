import { createHash } from 'node:crypto';
import {
  REFERENCE_ALPHABET as ALPHABET,
  parseReference,
  REFERENCE_LENGTH,
} from '@pago/shared/reference';

/** Ten characters, 50 bits: a collision among a million transfers has odds of about 1 in 2,000. */
export { REFERENCE_LENGTH };
/**
 * The bytes of the hash a reference's first 48 bits come from: what the look-up compares in SQL,
 * by the expression index of migration 0032 (`substring(sha256(id::text::bytea) from 1 for 6)`).
 */
export const REFERENCE_PREFIX_BYTES = 6;

function hashOf(transferId: string): Buffer {
  return createHash('sha256').update(transferId.toLowerCase(), 'utf8').digest();
}

/**
 * A transfer's short reference: the first 50 bits of SHA-256 of its id, in Crockford base32
 * ("7KQ2MX9C4T"). Stable (only the id goes in) and not guessable from another transfer's.
 */
export function receiptReference(transferId: string): string {
  const hash = hashOf(transferId);
  // 56 bits fit exactly in a double's integer range only up to 53: read them as a BigInt.
  let bits = hash.readBigUInt64BE(0) >> 14n; // the top 50 bits
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

/** What a person may type for a reference, made canonical (packages/shared/src/reference.ts). */
export const parseReceiptReference = parseReference;

/** The first REFERENCE_PREFIX_BYTES of the hash a (canonical) reference was made from. */
export function referenceHashPrefix(reference: string): Buffer {
  let bits = 0n;
  for (const c of reference) bits = (bits << 5n) | BigInt(ALPHABET.indexOf(c));
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(bits << 14n);
  return buffer.subarray(0, REFERENCE_PREFIX_BYTES);
}
