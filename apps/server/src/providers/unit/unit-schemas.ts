import { z } from 'zod';

/**
 * Unit's answers as its published OpenAPI describes them (unit-finance/openapi-unit-sdk,
 * openapi.json 0.3.2, commit cdb3b91; schemas/<area>/<area>.json named beside each schema).
 * Only what Pago reads plus what the spec requires or discriminates on; other fields pass through
 * (`looseObject`). Where a field is optional it is `.optional()` (null fails), `nullable` only where
 * the spec says so. The client parses every answer it uses with these; the fake's answers are
 * checked against them in unit-schemas.test.ts.
 */

/** types.json Identifier. */
const identifier = z.string().regex(/^[1-9]\d*$/);
const dateTime = z.iso.datetime({ offset: true });
/** types.json Tags. */
const tags = z.record(z.string(), z.string().min(1).max(255));
const direction = z.enum(['Credit', 'Debit']);
const cents = z.number().int();

/** relationships.json: `{ data: { type, id } }`, the type from the spec's enum when it has one. */
function relationship(types?: readonly [string, ...string[]]) {
  return z.looseObject({
    data: z.looseObject({ type: types ? z.enum(types) : z.string(), id: identifier }),
  });
}
const accountRelationship = relationship([
  'account',
  'depositAccount',
  'creditAccount',
  'batchAccount',
]);
const customerRelationship = relationship(['customer', 'businessCustomer', 'individualCustomer']);
const paymentRelationship = relationship([
  'payment',
  'achPayment',
  'cardPayment',
  'checkPayment',
  'recurringPayment',
  'paymentAdvance',
  'repayPaymentAdvance',
  'receivePayment',
  'rewardedTransaction',
]);

/** A JSON:API document with one resource, or a list of them. */
export const unitDocument = <T extends z.ZodType>(resource: T) => z.looseObject({ data: resource });
export const unitList = <T extends z.ZodType>(resource: T) =>
  z.looseObject({
    data: z.array(resource),
    meta: z
      .looseObject({
        pagination: z.looseObject({ total: z.number().int().min(0) }).optional(),
      })
      .optional(),
  });

// application/application.json: IndividualApplication, BusinessApplication.
const applicationStatus = z.enum([
  'AwaitingDocuments',
  'PendingReview',
  'Approved',
  'Denied',
  'Pending',
  'Canceled',
]);
const applicationRelationships = z.looseObject({ customer: customerRelationship.optional() });
export const unitApplication = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('individualApplication'),
    id: identifier,
    attributes: z.looseObject({
      createdAt: dateTime,
      status: applicationStatus,
      fullName: z.looseObject({ first: z.string(), last: z.string() }),
      decisionReason: z.string().optional(),
    }),
    relationships: applicationRelationships.optional(),
  }),
  z.looseObject({
    type: z.literal('businessApplication'),
    id: identifier,
    attributes: z.looseObject({
      createdAt: dateTime,
      status: applicationStatus,
      name: z.string(),
      entityType: z.string(),
      stateOfIncorporation: z.string(),
      contact: z.looseObject({}),
      officer: z.looseObject({}),
      beneficialOwners: z.array(z.looseObject({})),
      decisionReason: z.string().optional(),
    }),
    relationships: applicationRelationships.optional(),
  }),
]);

// account/account.json: DepositAccount.
export const unitDepositAccount = z.looseObject({
  type: z.literal('depositAccount'),
  id: identifier,
  attributes: z.looseObject({
    createdAt: dateTime,
    name: z.string(),
    depositProduct: z.string(),
    routingNumber: z.string().regex(/^\d{9}$/),
    accountNumber: z
      .string()
      .regex(/^\d{10,12}$/)
      .optional(),
    currency: z.string(),
    balance: cents,
    hold: cents,
    available: cents,
    tags,
    status: z.enum(['Open', 'Closed', 'Frozen']),
  }),
  relationships: z.looseObject({ customer: customerRelationship.optional() }),
});

