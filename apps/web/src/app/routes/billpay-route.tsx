import { ReceiptDialog } from '@/features/activity/components/receipt-dialog';
import BillPayPage from '@/features/billpay/routes/billpay-page';

/** /billpay: the bill-pay page, whose payments open the activity's receipt (features meet here). */
export default function BillPayRoute() {
  return <BillPayPage Receipt={ReceiptDialog} />;
}
