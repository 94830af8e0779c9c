import type { MoneyRequestStatus } from '@pago/shared/contracts/requests';

/** A request's status chip colour, on the inbox and the request's page. */
export const REQUEST_STATUS_COLOR = {
  pending: 'warning',
  paid: 'success',
  // Paid, held for a review: not the requester's yet.
  under_review: 'info',
  declined: 'default',
  cancelled: 'default',
} as const satisfies Record<MoneyRequestStatus, string>;