// payment/payment.json: AchPayment, BookPayment. `status` is read as text: Pago's fake also
// reports PendingReview and Settled, which Unit's documentation describes and this enum lacks.
const paymentAttributes = {
  createdAt: dateTime,
  amount: z.number().int().min(1),
  direction,
  status: z.string(),
  reason: z.string().optional(),
};
export const unitPayment = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('achPayment'),
    id: identifier,
    attributes: z.looseObject({
      ...paymentAttributes,
      description: z.string().min(1).max(50),
      sameDay: z.boolean().optional(),
    }),
    relationships: z.looseObject({ account: accountRelationship }),
  }),
  z.looseObject({
    type: z.literal('bookPayment'),
    id: identifier,
    attributes: z.looseObject({ ...paymentAttributes, description: z.string().min(1).max(80) }),
    relationships: z.looseObject({ account: accountRelationship }),
  }),
]);

/** payment/payment.json PaymentCounterparty. */
const paymentCounterparty = z.looseObject({
  routingNumber: z.string().regex(/^\d{9}$/),
  accountNumber: z.string().regex(/^\d{1,17}$/),
  accountType: z.enum(['Checking', 'Savings', 'Loan']),
  name: z.string().min(1).max(50),
});

// counterparty/counterparty.json: Counterparty.
export const unitCounterparty = z.looseObject({
  type: z.literal('achCounterparty'),
  id: identifier,
  attributes: z.looseObject({
    routingNumber: z.string().regex(/^\d{9}$/),
    accountNumber: z.string().regex(/^\d{1,17}$/),
    accountType: z.enum(['Checking', 'Savings', 'Loan']),
    type: z.enum(['Business', 'Person', 'Unknown']),
    name: z.string().min(1).max(50),
    permissions: z.enum(['CreditOnly', 'DebitOnly', 'CreditAndDebit']),
    createdAt: dateTime,
  }),
  relationships: z.looseObject({ customer: customerRelationship }),
});

// token/customerToken.json: CustomerToken.
export const unitCustomerToken = z.looseObject({
  type: z.literal('customerBearerToken'),
  attributes: z.looseObject({ token: z.string().min(1), expiresIn: z.number().int() }),
});

// token/customerTokenVerification.json: CustomerTokenVerification.
export const unitCustomerTokenVerification = z.looseObject({
  type: z.literal('customerTokenVerification'),
  id: z.string().min(1),
  attributes: z.looseObject({ verificationToken: z.string().min(1) }),
});

// transaction/transaction.json: each type Pago's account history shows, the others by their base.
const transactionBase = {
  createdAt: dateTime,
  direction,
  amount: cents,
  balance: cents,
  summary: z.string(),
};
/** types.json Merchant. */
const merchant = z.looseObject({
  name: z.string(),
  type: z.number().int(),
  category: z.string(),
  location: z.string().optional(),
  id: z.string().optional(),
});
const OTHER_TRANSACTION_TYPES = [
  'returnedReceivedAchTransaction',
  'dishonoredAchTransaction',
  'feeTransaction',
  'cardTransaction',
  'releaseTransaction',
  'wireTransaction',
  'returnedWireTransaction',
  'interestShareTransaction',
  'interestTransaction',
  'adjustmentTransaction',
  'disputeTransaction',
  'checkDepositTransaction',
  'returnedCheckDepositTransaction',
  'sponsoredInterestTransaction',
  'paymentAdvanceTransaction',
  'repaidPaymentAdvanceTransaction',
  'chargebackTransaction',
  'rewardTransaction',
  'negativeBalanceCoverageTransaction',
  'accountLowBalanceClosureTransaction',
  'bankRepaymentTransaction',
  'cashDepositTransaction',
  'customerRepaymentTransaction',
  'customerRepaymentReturnedTransaction',
  'checkPaymentTransaction',
  'returnedCheckPaymentTransaction',
  'cardReversalTransaction',
  'feeReversalTransaction',
  'pushToCardTransaction',
  'pushToCardReversalTransaction',
  'paymentCanceledTransaction',
  'writeOffTransaction',
] as const;
export const unitTransaction = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('originatedAchTransaction'),
    id: identifier,
    attributes: z.looseObject({
      ...transactionBase,
      description: z.string(),
      counterparty: paymentCounterparty,
    }),
    relationships: z.looseObject({ account: accountRelationship, payment: paymentRelationship }),
  }),
  z.looseObject({
    type: z.literal('receivedAchTransaction'),
    id: identifier,
    attributes: z.looseObject({
      ...transactionBase,
      description: z.string(),
      companyName: z.string(),
      counterpartyRoutingNumber: z.string(),
    }),
    relationships: z.looseObject({ account: accountRelationship }),
  }),
  z.looseObject({
    type: z.literal('returnedAchTransaction'),
    id: identifier,
    attributes: z.looseObject({
      ...transactionBase,
      companyName: z.string(),
      counterpartyName: z.string(),
      counterpartyRoutingNumber: z.string(),
      reason: z.string(),
    }),
    relationships: z.looseObject({ account: accountRelationship, payment: paymentRelationship }),
  }),
  z.looseObject({
    type: z.literal('bookTransaction'),
    id: identifier,
    attributes: z.looseObject({ ...transactionBase, counterparty: paymentCounterparty }),
    relationships: z.looseObject({
      account: accountRelationship,
      counterpartyAccount: accountRelationship,
      counterpartyCustomer: customerRelationship,
    }),
  }),
  z.looseObject({
    type: z.literal('purchaseTransaction'),
    id: identifier,
    attributes: z.looseObject({
      ...transactionBase,
      cardLast4Digits: z.string(),
      merchant,
      recurring: z.boolean(),
      ecommerce: z.boolean(),
      cardPresent: z.boolean(),
    }),
    relationships: z.looseObject({
      account: accountRelationship,
      card: relationship(),
      authorization: z.looseObject({ data: z.looseObject({ type: z.string(), id: identifier }) }),
    }),
  }),
  z.looseObject({
    type: z.literal('atmTransaction'),
    id: identifier,
    attributes: z.looseObject({
      ...transactionBase,
      cardLast4Digits: z.string(),
      atmName: z.string(),
      surcharge: cents,
      internationalServiceFee: cents.nullable().optional(),
    }),
    relationships: z.looseObject({ account: accountRelationship, card: relationship() }),
  }),
  z.looseObject({
    type: z.enum(OTHER_TRANSACTION_TYPES),
    id: identifier,
    attributes: z.looseObject(transactionBase),
    relationships: z.looseObject({ account: accountRelationship }),
  }),
]);

