import {
  closeAccountBody,
  closeConditionsSchema,
  closedAccountSchema,
  confirmWithPasswordBody,
  dataExportTicketSchema,
} from '@pago/shared/contracts/account-rights';
import {
  authResponseSchema,
  loginBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  payeeSchema,
  publicUserSchema,
  sendVerificationBody,
  signInLinkRedeemBody,
  signInLinkRequestBody,
  signupBody,
  signupResponseSchema,
  successResponseSchema,
  updateProfileBody,
  userProfileSchema,
  verifyCodeBody,
  verifyCodeResponseSchema,
} from '@pago/shared/contracts/accounts';
import { usAddressSchema } from '@pago/shared/contracts/address';
import { apiErrorSchema } from '@pago/shared/contracts/api';
import {
  bankAccountNumbersSchema,
  bankAccountSchema,
  bankingTokenSchema,
  bankPaymentBody,
  bankStatementsSchema,
  bankTransactionsSchema,
} from '@pago/shared/contracts/banking';
import {
  billerSchema,
  billPaymentBody,
  billPaymentSchema,
  billScheduleBody,
  billScheduleSchema,
} from '@pago/shared/contracts/billpay';
import { capabilitiesSchema } from '@pago/shared/contracts/capabilities';
import {
  cardDisputeSchema,
  cardDisputesSchema,
  createCardDisputeBody,
} from '@pago/shared/contracts/card-disputes';
import {
  cardFundingBody,
  cardFundingConfigSchema,
  cardFundingQuoteBody,
  cardFundingQuoteSchema,
  cardFundingSchema,
} from '@pago/shared/contracts/card-funding';
import {
  activateCardBody,
  cardLimitsBody,
  cardSchema,
  cardSecureTokenBody,
  cardSecureTokenSchema,
  cardSecureVerificationBody,
  cardSecureVerificationSchema,
  cardsSchema,
  createCardBody,
  reportLostBody,
  reportLostSchema,
} from '@pago/shared/contracts/cards';
import {
  atmListSchema,
  cashBarcodeSchema,
  cashDepositListSchema,
  cashStoresSchema,
} from '@pago/shared/contracts/cash-deposits';
import {
  checkDepositLimitsSchema,
  checkDepositListSchema,
  checkDepositSchema,
  confirmCheckDepositBody,
  createCheckDepositBody,
} from '@pago/shared/contracts/check-deposits';
import {
  colectaListSchema,
  colectaSchema,
  contributeBody,
  createColectaBody,
  inviteBody,
} from '@pago/shared/contracts/colectas';
import { directDepositSchema } from '@pago/shared/contracts/direct-deposit';
import {
  authMethodSchema,
  externalCallbackBody,
  externalCallbackResponseSchema,
  externalCompleteBody,
  externalLinkBody,
  logoutResponseSchema,
} from '@pago/shared/contracts/external-signin';
import {
  depositAvailabilitySchema,
  depositBody,
  fundingLimitsSchema,
  withdrawalBody,
  withdrawalQuoteSchema,
} from '@pago/shared/contracts/funding';
import {
  identitySettingsSchema,
  identityStatusSchema,
  personaCreateInquiryBody,
  personaCreateInquiryResponseSchema,
  personaStatusResponseSchema,
  plaidCompleteBody,
  plaidCreateBody,
  plaidCreateResponseSchema,
  plaidStatusResponseSchema,
} from '@pago/shared/contracts/identity';
import {
  decideMonitoringHitBody,
  monitoringHitListSchema,
  monitoringHitSchema,
  monitoringRuleListSchema,
  monitoringRuleSchema,
  updateMonitoringRuleBody,
} from '@pago/shared/contracts/monitoring';
import {
  notificationListSchema,
  notificationSettingsSchema,
  streamTicketSchema,
  unreadCountSchema,
} from '@pago/shared/contracts/notifications';
import {
  approvalListSchema,
  reasonBody,
  staffChallengeSchema,
  staffCodeBody,
  staffLoginBody,
  staffSessionSchema,
} from '@pago/shared/contracts/ops';
import {
  customerSearchSchema,
  customerViewSchema,
  frozenSchema,
} from '@pago/shared/contracts/ops-customers';
import {
  opsQueueActionBody,
  opsQueueActionOutcome,
  opsQueueListSchema,
  opsQueueSummarySchema,
} from '@pago/shared/contracts/ops-queues';
import {
  sanctionsDecisionBody,
  sanctionsDecisionSchema,
  sanctionsHitListSchema,
} from '@pago/shared/contracts/ops-sanctions';
import {
  paydayRuleBody,
  paydayRulePatch,
  paydayRuleSchema,
  paydayRunSchema,
} from '@pago/shared/contracts/payday';
import {
  sendPhoneCodeBody,
  sendPhoneCodeResponseSchema,
  verifyPhoneBody,
  verifyPhoneResponseSchema,
} from '@pago/shared/contracts/phone';
import {
  createPidemeLinkBody,
  createPidemeRequestBody,
  payPidemeRequestBody,
  pidemeLinkListSchema,
  pidemeLinkSchema,
  pidemeRequestDetailSchema,
  pidemeRequestListSchema,
  pidemeRequestSchema,
  publicPidemeRequestSchema,
  publicPidemeSchema,
} from '@pago/shared/contracts/pideme';
import {
  plaidAccountsResponseSchema,
  plaidBalanceResponseSchema,
  plaidExchangeTokenBody,
  plaidExchangeTokenResponseSchema,
  plaidLinkTokenBody,
  plaidLinkTokenResponseSchema,
  plaidRepairResponseSchema,
  plaidUnlinkResponseSchema,
} from '@pago/shared/contracts/plaid';
import {
  deletePushSubscriptionBody,
  pushSubscriptionBody,
  pushSubscriptionSchema,
  vapidKeySchema,
} from '@pago/shared/contracts/push';
import {
  rateAlertBody,
  rateAlertListSchema,
  rateAlertSchema,
  rateHistorySchema,
  rateOrderBody,
  rateOrderListSchema,
  rateOrderSchema,
} from '@pago/shared/contracts/rates';
import { publicTransferSchema } from '@pago/shared/contracts/recipient-tracking';
import {
  errorCaseBody,
  errorCaseListSchema,
  errorCaseSchema,
  payerListSchema,
  recipientBody,
  recipientListSchema,
  recipientSchema,
  remittanceTrackingSchema,
  sendHomeBody,
} from '@pago/shared/contracts/remittances';
import {
  createdRequestSchema,
  createRequestBody,
  moneyRequestListSchema,
  moneyRequestSchema,
} from '@pago/shared/contracts/requests';
import {
  createScheduleBody,
  scheduleListSchema,
  scheduleSchema,
  updateScheduleBody,
} from '@pago/shared/contracts/schedules';
import {
  changePasswordBody,
  recoveryCodesSchema,
  securityStatusSchema,
  sessionListSchema,
  twoStepChallengeSchema,
  twoStepConfirmBody,
  twoStepDisableBody,
  twoStepLoginBody,
  twoStepSetupSchema,
} from '@pago/shared/contracts/security';
import { sendContactsSchema } from '@pago/shared/contracts/send';
import {
  quoteBody,
  quoteSchema,
  sendMoneyBody,
  transferListSchema,
  transferReceiptSchema,
  transferSchema,
} from '@pago/shared/contracts/transfers';
import { balanceSchema, limitsSchema, testDepositBody } from '@pago/shared/contracts/wallet';
import { z } from 'zod';

