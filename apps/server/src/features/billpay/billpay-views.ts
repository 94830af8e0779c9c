import { addBankingDays, onOrAfterBankingDay } from '@pago/shared/bill-dates';
import type { Biller, BillPaymentView, BillSchedule } from '@pago/shared/contracts/billpay';
import { receiptReference } from '../activity/receipt-reference';
import type { BillerRow, BillPaymentRow, ScheduleRow } from './billpay.repository';

/** Banking days from the payment date until the biller has it: an ACH credit, a mailed check. */
export const DELIVERY_DAYS = { ach: 2, check: 6 } as const;

export const masked = (account: string) => `••••${account.slice(-4)}`;

export const toBiller = (row: BillerRow): Biller => ({
  id: row.id,
  name: row.name,
  paymentType: row.bill_type,
  category: row.category,
  method: row.method,
  deliveryDays: DELIVERY_DAYS[row.method],
});

/** A payment as its owner sees it: statuses, whether it can be canceled, when it arrives. */
export function paymentView(row: BillPaymentRow): BillPaymentView {
  const cancelable =
    row.method === 'check' &&
    row.status === 'processing' &&
    ['New', 'Pending'].includes(row.partner_status ?? 'New');
  return {
    id: row.id,
    billerId: row.biller_id,
    billerName: row.biller_name,
    method: row.method,
    amountCents: Number(row.amount_cents ?? 0),
    payDate: row.pay_date,
    status: row.status,
    partnerStatus: row.partner_status,
    reason: row.reason,
    transferId: row.transfer_id,
    // The receipt's reference, as every other payment's (the receipt opens by it).
    reference: row.transfer_id ? receiptReference(row.transfer_id) : null,
    cancelable,
    underReview: row.status === 'processing' && row.under_review,
    expectedBy: addBankingDays(onOrAfterBankingDay(row.pay_date), DELIVERY_DAYS[row.method]),
  };
}

export function scheduleView(row: ScheduleRow): BillSchedule {
  return {
    id: row.id,
    billerId: row.biller_id as string,
    billerName: row.biller_name,
    method: row.method,
    paymentType: row.bill_type as string,
    accountAtBiller: masked(row.account_at_biller as string),
    amountCents: Number(row.amount_cents),
    memo: row.memo,
    repeat: row.frequency === 'monthly' ? 'monthly' : 'once',
    dayOfMonth: row.day_of_month,
    nextDate: row.next_date,
    // A bill's schedule is never paused (bill pay offers no pause).
    status: row.status === 'paused' ? 'active' : row.status,
    createdAt: row.created_at.toISOString(),
  };
}
