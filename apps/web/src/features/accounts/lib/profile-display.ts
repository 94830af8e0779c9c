import { intlLocale, type Locale } from '@pago/shared/money';

/** The avatar's letter: the first character of the name, upper-cased; "U" (for User) without one. */
export function avatarLetter(name: string | null | undefined): string {
  // Array.from splits by code point, so a name starting with an emoji or accented letter stays whole.
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

export type KycDisplay = {
  key: 'completed' | 'failed' | 'pending' | 'unknown';
  color: 'success' | 'error' | 'warning' | 'default';
};

/** Spec §4 "kyc_status display": completed is success, failed is error, any other value pending. */
export function kycDisplay(status: string | null | undefined): KycDisplay {
  if (status === undefined || status === null || status === '') {
    return { key: 'unknown', color: 'default' };
  }
  if (status === 'completed') return { key: 'completed', color: 'success' };
  if (status === 'failed') return { key: 'failed', color: 'error' };
  return { key: 'pending', color: 'warning' };
}

/** The day the account was created, in the reader's time zone and language; null if unknown. */
export function formatAccountCreated(createdAt: string | null | undefined, locale: Locale) {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(date);
}

/** What the profile QR code opens: the /find-user page of this site with the user's id. */
export function profileQrTarget(origin: string, userId: string): string {
  return `${origin}/find-user?id=${encodeURIComponent(userId)}`;
}

/** Spec §9: high error correction, 200×200. */
export const PROFILE_QR_OPTIONS = { errorCorrectionLevel: 'H', width: 200, margin: 2 } as const;

/** Spec §4 and §9 timings. */
export const MODAL_CLOSE_AFTER_SAVE_MS = 1500;
export const PROFILE_SUCCESS_MS = 3000;
export const SUCCESS_MESSAGE_MS = 5000;
