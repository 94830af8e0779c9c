import { apiErrorSchema } from '@pago/shared/contracts/api';
import { z } from 'zod';
import type { Config } from '../config';

/** The OpenAPI 3.1 document's frame; @fastify/swagger adds every route's contract to it. */
export function openApiDocument(config: Config) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pago API',
      version: '0.1.0',
      description: [
        'The API of Pago, a bilingual digital wallet. Amounts are in integer cents unless a field',
        'says `amountUsd`. Every error answers `{ error: { code, message, details? }, message }`',
        '(schema `ApiError`); a 400 `validation_failed` lists the failing fields in',
        '`details.fields`. Money POSTs need an `Idempotency-Key` header: a replay with the same key',
        `returns the first answer. This server runs in ${config.mode} mode.`,
        'Each operation has a stable `operationId`, so a client generated from this document',
        '(for example with openapi-typescript) keeps its names from one release to the next.',
      ].join(' '),
      contact: { name: 'Pago', url: `${config.publicUrl}/api/docs` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    tags: TAGS,
    servers: [{ url: config.publicUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'The session token from POST /api/auth/login.',
        },
      },
    },
  };
}

/** Every error answer of a route, in our shape (documented and serialized with it). */
export const errorResponses = {
  '4xx': apiErrorSchema.describe('A refusal; `error.code` says why.'),
  '5xx': apiErrorSchema.describe('Our fault or a dependency is down; safe to retry.'),
};

/** The route needs `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearer: [] }];

/** Money POSTs: the header that makes them safe to retry. */
// Loose: Fastify replaces request.headers with what the schema lets through.
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Required: 8 to 128 letters, digits, _ . : -. A retry with the same key and body returns the first answer.',
    )
    .meta({ example: 'send-2026-11-23-0001' }),
});

/** Every tag a route may carry, in the order the reference shows them. */
const TAGS = [
  {
    name: 'Health',
    description: 'Whether the server and its database answer, and what this mode offers.',
  },
  {
    name: 'Accounts',
    description:
      'Sign-up, sign-in (password, e-mailed link, external provider), the profile, and the e-mail and phone checks.',
  },
  {
    name: 'Security',
    description: 'Two-step codes, the password and the sessions of the signed-in user.',
  },
  { name: 'Wallet', description: 'The balance in cents and the sending limits.' },
  {
    name: 'Transactions',
    description:
      'Sending to a phone (a Pago user or abroad), quotes, the history, receipts and the CSV export.',
  },
  { name: 'Recipients', description: 'Saved recipients abroad, for sending home.' },
  {
    name: 'Remittances',
    description: 'Sending home to a saved recipient, tracking it and cancelling it.',
  },
  {
    name: 'Requests',
    description: 'Asking another Pago user for money, and paying or declining their asks.',
  },
  {
    name: 'Notifications',
    description: 'What happened to the account, its e-mail settings and a live stream.',
  },
  {
    name: 'Banking',
    description:
      'The wallet’s bank account at the banking partner: its numbers, transactions, statements and payments.',
  },
  {
    name: 'Funding',
    description: 'Deposits from and withdrawals to a linked bank, with their limits.',
  },
  {
    name: 'Cards',
    description:
      'The debit card: issuing, freezing, the secure display’s token (numbers and PIN), limits.',
  },
  {
    name: 'Card disputes',
    description: 'Disputes of card charges (Regulation E): provisional credit and the outcome.',
  },
  {
    name: 'Bill pay',
    description:
      'The billers, paying a bill now or on a date, monthly schedules and their payments.',
  },
  {
    name: 'Identity',
    description: 'Identity verification with the configured vendor (Plaid or Persona).',
  },
  { name: 'Linked banks', description: 'Bank accounts linked through Plaid for funding.' },
  {
    name: 'Webhooks',
    description:
      'Called by vendors, never by a client: each checks the vendor’s signature before acting.',
  },
  {
    name: 'Check deposits',
    description: 'Mobile check deposit: the amount, both photos, confirmation, status and limits.',
  },
  {
    name: 'Direct deposit',
    description:
      'The numbers to give an employer, the direct-deposit form (PDF) and the deposits received.',
  },
  {
    name: 'Cash deposits',
    description: 'Cash at stores: the barcode for a store, stores and ATMs near a ZIP code.',
  },
  {
    name: 'Card funding',
    description: 'Adding money with a debit or credit card: the exact fee, the charge, its status.',
  },
  { name: 'Schedules', description: 'Scheduled and recurring transfers: rules, runs, changes.' },
  {
    name: 'Rates',
    description:
      'Exchange rates working for the sender: 30-day history, rate alerts, sending at a target rate.',
  },
  {
    name: 'Pídeme',
    description:
      'A private link a relative abroad uses to ask for money in their currency; the sender pays it in one call.',
  },
  {
    name: 'Payday',
    description:
      'Día de pago: rules that send a share of each direct deposit home, and what each did.',
  },
  {
    name: 'Colectas',
    description: 'Siblings chip in toward one transfer home: invite, contribute, send or cancel.',
  },
  {
    name: 'Push',
    description: 'Web Push: the VAPID key, and subscribing this device to pushed notifications.',
  },
];

