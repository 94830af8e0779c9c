import type { IdentitySettings, IdentityStatus } from '@pago/shared/contracts/identity';
import { describe, expect, it } from 'vitest';
import { identityStatus } from '@/test/identity';
import { userProfile } from '@/test/profiles';
import { chooseProvider, displayedStatus, identityFromUser, splitName } from './identity-status';

const status = (overrides: Partial<IdentityStatus>) =>
  identityStatus({ verificationService: null, kyc_status: null, ...overrides });

const settings = (provider: 'plaid' | 'persona') =>
  ({ provider, status: status({}) }) as unknown as IdentitySettings;

describe('chooseProvider (spec §4)', () => {
  it.each([
    ['persona', settings('plaid'), 'persona'],
    ['plaid', settings('persona'), 'plaid'],
    [null, settings('plaid'), 'plaid'],
    ['something-else', settings('plaid'), 'plaid'],
    [null, undefined, 'persona'],
    ['plaid', undefined, 'plaid'],
  ] as const)('stored %s, settings %o → %s', (stored, given, expected) => {
    expect(chooseProvider(stored, given)).toBe(expected);
  });
});

describe('splitName', () => {
  it.each([
    ['Jason Rivera', 'Jason', 'Rivera'],
    ['  Ana María  López García ', 'Ana', 'María López García'],
    ['Cher', 'Cher', ''],
  ])('%s → %s / %s', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});

describe('displayedStatus (spec §4: verified, unverified, completed, pending, failed)', () => {
  it.each([
    [status({ state: 'verified', verified: true }), 'verified'],
    [status({ state: 'not_started' }), 'unverified'],
    [status({ state: 'in_progress' }), 'pending'],
    [status({ state: 'pending_review' }), 'completed'],
    [status({ state: 'failed' }), 'failed'],
  ])('%o → %s', (identity, expected) => {
    expect(displayedStatus(identity)).toBe(expected);
  });
});

describe('identityFromUser', () => {
  it.each([
    [{ persona_status: 'approved' }, 'verified'],
    [{ kyc_status: 'pending_review' }, 'pending_review'],
    [{ plaidIdentityStatus: 'failed' }, 'failed'],
    [{ persona_status: 'pending' }, 'in_progress'],
    [{ kyc_status: 'pending' }, 'not_started'],
  ])('%j → %s', (fields, state) => {
    expect(identityFromUser(userProfile(fields)).state).toBe(state);
  });
});