// card/card.json: IndividualDebitCard, IndividualVirtualDebitCard (CardRelationships: account).
const cardAttributes = {
  createdAt: dateTime,
  last4Digits: z.string().regex(/^\d{4}$/),
  expirationDate: z.string().regex(/^\d{4}-(1[012]|0[1-9])$/),
};
const cardRelationships = z.looseObject({
  account: accountRelationship,
  customer: customerRelationship.optional(),
});
const cardStatus = [
  'Active',
  'Inactive',
  'Stolen',
  'Lost',
  'Frozen',
  'ClosedByCustomer',
  'Unknown',
  'SuspectedFraud',
] as const;
export const unitCard = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('individualDebitCard'),
    id: identifier,
    attributes: z.looseObject({
      ...cardAttributes,
      status: z.enum([...cardStatus, 'ActiveForOnlineUse']),
    }),
    relationships: cardRelationships,
  }),
  z.looseObject({
    type: z.literal('individualVirtualDebitCard'),
    id: identifier,
    attributes: z.looseObject({ ...cardAttributes, status: z.enum(cardStatus) }),
    relationships: cardRelationships,
  }),
]);

// authorization/authorization.json: Authorization (AuthorizationRelationships: account, card).
export const unitAuthorization = z.looseObject({
  type: z.literal('authorization'),
  id: identifier,
  attributes: z.looseObject({
    createdAt: dateTime,
    amount: cents,
    cardLast4Digits: z.string(),
    merchant,
    recurring: z.boolean(),
    status: z.string(),
  }),
  relationships: z.looseObject({ account: accountRelationship, card: relationship() }),
});

// Unit's secure-data answers (documented at docs.unit.co, not in the OpenAPI file).
export const unitCardSecret = (field: 'pan' | 'cvv') =>
  z.looseObject({ type: z.string(), attributes: z.looseObject({ [field]: z.string().min(1) }) });

