/**
 * The bill categories of spec §2, in display order. Each has one or more bill types; the web app
 * labels them through i18n keys of the same ids, and the server's biller catalog uses these ids.
 */
export const BILL_CATEGORIES = [
  { id: 'utilities', billTypes: ['electricity', 'water', 'internet', 'gas'] },
  { id: 'housing', billTypes: ['mortgage', 'rent'] },
  { id: 'auto_loan', billTypes: ['auto_loan'] },
  { id: 'bike_loan', billTypes: ['bike_loan'] },
  { id: 'insurance', billTypes: ['insurance'] },
] as const;

export type BillCategory = (typeof BILL_CATEGORIES)[number];
export type BillType = BillCategory['billTypes'][number];