/**
 * The operationId of every operation, by `METHOD path` as the document writes it. Kept here, in
 * one place, so the names a generated client uses are chosen (camelCase verbs: `getX` one,
 * `listX` many) and stay stable when routes move between files. A test fails when an operation
 * has none or a name is used twice.
 */
export const OPERATION_IDS: Record<string, string> = {
  'GET /api/health': 'getHealth',
  'GET /api/health/live': 'getLiveness',
  'GET /api/health/ready': 'getReadiness',
  'GET /api/health/detail': 'getHealthDetail',
  'GET /api/features': 'getFeatures',
  'POST /api/email/send-verification': 'sendEmailCode',
  'POST /api/email/verify-code': 'verifyEmailCode',
  'POST /api/auth/signup': 'signUp',
  'POST /api/auth/login': 'logIn',
  'POST /api/auth/logout': 'logOut',
  'POST /api/auth/sign-in-link': 'sendSignInLink',
  'POST /api/auth/sign-in-link/redeem': 'redeemSignInLink',
  'POST /api/auth/password-reset/request': 'requestPasswordReset',
  'POST /api/auth/password-reset/confirm': 'confirmPasswordReset',
  'GET /api/user/profile': 'getProfile',
  'PUT /api/user/profile': 'updateProfile',
  'PUT /api/user/address': 'setAddress',
  'GET /api/users/{id}/public': 'getPublicUser',
  'GET /api/users/lookup': 'lookUpUser',
  'GET /api/auth/external/start': 'startExternalSignIn',
  'POST /api/auth/external/callback': 'finishExternalSignIn',
  'POST /api/auth/external/complete': 'completeExternalSignUp',
  'POST /api/auth/external/link': 'linkExternalSignIn',
  'GET /api/auth/method': 'getSignInMethod',
  'POST /api/auth/login/two-step': 'finishTwoStepLogIn',
  'GET /api/security': 'getSecurity',
  'POST /api/security/two-step/setup': 'setUpTwoStep',
  'POST /api/security/two-step/confirm': 'confirmTwoStep',
  'POST /api/security/two-step/disable': 'disableTwoStep',
  'POST /api/security/password': 'changePassword',
  'GET /api/security/sessions': 'listSessions',
  'POST /api/security/sessions/sign-out-others': 'signOutOtherSessions',
  'DELETE /api/security/sessions/{id}': 'endSession',
  'POST /api/phone/send-code': 'sendPhoneCode',
  'POST /api/phone/verify': 'verifyPhone',
  'GET /api/wallet/balance': 'getBalance',
  'GET /api/limits': 'getSendingLimits',
  'POST /api/wallet/test-deposit': 'addTestMoney',
  'POST /api/transactions/quote': 'quoteSend',
  'POST /api/transactions/send': 'sendMoney',
  'GET /api/transactions': 'listTransactions',
  'GET /api/transactions/export.csv': 'exportTransactions',
  'GET /api/transactions/{id}': 'getTransaction',
  'GET /api/recipients': 'listRecipients',
  'POST /api/recipients': 'createRecipient',
  'GET /api/recipients/{id}': 'getRecipient',
  'PUT /api/recipients/{id}': 'updateRecipient',
  'DELETE /api/recipients/{id}': 'deleteRecipient',
  'GET /api/remittances/payers': 'listRemittancePayers',
  'POST /api/remittances': 'sendRemittance',
  'GET /api/remittances/{id}': 'getRemittance',
  'POST /api/remittances/{id}/cancel': 'cancelRemittance',
  'POST /api/remittances/{id}/cases': 'reportRemittanceError',
  'GET /api/remittance-cases': 'listRemittanceErrorCases',
  'GET /api/remittances/{id}/receipt.pdf': 'getRemittanceReceiptPdf',
  'POST /api/requests/create': 'createMoneyRequest',
  'GET /api/requests/incoming': 'listIncomingMoneyRequests',
  'GET /api/send/contacts': 'listSendContacts',
  'GET /api/requests/outgoing': 'listOutgoingMoneyRequests',
  'GET /api/requests/{id}': 'getMoneyRequest',
  'GET /api/public/transfers/{token}': 'getPublicTransfer',
  'POST /api/requests/{id}/pay': 'payMoneyRequest',
  'POST /api/requests/{id}/decline': 'declineMoneyRequest',
  'POST /api/requests/{id}/cancel': 'cancelMoneyRequest',
  'GET /api/notifications': 'listNotifications',
  'POST /api/notifications/read-all': 'markAllNotificationsRead',
  'POST /api/notifications/{id}/read': 'markNotificationRead',
  'GET /api/notifications/settings': 'getNotificationSettings',
  'PUT /api/notifications/settings': 'updateNotificationSettings',
  'POST /api/notifications/stream-ticket': 'createNotificationStreamTicket',
  'GET /api/notifications/stream': 'streamNotifications',
  'GET /api/unit/accounts/me': 'getBankAccount',
  'GET /api/unit/accounts/me/numbers': 'revealBankAccountNumbers',
  'GET /api/unit/token': 'getBankingToken',
  'GET /api/unit/transactions': 'listBankTransactions',
  'GET /api/unit/statements': 'listStatements',
  'GET /api/unit/statements/{month}/pdf': 'getStatementPdf',
  'GET /api/unit/statements/{month}': 'getStatement',
  'POST /api/unit/accounts/create': 'openBankAccount',
  'POST /api/unit/payments/send': 'sendBankPayment',
  'POST /api/unit/webhook': 'receiveUnitWebhook',
  'POST /api/thunes/callback': 'receiveThunesCallback',
  'GET /api/funding/limits': 'getFundingLimits',
  'GET /api/funding/withdrawals/quote': 'quoteWithdrawal',
  'GET /api/funding/deposits/availability': 'getDepositAvailability',
  'POST /api/funding/deposits': 'createDeposit',
  'POST /api/funding/withdrawals': 'createWithdrawal',
  'GET /api/cards': 'listCards',
  'POST /api/cards': 'issueCard',
  'POST /api/cards/{id}/report-lost': 'reportCardLost',
  'POST /api/cards/{id}/freeze': 'freezeCard',
  'POST /api/cards/{id}/unfreeze': 'unfreezeCard',
  'POST /api/cards/{id}/secure-token': 'createCardSecureToken',
  'POST /api/cards/{id}/secure-token/verification': 'createCardSecureVerification',
  'POST /api/cards/{id}/activate': 'activateCard',
  'PATCH /api/cards/{id}/limits': 'updateCardLimits',
  'POST /api/unit/card-authorizations': 'receiveCardAuthorization',
  'POST /api/cards/disputes': 'openCardDispute',
  'GET /api/cards/disputes': 'listCardDisputes',
  'GET /api/cards/disputes/{id}': 'getCardDispute',
  'GET /api/billers': 'listBillers',
  'POST /api/unit/bill-payment': 'payBill',
  'GET /api/identity/settings': 'getIdentitySettings',
  'GET /api/identity/status': 'getIdentityStatus',
  'POST /api/plaid/identity-verification/create': 'createPlaidIdentityVerification',
  'POST /api/plaid/identity-verification/complete': 'completePlaidIdentityVerification',
  'GET /api/plaid/identity-verification/status': 'getPlaidIdentityVerification',
  'POST /api/persona/create-inquiry': 'createPersonaInquiry',
  'GET /api/persona/status/{inquiryId}': 'getPersonaInquiry',
  'POST /api/webhooks/plaid': 'receivePlaidIdentityWebhook',
  'POST /api/webhooks/persona': 'receivePersonaWebhook',
  'POST /api/plaid/link-token': 'createPlaidLinkToken',
  'POST /api/plaid/exchange-token': 'exchangePlaidPublicToken',
  'GET /api/plaid/accounts': 'listLinkedBankAccounts',
  'GET /api/plaid/accounts/{id}/balance': 'getLinkedBankAccountBalance',
  'POST /api/plaid/items/{id}/repair': 'repairLinkedBank',
  'DELETE /api/plaid/items/{id}': 'unlinkBank',
  'POST /api/plaid/webhook': 'receivePlaidItemWebhook',
  'GET /api/check-deposits/limits': 'getCheckDepositLimits',
  'GET /api/check-deposits': 'listCheckDeposits',
  'GET /api/check-deposits/{id}': 'getCheckDeposit',
  'PUT /api/check-deposits/{id}/{side}': 'uploadCheckDepositImage',
  'POST /api/check-deposits': 'createCheckDeposit',
  'POST /api/check-deposits/{id}/confirm': 'confirmCheckDeposit',
  'GET /api/direct-deposit': 'getDirectDeposit',
  'GET /api/direct-deposit/form.pdf': 'getDirectDepositFormPdf',
  'GET /api/cash-deposits': 'listCashDeposits',
  'GET /api/cash-deposits/{id}': 'getCashDeposit',
  'GET /api/cash-deposits/barcode': 'getCashDepositBarcode',
  'GET /api/cash-deposits/stores': 'listCashDepositStores',
  'GET /api/cards/atms': 'listAtms',
  'GET /api/card-funding/config': 'getCardFundingConfig',
  'POST /api/card-funding/quote': 'quoteCardFunding',
  'POST /api/card-funding': 'fundWithCard',
  'GET /api/card-funding/{id}': 'getCardFunding',
  'POST /api/stripe/webhook': 'receiveStripeWebhook',
  'POST /api/billpay/schedules': 'scheduleBillPayment',
  'GET /api/billpay/schedules': 'listBillSchedules',
  'POST /api/billpay/schedules/{id}/cancel': 'cancelBillSchedule',
  'GET /api/billpay/payments': 'listBillPayments',
  'GET /api/billpay/payments/{id}': 'getBillPayment',
  'POST /api/billpay/payments/{id}/cancel': 'cancelBillPayment',
  'POST /api/account/data-export': 'requestDataExport',
  'GET /api/account/data-export/{ticket}': 'downloadDataExport',
  'GET /api/account/close': 'getCloseConditions',
  'POST /api/account/close': 'closeAccount',
  'POST /api/schedules': 'createSchedule',
  'GET /api/schedules': 'listSchedules',
  'GET /api/schedules/{id}': 'getSchedule',
  'PATCH /api/schedules/{id}': 'updateSchedule',
  'POST /api/schedules/{id}/pause': 'pauseSchedule',
  'POST /api/schedules/{id}/resume': 'resumeSchedule',
  'POST /api/schedules/{id}/skip': 'skipSchedulePayment',
  'POST /api/schedules/{id}/cancel': 'cancelSchedule',
  'GET /api/rates/{currency}/history': 'getRateHistory',
  'GET /api/rate-alerts': 'listRateAlerts',
  'POST /api/rate-alerts': 'createRateAlert',
  'DELETE /api/rate-alerts/{id}': 'deleteRateAlert',
  'GET /api/rate-orders': 'listRateOrders',
  'POST /api/rate-orders': 'createRateOrder',
  'POST /api/rate-orders/{id}/cancel': 'cancelRateOrder',
  'POST /api/pideme-links': 'createPidemeLink',
  'GET /api/pideme-links': 'listPidemeLinks',
  'POST /api/pideme-links/{id}/revoke': 'revokePidemeLink',
  'GET /api/pideme-requests': 'listPidemeRequests',
  'GET /api/pideme-requests/{id}': 'getPidemeRequest',
  'GET /api/pideme-requests/{id}/photo': 'getPidemeRequestPhoto',
  'POST /api/pideme-requests/{id}/pay': 'payPidemeRequest',
  'POST /api/pideme-requests/{id}/decline': 'declinePidemeRequest',
  'GET /api/public/pideme/{token}': 'getPublicPideme',
  'POST /api/public/pideme/{token}/requests': 'createPublicPidemeRequest',
  'PUT /api/public/pideme/{token}/requests/{requestId}/photo': 'addPublicPidemeRequestPhoto',
  'GET /api/payday-rules': 'listPaydayRules',
  'POST /api/payday-rules': 'createPaydayRule',
  'PATCH /api/payday-rules/{id}': 'updatePaydayRule',
  'DELETE /api/payday-rules/{id}': 'deletePaydayRule',
  'GET /api/payday-runs': 'listPaydayRuns',
  'GET /api/colectas': 'listColectas',
  'POST /api/colectas': 'createColecta',
  'GET /api/colectas/{id}': 'getColecta',
  'POST /api/colectas/{id}/invites': 'inviteToColecta',
  'POST /api/colectas/{id}/contributions': 'contributeToColecta',
  'POST /api/colectas/{id}/send': 'sendColecta',
  'POST /api/colectas/{id}/cancel': 'cancelColecta',
  'GET /api/push/vapid-key': 'getPushKey',
  'POST /api/push/subscriptions': 'subscribePush',
  'DELETE /api/push/subscriptions': 'unsubscribePush',
};

