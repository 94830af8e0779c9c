import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@pago/shared/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const of = (type: NotificationType, data: Notification['data'] = {}): Notification => ({
  id: 'n1',
  type,
  actorName: null,
  data,
  createdAt: '2026-11-23T18:00:00.000Z',
  readAt: null,
});

describe('where a notification leads', () => {
  it.each([
    ['money_received', { transferId: 't1' }, '/activity?receipt=t1'],
    ['request_paid', { transferId: 't1', requestId: 'r1' }, '/activity?receipt=t1'],
    ['request_received', { requestId: 'r1' }, '/requests/r1'],
    ['request_declined', { requestId: 'r1' }, '/requests/r1'],
    ['remittance_delivered', { transferId: 't2' }, '/transfers/t2'],
    ['remittance_pickup_ready', { transferId: 't2' }, '/transfers/t2'],
    ['remittance_refunded', { transferId: 't2' }, '/transfers/t2'],
    ['deposit_returned', { transferId: 't3' }, '/activity?receipt=t3'],
    ['direct_deposit_available', { transferId: 't4' }, '/activity?receipt=t4'],
    ['check_deposit_received', { transferId: 't5' }, '/activity?receipt=t5'],
    ['check_deposit_rejected', {}, '/activity'],
    ['cash_deposit_received', { transferId: 't6' }, '/activity?receipt=t6'],
    ['card_purchase', { transferId: 't7' }, '/activity?receipt=t7'],
    ['card_refund', { transferId: 't8' }, '/activity?receipt=t8'],
    ['card_declined', {}, '/card'],
    ['card_dispute_won', { transferId: 't9' }, '/activity?receipt=t9'],
    ['bill_scheduled', {}, '/billpay'],
    ['bill_paid', { transferId: 't10' }, '/activity?receipt=t10'],
    ['new_sign_in', {}, '/security'],
    ['password_changed', {}, '/security'],
    ['phone_changed', { phone: '+13055550123' }, '/profile'],
    ['identity_approved', {}, '/dashboard'],
    ['identity_failed', {}, '/onboarding/verify'],
  ] as const)('%s → %s', (type, data, target) => {
    expect(notificationTarget(of(type, data))).toBe(target);
  });

  it('leads every type somewhere inside the app, its ids escaped', () => {
    for (const type of NOTIFICATION_TYPES) {
      const target = notificationTarget(of(type, { transferId: 'a/b', requestId: 'c?d' }));
      expect(target).toMatch(/^\/[a-z]/);
      expect(target).not.toMatch(/a\/b|c\?d/);
    }
  });
});