/**
 * One route as the server declares it (its route schema; apps/server/src/web-stub-contracts.test.ts
 * holds each line to the server's): the success status and the answer's
 * schema, and the request body's schema where the shared contracts define one.
 */
export type RouteContract = { status?: number; response: z.ZodType; body?: z.ZodType };

const signedIn = authResponseSchema.or(twoStepChallengeSchema);
// The few answers the server's routes declare inline, written as the server writes them.
const removed = z.object({ removed: z.literal(true) });
const csv = z.string().describe('CSV, one transfer a line');
const dataExportZip = z.string().meta({ format: 'binary', description: 'The data (ZIP)' });
const pdf = z.string().meta({ format: 'binary', description: 'The statement (PDF)' });
const directDepositFormPdf = z.string().meta({ format: 'binary', description: 'The form (PDF)' });
const remittanceReceiptPdf = z
  .string()
  .meta({ format: 'binary', description: 'The receipt (PDF)' });

/**
 * Every API route a browser client calls, by "METHOD /path" (`:name` for a path parameter, no
 * query). A stub may answer only these: a call to any other route fails the test, so a new route
 * gets its line here.
 */
export const ROUTES: Record<string, RouteContract> = {
  'GET /api/features': { response: capabilitiesSchema },
  // Sign-up, sign-in and recovery
  'POST /api/auth/signup': { status: 201, response: signupResponseSchema, body: signupBody },
  'POST /api/auth/login': { response: signedIn, body: loginBody },
  'POST /api/auth/login/two-step': { response: authResponseSchema, body: twoStepLoginBody },
  'POST /api/auth/logout': { response: logoutResponseSchema },
  'GET /api/auth/method': { response: authMethodSchema },
  'POST /api/auth/password-reset/request': {
    response: successResponseSchema,
    body: passwordResetRequestBody,
  },
  'POST /api/auth/password-reset/confirm': {
    response: successResponseSchema,
    body: passwordResetConfirmBody,
  },
  'POST /api/auth/sign-in-link': { response: successResponseSchema, body: signInLinkRequestBody },
  'POST /api/auth/sign-in-link/redeem': { response: signedIn, body: signInLinkRedeemBody },
  'GET /api/auth/external/start': { response: z.object({ authorizationUrl: z.string() }) },
  'POST /api/auth/external/callback': {
    response: externalCallbackResponseSchema,
    body: externalCallbackBody,
  },
  'POST /api/auth/external/complete': {
    status: 201,
    response: authResponseSchema,
    body: externalCompleteBody,
  },
  'POST /api/auth/external/link': { response: signedIn, body: externalLinkBody },
  'POST /api/email/send-verification': {
    response: successResponseSchema,
    body: sendVerificationBody,
  },
  'POST /api/email/verify-code': { response: verifyCodeResponseSchema, body: verifyCodeBody },
  'POST /api/phone/send-code': { response: sendPhoneCodeResponseSchema, body: sendPhoneCodeBody },
  'POST /api/phone/verify': { response: verifyPhoneResponseSchema, body: verifyPhoneBody },
  // The profile and finding people
  'GET /api/user/profile': { response: userProfileSchema },
  'PUT /api/user/profile': { response: userProfileSchema, body: updateProfileBody },
  'PUT /api/user/address': { response: userProfileSchema, body: usAddressSchema },
  'GET /api/users/:id/public': { response: publicUserSchema },
  'GET /api/users/lookup': { response: payeeSchema },
  // Security
  'GET /api/security': { response: securityStatusSchema },
  'POST /api/security/password': { response: successResponseSchema, body: changePasswordBody },
  'GET /api/security/sessions': { response: sessionListSchema },
  'DELETE /api/security/sessions/:id': { response: successResponseSchema },
  'POST /api/security/sessions/sign-out-others': { response: successResponseSchema },
  'POST /api/security/two-step/setup': { response: twoStepSetupSchema },
  'POST /api/security/two-step/confirm': {
    response: recoveryCodesSchema,
    body: twoStepConfirmBody,
  },
  'POST /api/security/two-step/disable': {
    response: successResponseSchema,
    body: twoStepDisableBody,
  },
  // Identity
  'GET /api/identity/settings': { response: identitySettingsSchema },
  'GET /api/identity/status': { response: identityStatusSchema },
  'POST /api/persona/create-inquiry': {
    response: personaCreateInquiryResponseSchema,
    body: personaCreateInquiryBody,
  },
  'GET /api/persona/status/:inquiryId': { response: personaStatusResponseSchema },
  'POST /api/plaid/identity-verification/create': {
    response: plaidCreateResponseSchema,
    body: plaidCreateBody,
  },
  'POST /api/plaid/identity-verification/complete': {
    response: plaidStatusResponseSchema,
    body: plaidCompleteBody,
  },
  'GET /api/plaid/identity-verification/status': { response: plaidStatusResponseSchema },
  // Wallet, activity, sending
  'GET /api/wallet/balance': { response: balanceSchema },
  'POST /api/wallet/test-deposit': { status: 201, response: transferSchema, body: testDepositBody },
  'GET /api/limits': { response: limitsSchema },
  'GET /api/transactions': { response: transferListSchema },
  'GET /api/transactions/export.csv': { response: csv },
  'GET /api/transactions/:id': { response: transferReceiptSchema },
  'POST /api/transactions/quote': { response: quoteSchema, body: quoteBody },
  'POST /api/transactions/send': { status: 201, response: transferSchema, body: sendMoneyBody },
  'GET /api/send/contacts': { response: sendContactsSchema },
  'POST /api/requests/create': {
    status: 201,
    response: createdRequestSchema,
    body: createRequestBody,
  },
  'GET /api/requests/incoming': { response: moneyRequestListSchema },
  'GET /api/requests/outgoing': { response: moneyRequestListSchema },
  'POST /api/requests/:id/pay': { response: moneyRequestSchema },
  'POST /api/requests/:id/decline': { response: moneyRequestSchema },
  'POST /api/requests/:id/cancel': { response: moneyRequestSchema },
  'GET /api/requests/:id': { response: moneyRequestSchema },
  // Remittances
  'GET /api/recipients': { response: recipientListSchema },
  'POST /api/recipients': { status: 201, response: recipientSchema, body: recipientBody },
  'GET /api/recipients/:id': { response: recipientSchema },
  'PUT /api/recipients/:id': { response: recipientSchema, body: recipientBody },
  'DELETE /api/recipients/:id': { response: removed },
  'POST /api/remittances': { status: 201, response: transferSchema, body: sendHomeBody },
  'GET /api/remittances/payers': { response: payerListSchema },
  'GET /api/remittances/:id': { response: remittanceTrackingSchema },
  'POST /api/remittances/:id/cancel': { response: transferSchema },
  'POST /api/remittances/:id/cases': {
    status: 201,
    response: errorCaseSchema,
    body: errorCaseBody,
  },
  'GET /api/remittances/:id/receipt.pdf': { response: remittanceReceiptPdf },
  'GET /api/remittance-cases': { response: errorCaseListSchema },
  // Scheduled transfers
  'POST /api/schedules': { status: 201, response: scheduleSchema, body: createScheduleBody },
  'GET /api/schedules': { response: scheduleListSchema },
  'GET /api/schedules/:id': { response: scheduleSchema },
  'PATCH /api/schedules/:id': { response: scheduleSchema, body: updateScheduleBody },
  'POST /api/schedules/:id/pause': { response: scheduleSchema },
  'POST /api/schedules/:id/resume': { response: scheduleSchema },
  'POST /api/schedules/:id/skip': { response: scheduleSchema },
  'POST /api/schedules/:id/cancel': { response: scheduleSchema },
  // Bill pay, banking, funding
  'GET /api/billers': { response: z.array(billerSchema) },
  'POST /api/unit/bill-payment': { status: 201, response: transferSchema, body: billPaymentBody },
  'POST /api/billpay/schedules': {
    status: 201,
    response: billScheduleSchema,
    body: billScheduleBody,
  },
  'GET /api/billpay/schedules': { response: z.array(billScheduleSchema) },
  'POST /api/billpay/schedules/:id/cancel': { response: billScheduleSchema },
  'GET /api/billpay/payments': { response: z.array(billPaymentSchema) },
  'GET /api/billpay/payments/:id': { response: billPaymentSchema },
  'POST /api/billpay/payments/:id/cancel': { response: billPaymentSchema },
  'POST /api/unit/accounts/create': { status: 201, response: bankAccountSchema },
  'GET /api/unit/accounts/me': { response: bankAccountSchema },
  'GET /api/unit/accounts/me/numbers': { response: bankAccountNumbersSchema },
  'POST /api/unit/payments/send': { status: 201, response: transferSchema, body: bankPaymentBody },
  'GET /api/unit/statements': { response: bankStatementsSchema },
  'GET /api/unit/statements/:month/pdf': { response: pdf },
  'GET /api/unit/token': { response: bankingTokenSchema },
  'GET /api/unit/transactions': { response: bankTransactionsSchema },
  'GET /api/funding/limits': { response: fundingLimitsSchema },
  'GET /api/funding/deposits/availability': { response: depositAvailabilitySchema },
  'POST /api/funding/deposits': { status: 201, response: transferSchema, body: depositBody },
  'GET /api/funding/withdrawals/quote': { response: withdrawalQuoteSchema },
  'POST /api/funding/withdrawals': { status: 201, response: transferSchema, body: withdrawalBody },
  // Linked banks
  'POST /api/plaid/link-token': {
    response: plaidLinkTokenResponseSchema,
    body: plaidLinkTokenBody,
  },
  'POST /api/plaid/exchange-token': {
    response: plaidExchangeTokenResponseSchema,
    body: plaidExchangeTokenBody,
  },
  'GET /api/plaid/accounts': { response: plaidAccountsResponseSchema },
  'GET /api/plaid/accounts/:id/balance': { response: plaidBalanceResponseSchema },
  'DELETE /api/plaid/items/:id': { response: plaidUnlinkResponseSchema },
  'POST /api/plaid/items/:id/repair': { response: plaidRepairResponseSchema },
  // Cards
  'GET /api/cards': { response: cardsSchema },
  'POST /api/cards': { status: 201, response: cardSchema, body: createCardBody },
  'POST /api/cards/:id/activate': { response: cardSchema, body: activateCardBody },
  'POST /api/cards/:id/freeze': { response: cardSchema },
  'POST /api/cards/:id/unfreeze': { response: cardSchema },
  'PATCH /api/cards/:id/limits': { response: cardSchema, body: cardLimitsBody },
  'POST /api/cards/:id/report-lost': { response: reportLostSchema, body: reportLostBody },
  'POST /api/cards/:id/secure-token': {
    response: cardSecureTokenSchema,
    body: cardSecureTokenBody,
  },
  'POST /api/cards/:id/secure-token/verification': {
    response: cardSecureVerificationSchema,
    body: cardSecureVerificationBody,
  },
  // Card disputes
  'POST /api/cards/disputes': {
    status: 201,
    response: cardDisputeSchema,
    body: createCardDisputeBody,
  },
  'GET /api/cards/disputes': { response: cardDisputesSchema },
  'GET /api/cards/disputes/:id': { response: cardDisputeSchema },
  // Notifications
  'GET /api/notifications': { response: notificationListSchema },
  'POST /api/notifications/:id/read': { response: unreadCountSchema },
  'POST /api/notifications/read-all': { response: unreadCountSchema },
  'GET /api/notifications/settings': { response: notificationSettingsSchema },
  'PUT /api/notifications/settings': {
    response: notificationSettingsSchema,
    body: notificationSettingsSchema,
  },
  'POST /api/notifications/stream-ticket': { response: streamTicketSchema },
  // Direct deposit
  'GET /api/direct-deposit': { response: directDepositSchema },
  'GET /api/direct-deposit/form.pdf': { response: directDepositFormPdf },
  // Card funding
  'GET /api/card-funding/config': { response: cardFundingConfigSchema },
  'POST /api/card-funding/quote': { response: cardFundingQuoteSchema, body: cardFundingQuoteBody },
  'POST /api/card-funding': { status: 201, response: cardFundingSchema, body: cardFundingBody },
  'GET /api/card-funding/:id': { response: cardFundingSchema },
  // Check deposits
  'GET /api/check-deposits/limits': { response: checkDepositLimitsSchema },
  'GET /api/check-deposits': { response: checkDepositListSchema },
  'GET /api/check-deposits/:id': { response: checkDepositSchema },
  'PUT /api/check-deposits/:id/:side': { response: checkDepositSchema },
  'POST /api/check-deposits': {
    status: 201,
    response: checkDepositSchema,
    body: createCheckDepositBody,
  },
  'POST /api/check-deposits/:id/confirm': {
    response: checkDepositSchema,
    body: confirmCheckDepositBody,
  },
  // Cash deposits at stores, in-network ATMs
  'GET /api/cash-deposits/stores': { response: cashStoresSchema },
  'GET /api/cash-deposits/barcode': { response: cashBarcodeSchema },
  'GET /api/cash-deposits': { response: cashDepositListSchema },
  'GET /api/cards/atms': { response: atmListSchema },
  'GET /api/public/transfers/:token': { response: publicTransferSchema },
  'POST /api/account/data-export': {
    status: 201,
    response: dataExportTicketSchema,
    body: confirmWithPasswordBody,
  },
  'GET /api/account/data-export/:ticket': { response: dataExportZip },
  'GET /api/account/close': { response: closeConditionsSchema },
  'POST /api/account/close': { response: closedAccountSchema, body: closeAccountBody },
  // The operations console (staff only).
  'POST /api/ops/auth/login': { response: staffChallengeSchema, body: staffLoginBody },
  'POST /api/ops/auth/two-step': { response: staffSessionSchema, body: staffCodeBody },
  'GET /api/ops/approvals': { response: approvalListSchema },
  // Transaction monitoring in the console.
  'GET /api/ops/monitoring/hits': { response: monitoringHitListSchema },
  'POST /api/ops/monitoring/hits/:id/dismiss': {
    response: monitoringHitSchema,
    body: decideMonitoringHitBody,
  },
  'POST /api/ops/monitoring/hits/:id/escalate': {
    response: monitoringHitSchema,
    body: decideMonitoringHitBody,
  },
  'GET /api/ops/monitoring/rules': { response: monitoringRuleListSchema },
  'PATCH /api/ops/monitoring/rules/:code': {
    response: monitoringRuleSchema,
    body: updateMonitoringRuleBody,
  },
  'GET /api/ops/queues': { response: opsQueueSummarySchema },
  'GET /api/ops/queues/:queue': { response: opsQueueListSchema },
  'POST /api/ops/queues/:queue/:id/:action': {
    response: opsQueueActionOutcome,
    body: opsQueueActionBody,
  },
  'GET /api/ops/customers': { response: customerSearchSchema },
  'GET /api/ops/customers/:id': { response: customerViewSchema },
  'POST /api/ops/customers/:id/freeze': { response: frozenSchema, body: reasonBody },
  'POST /api/ops/customers/:id/close': { response: closedAccountSchema, body: reasonBody },
  // The console's sanctions queue (features/ops-sanctions).
  'GET /api/ops/sanctions/hits': { response: sanctionsHitListSchema },
  'POST /api/ops/sanctions/hits/:id/clear': {
    response: sanctionsDecisionSchema,
    body: sanctionsDecisionBody,
  },
  'POST /api/ops/sanctions/hits/:id/block': {
    response: sanctionsDecisionSchema,
    body: sanctionsDecisionBody,
  },
  // Pídeme (docs/pideme.md).
  'POST /api/pideme-links': { status: 201, response: pidemeLinkSchema, body: createPidemeLinkBody },
  'GET /api/pideme-links': { response: pidemeLinkListSchema },
  'POST /api/pideme-links/:id/revoke': { response: pidemeLinkSchema },
  'GET /api/pideme-requests': { response: pidemeRequestListSchema },
  'GET /api/pideme-requests/:id': { response: pidemeRequestDetailSchema },
  'POST /api/pideme-requests/:id/pay': {
    response: pidemeRequestSchema,
    body: payPidemeRequestBody,
  },
  'POST /api/pideme-requests/:id/decline': { response: pidemeRequestSchema },
  'GET /api/public/pideme/:token': { response: publicPidemeSchema },
  'POST /api/public/pideme/:token/requests': {
    status: 201,
    response: publicPidemeRequestSchema,
    body: createPidemeRequestBody,
  },
  // Día de pago (features/payday)
  'GET /api/payday-rules': { response: z.array(paydayRuleSchema) },
  'POST /api/payday-rules': { status: 201, response: paydayRuleSchema, body: paydayRuleBody },
  'PATCH /api/payday-rules/:id': { response: paydayRuleSchema, body: paydayRulePatch },
  'DELETE /api/payday-rules/:id': { response: z.object({ removed: z.literal(true) }) },
  'GET /api/payday-runs': { response: z.array(paydayRunSchema) },
  // Colectas (docs/colectas.md)
  'GET /api/colectas': { response: colectaListSchema },
  'POST /api/colectas': { status: 201, response: colectaSchema, body: createColectaBody },
  'GET /api/colectas/:id': { response: colectaSchema },
  'POST /api/colectas/:id/invites': { response: colectaSchema, body: inviteBody },
  'POST /api/colectas/:id/contributions': {
    status: 201,
    response: colectaSchema,
    body: contributeBody,
  },
  'POST /api/colectas/:id/send': { response: colectaSchema },
  'POST /api/colectas/:id/cancel': { response: colectaSchema },
  // Rates (docs/rates.md)
  'GET /api/rates/:currency/history': { response: rateHistorySchema },
  'GET /api/rate-alerts': { response: rateAlertListSchema },
  'POST /api/rate-alerts': { status: 201, response: rateAlertSchema, body: rateAlertBody },
  'DELETE /api/rate-alerts/:id': { response: z.object({ removed: z.literal(true) }) },
  'GET /api/rate-orders': { response: rateOrderListSchema },
  'POST /api/rate-orders': { status: 201, response: rateOrderSchema, body: rateOrderBody },
  'POST /api/rate-orders/:id/cancel': { response: rateOrderSchema, body: z.strictObject({}) },
  // Web Push (docs/push.md)
  'GET /api/push/vapid-key': { response: vapidKeySchema },
  'POST /api/push/subscriptions': { response: pushSubscriptionSchema, body: pushSubscriptionBody },
  'DELETE /api/push/subscriptions': {
    response: z.object({ success: z.literal(true) }),
    body: deletePushSubscriptionBody,
  },
};

