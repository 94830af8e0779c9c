import type { Notification, NotificationType } from './contracts/notifications';

// Shared by the web (the notification center's links) and the server (a push's URL).

/** A transfer's receipt, opened over the activity list (activity-page reads `?receipt=`). */
export function receiptPath(transferId: string): string {
  return `/activity?receipt=${encodeURIComponent(transferId)}`;
}

const TRACKED: readonly NotificationType[] = [
  'remittance_delivered',
  'remittance_pickup_ready',
  'remittance_refunded',
];
const REQUESTS: readonly NotificationType[] = ['request_received', 'request_declined'];
const BILLS: readonly NotificationType[] = [
  'bill_scheduled',
  'bill_reminder',
  'bill_paid',
  'bill_returned',
  'bill_failed',
];
const SECURITY: readonly NotificationType[] = ['new_sign_in', 'password_changed'];

/**
 * Where a notification leads: what it talks about. A transfer abroad, its tracking page; a request
 * to pay (or one declined), that request; money that moved, its receipt; a bill without a payment
 * yet, bill pay; a security event, the security page.
 */
export function notificationTarget({ type, data }: Pick<Notification, 'type' | 'data'>): string {
  // A colecta's news leads to the colecta (its page shows the remittance's status).
  if (type.startsWith('colecta_') && data.colectaId) {
    return `/colectas/${encodeURIComponent(data.colectaId)}`;
  }
  if (TRACKED.includes(type) && data.transferId) {
    return `/transfers/${encodeURIComponent(data.transferId)}`;
  }
  if (REQUESTS.includes(type) && data.requestId) {
    return `/requests/${encodeURIComponent(data.requestId)}`;
  }
  if (type === 'pideme_request' && data.requestId) {
    return `/pideme/requests/${encodeURIComponent(data.requestId)}`;
  }
  if (SECURITY.includes(type)) return '/security';
  if (type === 'phone_changed') return '/profile';
  if (type === 'identity_approved') return '/dashboard';
  if (type === 'identity_failed') return '/onboarding/verify';
  if (type === 'payday_failed') return '/direct-deposit/payday';
  if (data.transferId) return receiptPath(data.transferId);
  if (BILLS.includes(type)) return '/billpay';
  if (type.startsWith('rate_')) return '/send-home/rates';
  if (type.startsWith('schedule_')) return '/schedules';
  if (type.startsWith('card_')) return '/card';
  return '/activity';
}