// payment/receivedPayment.json: ReceivedPayment (an incoming ACH: direct deposit and the like).
// Unit spells the advance flag both `isAdvanceable` and `isAdvaceable`; both are read.
export const receivedPaymentStatus = z.enum([
  'Pending',
  'Advanced',
  'PendingReview',
  'MarkedForReturn',
  'Returned',
  'Completed',
]);
/** relationships.json: a transaction the received payment made (`type` defaults to transaction). */
const transactionOf = z.looseObject({
  data: z.looseObject({ type: z.string(), id: identifier }),
});
export const unitReceivedPayment = z.strictObject({
  type: z.literal('achReceivedPayment'),
  id: identifier,
  attributes: z.looseObject({
    createdAt: dateTime,
    status: receivedPaymentStatus,
    amount: z.number().int().min(1),
    completionDate: z.string(),
    direction,
    wasAdvanced: z.boolean(),
    isAdvanceable: z.boolean().optional(),
    isAdvaceable: z.boolean().optional(),
    companyName: z.string(),
    counterpartyRoutingNumber: z.string(),
    description: z.string(),
    traceNumber: z.string(),
    secCode: z.string().length(3),
    returnReason: z.string().optional(),
    tags: tags.optional(),
  }),
  relationships: z.looseObject({
    account: accountRelationship,
    customer: customerRelationship,
    receivePaymentTransaction: transactionOf.optional(),
    paymentAdvanceTransaction: transactionOf.optional(),
    repayPaymentAdvanceTransaction: transactionOf.optional(),
  }),
});

// check/checkDeposit.json: CheckDeposit, CheckDepositStatus, StatusEvent.
export const checkDepositStatus = z.enum([
  'AwaitingImages',
  'AwaitingFrontImage',
  'AwaitingBackImage',
  'AwaitingCustomerConfirmation',
  'Pending',
  'PendingReview',
  'Rejected',
  'Clearing',
  'Sent',
  'Canceled',
  'Returned',
]);
export const unitCheckDeposit = z.strictObject({
  type: z.literal('checkDeposit'),
  id: identifier,
  attributes: z.strictObject({
    createdAt: dateTime,
    settlementDate: z.iso.date().optional(),
    amount: z.number().int().min(1),
    description: z.string().min(1).max(50),
    status: checkDepositStatus,
    reason: z.string().nullable().optional(),
    statusCreatedAt: dateTime.optional(),
    statusSetBy: z.string().optional(),
    statusHistory: z
      .array(
        z.looseObject({
          updatedAt: z.string().optional(),
          updatedBy: identifier.optional(),
          status: z.looseObject({ type: checkDepositStatus.optional() }),
        }),
      )
      .optional(),
    reasonText: z.string().optional(),
    checkNumber: z.string().optional(),
    vendor: z.string().optional(),
    counterparty: z
      .strictObject({
        routingNumber: z.string().regex(/^\d{9}$/),
        accountNumber: z.string().max(17),
        name: z.string().min(1).max(250),
      })
      .optional(),
    tags: tags.optional(),
  }),
  relationships: z.looseObject({
    account: accountRelationship,
    customer: customerRelationship.optional(),
    org: relationship().optional(),
    transaction: z
      .looseObject({ data: z.looseObject({ type: z.literal('transaction'), id: identifier }) })
      .optional(),
  }),
});

// check/checkPayment.json: CheckPayment (the statuses as checkPaymentPaths.json's list filter and
// the SDK's CheckPaymentStatus name them; the resource's own enum lists only the incoming ones).
export const checkPaymentStatus = z.enum([
  'New',
  'Pending',
  'PendingCancellation',
  'Canceled',
  'Rejected',
  'InProduction',
  'InDelivery',
  'Delivered',
  'ReturnedToSender',
  'PendingReview',
  'Processed',
  'MarkedForReturn',
  'Returned',
]);
const checkPaymentAddress = z.looseObject({
  street: z.string().min(1),
  street2: z.string().optional(),
  city: z.string().min(1),
  state: z.string().min(1),
  postalCode: z.string().min(1),
  country: z.string().optional(),
});
export const unitCheckPayment = z.strictObject({
  type: z.literal('checkPayment'),
  id: identifier,
  attributes: z.strictObject({
    createdAt: dateTime,
    updatedAt: dateTime,
    amount: z.number().int().min(1),
    returnCutoffTime: dateTime.optional(),
    status: checkPaymentStatus,
    memo: z.string().optional(),
    deliveryStatus: z
      .enum(['Mailed', 'InLocalArea', 'Delivered', 'Rerouted', 'ReturnedToSender'])
      .optional(),
    sendAt: dateTime.optional(),
    counterparty: z
      .strictObject({
        name: z.string().optional(),
        address: checkPaymentAddress.optional(),
        counterpartyMoved: z.boolean().optional(),
      })
      .optional(),
    trackedAt: dateTime.optional(),
    postalCode: z.string().optional(),
    expectedDelivery: z.iso.date().optional(),
    originated: z.boolean(),
    expirationDate: z.iso.date().optional(),
    rejectReason: z.string().optional(),
    tags: tags.optional(),
    description: z.string().optional(),
    returnReason: z.string().optional(),
    pendingReviewReasons: z.array(z.string()).optional(),
    checkNumber: z.string().optional(),
    onUsAuxiliary: z.string().optional(),
    onUs: z.string().optional(),
    counterpartyRoutingNumber: z.string().optional(),
    additionalVerificationStatus: z.enum(['Required', 'NotRequired', 'Approved']).optional(),
  }),
  relationships: z.looseObject({
    account: accountRelationship,
    customer: customerRelationship.optional(),
    transaction: z
      .looseObject({ data: z.looseObject({ type: z.literal('transaction'), id: identifier }) })
      .optional(),
  }),
});

