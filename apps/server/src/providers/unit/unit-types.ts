import type { VendorLog } from '../vendor-answer';

/* What the Unit client (unit-client.ts) takes and gives. */

export type UnitSettings = {
  /** https://api.s.unit.sh or https://api.unit.co, or our fake. Read per call (the fake's port). */
  baseUrl: () => string;
  token: string;
  timeoutMs?: number;
  /** Where an answer that breaks Unit's published description is reported. */
  log?: VendorLog;
};

export type UnitApplication = {
  id: string;
  status: string;
  customerId: string | null;
  decisionReason: string | null;
};
export type UnitAccount = {
  id: string;
  customerId: string;
  accountNumber: string;
  routingNumber: string;
  /** Cents. */
  balance: number;
  available: number;
  hold: number;
  status: string;
};
export type UnitPayment = {
  id: string;
  type: 'bookPayment' | 'achPayment';
  status: string;
  reason: string | null;
  amount: number;
  direction: string;
  accountId: string;
  createdAt: string;
};
export type UnitTransaction = {
  id: string;
  type: string;
  accountId: string;
  paymentId: string | null;
  amount: number;
  direction: 'Credit' | 'Debit';
  balance: number;
  summary: string;
  createdAt: string;
  /** A card transaction's authorization (purchase, ATM): what it clears or refunds. */
  authorizationId: string | null;
};
/** A card authorization at Unit (`GET /authorizations/{id}`). */
export type UnitAuthorization = {
  id: string;
  /** Authorized | Completed | Canceled | Declined. */
  status: string;
  amount: number;
  accountId: string;
  cardId: string;
};
/** A debit card at Unit: never its full number here, only what `GET /cards/{id}` shows. */
export type UnitCard = {
  id: string;
  type: 'individualDebitCard' | 'individualVirtualDebitCard';
  status: string;
  last4: string;
  /** "YYYY-MM". */
  expirationDate: string;
  accountId: string;
};
/** Unit's `Address` of a card's shipping. */
export type UnitAddress = {
  street: string;
  street2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: 'US';
};
export type UnitCounterparty = {
  id: string;
  customerId: string;
  name: string;
  accountLast4: string;
};

/** The person an individual application is for, as Pago knows them once identity is verified. */
export type UnitApplicant = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone: { countryCode: string; number: string };
  address: {
    street: string;
    street2?: string;
    city: string;
    state: string;
    postalCode: string;
    country: 'US';
  };
  idempotencyKey: string;
  /** Our user id, kept by Unit as a tag so its records point back to ours. */
  userId: string;
};

/** Pago itself as Unit's business customer: the company that holds the omnibus (FBO) account. */
export type UnitBusinessApplicant = {
  name: string;
  ein: string;
  stateOfIncorporation: string;
  address: UnitApplicant['address'];
  phone: UnitApplicant['phone'];
  /** Contact, officer and sole beneficial owner (one person in sandbox mode). */
  officer: {
    firstName: string;
    lastName: string;
    email: string;
    dateOfBirth: string;
    ssn: string;
  };
  idempotencyKey: string;
};

/** An incoming ACH at Unit (direct deposit and the like): payment/receivedPayment.json. */
export type UnitReceivedPayment = {
  id: string;
  status: 'Pending' | 'Advanced' | 'PendingReview' | 'MarkedForReturn' | 'Returned' | 'Completed';
  amount: number;
  direction: 'Credit' | 'Debit';
  /** The day Unit completes it (YYYY-MM-DD). */
  completionDate: string;
  companyName: string;
  description: string;
  secCode: string;
  traceNumber: string;
  wasAdvanced: boolean;
  isAdvanceable: boolean;
  returnReason: string | null;
  accountId: string;
  customerId: string;
  createdAt: string;
};

/** A mobile check deposit at Unit: check/checkDeposit.json. */
export type UnitCheckDeposit = {
  id: string;
  status:
    | 'AwaitingImages'
    | 'AwaitingFrontImage'
    | 'AwaitingBackImage'
    | 'AwaitingCustomerConfirmation'
    | 'Pending'
    | 'PendingReview'
    | 'Rejected'
    | 'Clearing'
    | 'Sent'
    | 'Canceled'
    | 'Returned';
  amount: number;
  description: string;
  reason: string | null;
  settlementDate: string | null;
  accountId: string;
  customerId: string | null;
  transactionId: string | null;
  createdAt: string;
};

/** A place at Unit: its street address and where it is. */
export type UnitPlace = {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Miles from where the search was made. */
  distance: number;
};
/** A store that takes cash deposits with a barcode (Unit's storeLocation). */
export type UnitStoreLocation = UnitPlace & {
  storeId: string;
  retailerName: string;
  phone: string;
};
/** A customer's barcode for one store (Unit's cashDepositBarcode). */
export type UnitCashBarcode = {
  barcodeNumber: string;
  expiration: string;
  accountId: string;
  customerId: string;
};
/** An ATM near a place (Unit's atmLocation). */
export type UnitAtmLocation = UnitPlace & {
  network: string;
  locationName: string;
  surchargeFree: boolean;
  acceptDeposits: boolean;
};
/** A check payment (check/checkPayment.json): a check printed and mailed from an account. */
export type UnitCheckPayment = {
  id: string;
  status:
    | 'New'
    | 'Pending'
    | 'PendingCancellation'
    | 'Canceled'
    | 'Rejected'
    | 'InProduction'
    | 'InDelivery'
    | 'Delivered'
    | 'ReturnedToSender'
    | 'PendingReview'
    | 'Processed'
    | 'MarkedForReturn'
    | 'Returned';
  amount: number;
  description: string | null;
  memo: string | null;
  deliveryStatus: string | null;
  expectedDelivery: string | null;
  rejectReason: string | null;
  returnReason: string | null;
  checkNumber: string | null;
  accountId: string;
  createdAt: string;
};

/** A check payment's payee: its name and U.S. mailing address (types.json Address). */
export type UnitCheckPayee = {
  name: string;
  address: { street: string; city: string; state: string; postalCode: string };
};
