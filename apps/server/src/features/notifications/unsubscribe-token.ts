import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationType, OPTIONAL_EMAIL_TYPES } from '@pago/shared/contracts/notifications';
import { isUuid } from '../../lib/ids';

/**
 * The token of an e-mail's unsubscribe link: the user, the kind of e-mail, and an HMAC-SHA256 of
 * both under the app secret (`<user id>.<type>.<mac>`). It can do one thing — turn that kind of
 * e-mail off for that user — so it carries no expiry: a link in an old e-mail keeps working, as
 * mailbox providers expect (RFC 8058).
 */
export type UnsubscribeTarget = { userId: string; type: NotificationType };

const TOKEN = /^([0-9a-f-]{36})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

const macOf = (secret: string, userId: string, type: string) =>
  createHmac('sha256', secret).update(`pago:email-unsubscribe:${userId}:${type}`).digest();

export function unsubscribeToken(secret: string, { userId, type }: UnsubscribeTarget): string {
  return `${userId}.${type}.${macOf(secret, userId, type).toString('base64url')}`;
}

/** The user and kind of e-mail a token names, or null for anything that is not our token. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId = '', type = '', mac = ''] = match;
  if (!isUuid(userId) || !(OPTIONAL_EMAIL_TYPES as readonly string[]).includes(type)) return null;
  // Compared as text: base64url's last character carries unused bits, so two spellings decode
  // to the same bytes, and only the one we wrote is our token.
  const given = Buffer.from(mac);
  const expected = Buffer.from(macOf(secret, userId, type).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type: type as NotificationType };
}