/**
 * types.json UnitError (the items), inside JSON:API's `errors` member as Unit's documentation and
 * SDK read it (the spec's DefaultError names the bare array).
 */
export const unitErrorDocument = z.looseObject({
  errors: z
    .array(
      z.looseObject({
        status: z.string(),
        title: z.string(),
        code: z.string().optional(),
        detail: z.string().optional(),
      }),
    )
    .min(1),
});

// dispute/dispute.json: Dispute (additionalProperties false), its statuses as the SDK types them.
export const disputeStatus = z.enum([
  'InvestigationStarted',
  'ProvisionallyCredited',
  'Denied',
  'ResolvedLost',
  'ResolvedWon',
]);
export const unitDispute = z.strictObject({
  type: z.literal('dispute'),
  id: identifier,
  attributes: z.strictObject({
    source: z.enum(['DebitCard', 'ACH']),
    externalId: z.string().max(255),
    link: z.string().optional(),
    description: z.string(),
    amount: z.number().int(),
    status: disputeStatus,
    statusHistory: z.array(z.strictObject({ type: z.string(), updatedAt: dateTime })).optional(),
    createdAt: dateTime,
    decisionReason: z.string().optional(),
  }),
  relationships: z.looseObject({
    customer: customerRelationship,
    account: accountRelationship,
    transaction: relationship(),
  }),
});

/**
 * Every Unit endpoint the client reads an answer from, with the status Unit documents and the
 * schema of that answer: the client checks both, and the fake's test checks every answer the fake
 * gave against this table (an answer no row covers fails that test).
 */