/** Words a summary spells its own way. */
const PROPER: Record<string, string> = {
  plaid: 'Plaid',
  persona: 'Persona',
  unit: 'Unit',
  pin: 'PIN',
  pdf: 'PDF',
  up: 'up',
};

/** `getStatementPdf` → "Get statement PDF": the short title of an operation. */
function summaryOf(operationId: string): string {
  const words = operationId
    .split(/(?=[A-Z])/)
    .map((w) => PROPER[w.toLowerCase()] ?? w.toLowerCase());
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest]
    .join(' ')
    .replace('two step', 'two-step');
}

type Operation = { operationId?: string; summary?: string; description?: string };
type OpenApiObject = {
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, unknown> };
};
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * The last step of the document: each operation gets its operationId and a short summary from
 * it, the route's sentence becoming the description (a generated client and the reference list
 * show the short one, the operation's page the sentence); schemas nothing refers to are dropped
 * (the zod provider registers an input and an output copy of every named schema).
 */
export function finishOpenApiDocument<T extends object>(input: T): T {
  const document = input as OpenApiObject;
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    paths[path] = {};
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method)) {
        paths[path][method] = value;
        continue;
      }
      const operationId = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
      if (!operationId) {
        paths[path][method] = value;
        continue;
      }
      const { summary, description, ...rest } = value;
      paths[path][method] = {
        operationId,
        summary: summaryOf(operationId),
        description: [summary, description].filter(Boolean).join('\n\n') || undefined,
        ...rest,
      };
    }
  }
  const finished = { ...document, paths };
  const schemas = document.components?.schemas;
  if (!schemas) return finished as T;
  // Every schema reachable from the paths (and the other components), following $refs.
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(
      /"\$ref":"#\/components\/schemas\/([^"]+)"/g,
    )) {
      if (name && !reached.has(name)) {
        reached.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit({ ...finished, components: { ...document.components, schemas: {} } });
  return {
    ...finished,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))),
    },
  } as T;
}