const matchers = Object.keys(ROUTES).map((route) => {
  const [method, pattern = ''] = route.split(' ');
  const params = (pattern.match(/:\w+/g) ?? []).length;
  const regex = new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
  return { route, method, regex, params };
});

/** The listed route `method path` is a call to (a literal segment wins over a parameter), or null. */
export function routeOf(method: string, path: string): string | null {
  const pathname = path.split('?')[0] ?? '';
  const found = matchers
    .filter((m) => m.method === method && m.regex.test(pathname))
    .sort((a, b) => a.params - b.params);
  return found[0]?.route ?? null;
}

const refusal = (what: string, error: z.ZodError) =>
  `${what}: ${error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`;

/** Why the page's request is not one the server takes (an unlisted route, a refused body), or null. */
export function requestMismatch(method: string, path: string, body: unknown): string | null {
  const route = routeOf(method, path);
  if (!route) {
    return `${method} ${path.split('?')[0]} is not a route of api-contracts.ts: add it with its contract`;
  }
  const schema = ROUTES[route]?.body;
  const result = schema?.safeParse(body);
  return result && !result.success
    ? refusal(`${route} was sent a body its contract refuses`, result.error)
    : null;
}

/**
 * Why `body` is not what the server would answer to `method path` with `status`, or null when it
 * is. A success is the route's status with its answer; every error has the API's error shape.
 */
export function contractMismatch(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | null {
  const route = routeOf(method, path);
  if (!route) return requestMismatch(method, path, undefined);
  const contract = ROUTES[route] as RouteContract;
  const problems: string[] = [];
  if (status < 400 && status !== (contract.status ?? 200)) {
    problems.push(`${route} answered ${status}; the server answers ${contract.status ?? 200}`);
  }
  const result = (status >= 400 ? apiErrorSchema : contract.response).safeParse(body);
  if (!result.success) {
    problems.push(
      refusal(`${route} answered ${status} with a body its contract refuses`, result.error),
    );
  }
  return problems.length > 0 ? problems.join('\n') : null;
}
