import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  identityFieldsFrom,
  identityStateOf,
  statusRank,
  userStatusOf,
} from './identity-status';

const none = {
  verification_service: null,
  kyc_status: null,
  persona_status: null,
  persona_inquiry_id: null,
  plaid_identity_status: null,
};
let clock = 0;
function attempt(
  provider: 'plaid' | 'persona',
  vendor_status: string,
  id = `${provider}-${clock}`,
): Attempt {
  clock += 1;
  return {
    id,
    provider,
    vendor_status,
    created_at: new Date(clock * 1000),
    updated_at: new Date(clock * 1000),
  };
}

describe('vendor statuses', () => {
  it("speaks the spec's words: a completed inquiry is in review, Plaid's success is approved", () => {
    expect(userStatusOf('persona', 'completed')).toBe('pending_review');
    expect(userStatusOf('persona', 'needs_review')).toBe('pending_review');
    expect(userStatusOf('persona', 'created')).toBe('pending');
    expect(userStatusOf('persona', 'declined')).toBe('failed');
    expect(userStatusOf('persona', 'expired')).toBe('failed');
    expect(userStatusOf('plaid', 'success')).toBe('approved');
    expect(userStatusOf('plaid', 'active')).toBe('pending');
    expect(userStatusOf('plaid', 'canceled')).toBe('failed');
  });

  it('ranks every final status above every open one', () => {
    expect(statusRank('persona', 'approved')).toBeGreaterThan(
      statusRank('persona', 'needs_review'),
    );
    expect(statusRank('persona', 'declined')).toBe(statusRank('persona', 'approved'));
    expect(statusRank('persona', 'completed')).toBeGreaterThan(statusRank('persona', 'pending'));
    expect(statusRank('plaid', 'success')).toBeGreaterThan(statusRank('plaid', 'pending_review'));
    expect(() => statusRank('plaid', 'approved')).toThrow();
  });
});

describe('the user fields from the attempts', () => {
  it('follows the newest attempt until one is approved, then stays verified', () => {
    const failed = attempt('persona', 'failed');
    const reviewing = attempt('persona', 'completed');
    expect(identityFieldsFrom([reviewing, failed], none, false)).toEqual({
      verification_service: 'persona',
      kyc_status: 'pending_review',
      persona_status: 'pending_review',
      persona_inquiry_id: reviewing.id,
      plaid_identity_status: null,
    });
    const passed = attempt('plaid', 'success');
    const laterFailure = attempt('persona', 'declined');
    expect(
      identityFieldsFrom([laterFailure, passed, reviewing, failed], none, false),
    ).toMatchObject({
      verification_service: 'persona',
      kyc_status: 'completed',
      persona_status: 'failed',
      plaid_identity_status: 'approved',
    });
  });

  it('keeps a user verified by other means verified', () => {
    const fields = identityFieldsFrom(
      [attempt('plaid', 'failed')],
      { ...none, kyc_status: 'completed' },
      true,
    );
    expect(fields).toMatchObject({ kyc_status: 'completed', plaid_identity_status: 'failed' });
  });

  it('leaves the fields alone without attempts', () => {
    expect(identityFieldsFrom([], { ...none, kyc_status: 'completed' }, true)).toEqual({
      ...none,
      kyc_status: 'completed',
    });
  });

  it('tells the screens where the user stands', () => {
    expect(identityStateOf(false, undefined)).toBe('not_started');
    expect(identityStateOf(false, attempt('persona', 'pending'))).toBe('in_progress');
    expect(identityStateOf(false, attempt('persona', 'needs_review'))).toBe('pending_review');
    expect(identityStateOf(false, attempt('plaid', 'expired'))).toBe('failed');
    expect(identityStateOf(true, attempt('plaid', 'failed'))).toBe('verified');
  });
});
