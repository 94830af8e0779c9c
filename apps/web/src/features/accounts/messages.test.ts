import { describe, expect, it } from 'vitest';
import authEn from '@/locales/en/accounts.json';
import commonEn from '@/locales/en/common.json';
import authEs from '@/locales/es/accounts.json';
import commonEs from '@/locales/es/common.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const en = { ...flatten(authEn), ...flatten(commonEn, 'common:') };
const es = { ...flatten(authEs), ...flatten(commonEs, 'common:') };

// Spec §5 and §8 sentences, word for word in English.
const SPEC_MESSAGES: Record<string, string> = {
  'signup.errors.required': 'Name, email, username, password, and ZIP/postal code are required',
  'signup.errors.invalidEmail': 'Please enter a valid email address',
  'signup.errors.passwordMismatch': 'Passwords do not match',
  'signup.errors.phoneCountryCode': 'Phone number must include country code (or leave blank)',
  'signup.errors.zipRequired': 'ZIP/postal code is required',
  'common:signupModal.termsRequired': 'Please accept the Terms & Conditions to continue',
  'login.title': 'Good to see you again',
  'login.errors.required': 'Please enter both username and password',
  'login.errors.invalidCredentials': 'Sign-in failed. Please check your credentials.',
  'login.errors.failed': 'An error occurred while signing in. Please try again.',
  'signup.title': 'Create Your Account',
  'verify.errors.codeRequired': 'Please enter the verification code',
  'verify.errors.codeLength': 'Verification code must be 6 digits',
  'verify.errors.emailNotFound': 'Email address not found',
  'verify.errors.invalidCode': 'Invalid verification code',
  'verify.errors.userDataNotFound': 'User data not found',
  'verify.errors.registrationFailed': 'Registration failed',
  'verify.resent': 'Verification email resent! Check your inbox.',
  'verify.errors.resendFailed': 'Failed to resend verification email.',
  'signup.errors.sendFailed': 'Failed to send verification email',
  'common:session.sessionExpired': 'Session expired. Please sign in again.',
  'common:session.profileFetchFailed': 'Failed to fetch user profile',
  'guard.checking': 'Checking verification status...',
  'guard.checkFailed': 'Error checking verification status. Please try refreshing the page.',
};

describe('the account texts', () => {
  it('have the same keys in Spanish and English', () => {
    expect(Object.keys(flatten(authEs)).sort()).toEqual(Object.keys(flatten(authEn)).sort());
    expect(Object.keys(flatten(commonEs)).sort()).toEqual(Object.keys(flatten(commonEn)).sort());
  });

  it.each(Object.entries(SPEC_MESSAGES))('%s is the spec sentence in English', (key, text) => {
    expect(en[key]).toBe(text);
  });

  it.each(Object.keys(SPEC_MESSAGES))('%s is translated into Spanish', (key) => {
    expect(es[key]).toBeTruthy();
    expect(es[key]).not.toBe(en[key]);
  });

  it('uses "tú", not "usted", in Spanish', () => {
    for (const [key, text] of Object.entries(flatten(authEs))) {
      expect(text, key).not.toMatch(/\busted\b|\bsu cuenta\b|\bingrese\b|\bintente\b/i);
    }
  });
});
