/**
 * Every error code the API can answer with. The web app translates by code; `message` in the
 * response is English text for API clients and logs.
 */
export const ERROR_CODES = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'lookup_limit_reached',
  'invalid_credentials',
  'invalid_verification_code',
  'verification_code_locked',
  'email_not_verified',
  'phone_already_verified',
  'phone_verification_unavailable',
  'email_taken',
  'username_taken',
  'weak_password',
  'two_step_required',
  'invalid_two_step_code',
  'identity_not_verified',
  'identity_provider_unavailable',
  'invalid_signature',
  'idempotency_key_required',
  'idempotency_key_reused',
  'request_in_progress',
  'insufficient_funds',
  /** The money is there but a bank deposit's hold keeps it (docs/funds-availability.md). */
  'funds_on_hold',
  'limit_exceeded',
  'quote_required',
  'quote_expired',
  'quote_mismatch',
  'quote_recipient_mismatch',
  'payer_not_found',
  /** The payer requires fields the recipient lacks (details.fields: their names). */
  'payer_field_required',
  'payer_unavailable',
  'recipient_needs_update',
  'recipient_details_required',
  'amount_outside_payer_limits',
  /** The payout partner refused the transaction (a declined beneficiary, a limit). */
  'payout_refused',
  'payout_partner_unavailable',
  'recipient_country_mismatch',
  'recipient_not_on_pago',
  'recipient_not_found',
  'self_transfer',
  'express_unavailable',
  'transfer_not_cancellable',
  /** A remittance already has an error case being investigated (one open case per transfer). */
  'error_case_open',
  /** More than ERROR_REPORT_DAYS after the remittance's availability date (§ 1005.33(b)). */
  'error_report_window_closed',
  'bank_account_required',
  'bank_account_exists',
  'bank_link_failed',
  'bank_login_required',
  'bank_provider_unavailable',
  'bank_application_denied',
  'address_required',
  'bank_payment_rejected',
  'statement_not_found',
  'recipient_bank_account_required',
  'banking_partner_unavailable',
  'request_not_pending',
  'card_not_found',
  'card_already_exists',
  'card_activation_failed',
  'card_not_active',
  'request_limit_reached',
  'payment_failed',
  'service_unavailable',
  'feature_unavailable_in_live_mode',
  'external_signin_failed',
  'external_signin_expired',
  'external_signin_other_browser',
  'external_identity_taken',
  'sign_in_link_expired',
  /** The card's bank declined a card top-up (details.declineCode: Stripe's reason). */
  'card_declined',
  'bill_already_paid',
  'invalid_pay_date',
  'bill_not_cancelable',
  'internal_error',
  'invalid_image',
  'image_too_large',
  'check_deposit_refused',
  'check_deposit_not_awaiting_images',
  'check_deposit_not_ready',
  'transfer_not_found',
  'dispute_not_found',
  'not_a_card_charge',
  'charge_not_posted',
  'dispute_too_late',
  'correct_amount_not_less',
  'dispute_already_open',
  'card_verification_failed',
  /** The bank needs a phone number on the profile before it opens the account. */
  'phone_required',
  /** The account is closed: no sign-in, no money. */
  'account_closed',
  /** Closing refused until the balance, pending money or an open case is settled (details say which). */
  'account_not_closable',
  'data_export_expired',
  /** Staff froze the account for review: no money leaves it (docs/ops-console.md). */
  'account_frozen',
  /** A staff action or a view of a customer's data without its reason (docs/ops-console.md). */
  'reason_required',
  /** A staff approval that is not pending, or the requester's own (four eyes). */
  'approval_not_pending',
  /** The transfer was already refunded by staff (one refund per transfer). */
  'already_refunded',
  /** Sanctions screening: a blocked (listed) person or recipient cannot send or be paid. */
  'sanctions_blocked',
  'sanctions_list_unreadable',
  'sanctions_list_shrunk',
  'sanctions_hit_decided',
  /** Live mode with no sanctions list loaded: money that needs screening is refused (503). */
  'sanctions_list_unavailable',
  /** A schedule's rule or date that cannot run (docs/schedules.md). */
  'invalid_schedule',
  /** A canceled or finished schedule cannot change. */
  'schedule_not_editable',
  /** Pídeme: the price went up since the sender saw it; the new quote is in the details. */
  'quote_changed',
  /** Pídeme: a link has as many requests waiting as it may; the sender answers them first. */
  'pideme_pending_limit',
  /** Payday: the most rules a person may have (MAX_PAYDAY_RULES) are already there. */
  'payday_rule_limit',
  /** Colectas (docs/colectas.md): already sent or cancelled; nothing collected; over its target. */
  'colecta_not_open',
  'colecta_empty',
  'colecta_over_target',
  'colecta_under_review',
  'colecta_full',
  'colecta_self_invite',
  'colecta_date_past',
  /** Web Push: not configured (live mode without VAPID keys), or a push service Pago refuses. */
  'push_unavailable',
  'push_endpoint_refused',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
  /** The same text as error.message: the original clients read a top-level `message`. */
  message: string;
};

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    (ERROR_CODES as readonly string[]).includes((error as { code: string }).code)
  );
}
