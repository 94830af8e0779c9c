import { z } from 'zod';

/**
 * The version of the Terms & Conditions (and the Privacy Policy they point to) a new account
 * accepts: the terms page's effective date. Every sign-up path sends it and the server records it
 * with the time; a new version means a new value here.
 */
export const TERMS_VERSION = '2025-04-25';

/** The sign-up field saying the person accepted these terms: only the current version. */
export const termsVersionSchema = z.literal(TERMS_VERSION, {
  error: 'Please accept the Terms & Conditions to continue',
});
