/**
 * Pago's one reference format: ten characters of Crockford's base32 (no I, L, O or U, so a
 * reference read aloud or retyped cannot be misread), written in two groups of five
 * ("7KQ2M-X9C4T") wherever a person sees one — receipts, P2P, remittances, bill pay, e-mails, the
 * CSV. The server makes a transfer's reference from its id (apps/server/src/features/activity/
 * receipt-reference.ts); this module only writes and reads them.
 */

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 10;

/** "7KQ2M-X9C4T": a reference as a person sees it (anything else is given back unchanged). */
export function formatReference(reference: string): string {
  const canonical = parseReference(reference);
  if (!canonical) return reference;
  return `${canonical.slice(0, 5)}-${canonical.slice(5)}`;
}

/**
 * What a person may type for a reference, made canonical ("7KQ2MX9C4T"): any case, spaces or
 * dashes between the groups, and Crockford's look-alikes (O → 0, I and L → 1). Null when it
 * cannot be a reference.
 */
export function parseReference(input: string): string | null {
  if (input.length > 40) return null;
  const canonical = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (canonical.length !== REFERENCE_LENGTH) return null;
  return [...canonical].every((c) => REFERENCE_ALPHABET.includes(c)) ? canonical : null;
}
