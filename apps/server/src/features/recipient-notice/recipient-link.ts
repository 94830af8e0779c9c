import { createHash, createHmac } from 'node:crypto';

/** A tracking token: 22 base64url characters (128 bits of an HMAC). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The recipient's tracking token of a transfer: 128 bits of HMAC-SHA256 under APP_SECRET, so it
 * cannot be guessed from the transfer id, and Pago can write it again (into an SMS, onto the
 * sender's page) without keeping it. The database keeps only its SHA-256, to find the transfer.
 */
export function recipientToken(appSecret: string, transferId: string): string {
  return createHmac('sha256', appSecret)
    .update(`pago recipient tracking link:${transferId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The page the recipient opens: the web app's /t/:token at this server's public address. */
export function recipientLink(publicUrl: string, token: string): string {
  return `${publicUrl}/t/${token}`;
}
