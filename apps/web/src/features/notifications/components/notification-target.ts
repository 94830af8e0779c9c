import type { NotificationType } from '@pago/shared/contracts/notifications';

// Where a notification leads is shared with the server, whose pushes open the same page.
export { notificationTarget } from '@pago/shared/notification-target';

/** The notifications that tell of money arriving: they also show a toast when they come live. */
export const MONEY_IN: readonly NotificationType[] = ['money_received', 'request_paid'];