// types.json Address and Coordinates, as the store and ATM locations carry them.
const unitAddress = z.looseObject({
  street: z.string(),
  street2: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
const unitCoordinates = z.looseObject({ longitude: z.number(), latitude: z.number() });

// cash-deposit/storeLocation.json: StoreLocation (no id; attributes additionalProperties: false).
export const unitStoreLocation = z.looseObject({
  type: z.literal('storeLocation'),
  attributes: z.strictObject({
    storeId: z.string().min(1),
    retailerName: z.string(),
    phone: z.string(),
    address: unitAddress,
    coordinates: unitCoordinates,
    distance: z.number().min(0),
  }),
});

// cash-deposit/cashDepositBarcode.json: CashDepositBarcode (relationships: account, customer).
export const unitCashDepositBarcode = z.looseObject({
  type: z.literal('cashDepositBarcode'),
  attributes: z.looseObject({
    barcodeNumber: z.string().min(1),
    expiration: dateTime,
    tags: tags.optional(),
  }),
  relationships: z.looseObject({ account: accountRelationship, customer: customerRelationship }),
});

// atm/atmLocation.json: AtmLocation (additionalProperties: false on the resource).
export const unitAtmLocation = z.strictObject({
  type: z.literal('atmLocation'),
  attributes: z.looseObject({
    network: z.string(),
    locationName: z.string(),
    coordinates: unitCoordinates,
    address: unitAddress,
    distance: z.number().min(0),
    surchargeFree: z.boolean(),
    acceptDeposits: z.boolean(),
  }),
});

export const UNIT_ANSWERS = {
  createApplication: answer('POST', /^\/applications$/, 201, unitDocument(unitApplication)),
  getApplication: answer('GET', /^\/applications\/[^/]+$/, 200, unitDocument(unitApplication)),
  createAccount: answer('POST', /^\/accounts$/, 201, unitDocument(unitDepositAccount)),
  getAccount: answer('GET', /^\/accounts\/[^/]+$/, 200, unitDocument(unitDepositAccount)),
  // account/accountPaths.json closeAccount: 200, the account (status Closed).
  closeAccount: answer('POST', /^\/accounts\/[^/]+\/close$/, 200, unitDocument(unitDepositAccount)),
  createPayment: answer('POST', /^\/payments$/, 201, unitDocument(unitPayment)),
  getPayment: answer('GET', /^\/payments\/[^/]+$/, 200, unitDocument(unitPayment)),
  listPayments: answer('GET', /^\/payments$/, 200, unitList(unitPayment)),
  // Unit's sandbox "receive an ACH payment" (docs.unit.co simulations): the payment it made.
  simulateIncomingAch: answer('POST', /^\/sandbox\/payments$/, 201, unitDocument(unitPayment)),
  createCounterparty: answer('POST', /^\/counterparties$/, 201, unitDocument(unitCounterparty)),
  createCustomerToken: answer(
    'POST',
    /^\/customers\/[^/]+\/token$/,
    201,
    unitDocument(unitCustomerToken),
  ),
  createCustomerTokenVerification: answer(
    'POST',
    /^\/customers\/[^/]+\/token\/verification$/,
    201,
    unitDocument(unitCustomerTokenVerification),
  ),
  listTransactions: answer('GET', /^\/transactions$/, 200, unitList(unitTransaction)),
  getTransaction: answer(
    'GET',
    /^\/accounts\/[^/]+\/transactions\/[^/]+$/,
    200,
    unitDocument(unitTransaction),
  ),
  getAuthorization: answer(
    'GET',
    /^\/authorizations\/[^/]+$/,
    200,
    unitDocument(unitAuthorization),
  ),
  createCard: answer('POST', /^\/cards$/, 201, unitDocument(unitCard)),
  updateCard: answer('PATCH', /^\/cards\/[^/]+$/, 200, unitDocument(unitCard)),
  cardAction: answer(
    'POST',
    /^\/cards\/[^/]+\/(freeze|unfreeze|report-lost|report-stolen|close)$/,
    200,
    unitDocument(unitCard),
  ),
  cardPan: answer(
    'GET',
    /^\/cards\/[^/]+\/secure-data\/pan$/,
    200,
    unitDocument(unitCardSecret('pan')),
  ),
  cardCvv: answer(
    'GET',
    /^\/cards\/[^/]+\/secure-data\/cvv$/,
    200,
    unitDocument(unitCardSecret('cvv')),
  ),
  setCardPin: answer('PUT', /^\/cards\/[^/]+\/secure-data\/pin$/, 200, z.unknown()),
  // simulation/simulationPaths.json activateCard: 201 (the card, as docs.unit.co shows it).
  activateCard: answer('POST', /^\/sandbox\/cards\/[^/]+\/activate$/, 201, unitDocument(unitCard)),
  // card/cardPaths.json getCard: read back on Unit's card.activated event.
  getCard: answer('GET', /^\/cards\/[^/]+$/, 200, unitDocument(unitCard)),
  // statement/statementPaths.json getStatementPdf: a PDF, not JSON.
  // payment/paymentsPaths.json: listReceivedPayments, receivedPayments, advanceReceivedPayment.
  listReceivedPayments: answer('GET', /^\/received-payments$/, 200, unitList(unitReceivedPayment)),
  getReceivedPayment: answer(
    'GET',
    /^\/received-payments\/[^/]+$/,
    200,
    unitDocument(unitReceivedPayment),
  ),
  advanceReceivedPayment: answer(
    'POST',
    /^\/received-payments\/[^/]+\/advance$/,
    200,
    unitDocument(unitReceivedPayment),
  ),
  // simulation/simulationPaths.json receivedPaymentTransaction: 201, the received payment.
  simulateReceivedAch: answer(
    'POST',
    /^\/sandbox\/received-payments$/,
    201,
    unitDocument(unitReceivedPayment),
  ),
  // The SDK's simulations.completeAchReceivedPayment (not in the OpenAPI file; docs/unit-money-in.md).
  completeReceivedPayment: answer(
    'POST',
    /^\/sandbox\/received-payments\/[^/]+\/complete$/,
    200,
    unitDocument(unitReceivedPayment),
  ),
  // The fake's own return of a received payment (docs/unit-money-in.md, open points).
  returnReceivedPayment: answer(
    'POST',
    /^\/sandbox\/received-payments\/[^/]+\/return$/,
    200,
    unitDocument(unitReceivedPayment),
  ),
  // check/checkDepositPaths.json: checkDeposits, checkDeposit, confirmCheckDeposit; the image
  // upload as the SDK's checkDeposits.upload sends it (PUT …/front|back, 200).
  createCheckDeposit: answer('POST', /^\/check-deposits$/, 201, unitDocument(unitCheckDeposit)),
  getCheckDeposit: answer('GET', /^\/check-deposits\/[^/]+$/, 200, unitDocument(unitCheckDeposit)),
  listCheckDeposits: answer('GET', /^\/check-deposits$/, 200, unitList(unitCheckDeposit)),
  uploadCheckDepositImage: answer(
    'PUT',
    /^\/check-deposits\/[^/]+\/(front|back)$/,
    200,
    unitDocument(unitCheckDeposit),
  ),
  confirmCheckDeposit: answer(
    'POST',
    /^\/check-deposits\/[^/]+\/confirm$/,
    200,
    unitDocument(unitCheckDeposit),
  ),
  // docs.unit.co check-deposits simulations: approve, transmit, clear (the deposit, 200).
  moveCheckDepositInSandbox: answer(
    'POST',
    /^\/sandbox\/check-deposits\/[^/]+\/(approve|transmit|clear)$/,
    200,
    unitDocument(unitCheckDeposit),
  ),
  // cash-deposit/cashDepositPaths.json: generateBarcode (201), listCashDepositStoreLocations.
  generateCashDepositBarcode: answer(
    'POST',
    /^\/cash-deposits\/barcodes$/,
    201,
    unitDocument(unitCashDepositBarcode),
  ),
  listStoreLocations: answer('GET', /^\/store-locations$/, 200, unitList(unitStoreLocation)),
  // atm/atmLocationPaths.json: listAtmLocations (a list document, as the SDK reads it).
  listAtmLocations: answer('GET', /^\/atm-locations$/, 200, unitList(unitAtmLocation)),
  // The fake's own cash payment at a store's register (docs/unit-cash-and-atms.md): the
  // cashDepositTransaction it booked.
  simulateCashDeposit: answer(
    'POST',
    /^\/sandbox\/cash-deposits$/,
    201,
    unitDocument(unitTransaction),
  ),
  // dispute/disputePaths.json listDisputes, getDispute; docs.unit.co's sandbox "Create Dispute"
  // (POST /sandbox/disputes, not in the OpenAPI file) and the fake's own status move
  // (docs/card-disputes.md).
  listDisputes: answer('GET', /^\/disputes$/, 200, unitList(unitDispute)),
  getDispute: answer('GET', /^\/disputes\/[^/]+$/, 200, unitDocument(unitDispute)),
  createDisputeInSandbox: answer('POST', /^\/sandbox\/disputes$/, 201, unitDocument(unitDispute)),
  moveDisputeInSandbox: answer(
    'POST',
    /^\/sandbox\/disputes\/[^/]+\/status$/,
    200,
    unitDocument(unitDispute),
  ),
  // check/checkPaymentPaths.json: checkPayments (create 201, list), checkPayment, and
  // checkPaymentCancel (200, the check payment).
  createCheckPayment: answer('POST', /^\/check-payments$/, 201, unitDocument(unitCheckPayment)),
  getCheckPayment: answer('GET', /^\/check-payments\/[^/]+$/, 200, unitDocument(unitCheckPayment)),
  listCheckPayments: answer('GET', /^\/check-payments$/, 200, unitList(unitCheckPayment)),
  cancelCheckPayment: answer(
    'POST',
    /^\/check-payments\/[^/]+\/cancel$/,
    200,
    unitDocument(unitCheckPayment),
  ),
  // The fake's sandbox steps of a mailed check (docs/bill-pay.md): the check payment, 200.
  moveCheckPaymentInSandbox: answer(
    'POST',
    /^\/sandbox\/check-payments\/[^/]+\/(print|mail|deliver|process|return|return-to-sender)$/,
    200,
    unitDocument(unitCheckPayment),
  ),
};

function answer<S extends z.ZodType | null>(
  method: string,
  path: RegExp,
  status: number,
  schema: S,
) {
  return { method, path, status, schema };
}
