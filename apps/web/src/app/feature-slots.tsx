import { type ReactNode, Suspense } from 'react';
import {
  type TransferActions,
  TransferActionsProvider,
} from '@/features/activity/lib/transfer-actions';
import { SendHomeLinks } from '@/features/remittances/components/send-home-links';
import { QuoteReviewProvider } from '@/features/remittances/lib/quote-review-slot';
import { QuoteReview } from '@/features/transfers/components/quote-review';

/**
 * A remittance's links in the activity. They load their feature's words themselves: until then
 * they show nothing, rather than suspend the page that shows the activity.
 */
const RemittanceActions: TransferActions = (props) => (
  <Suspense fallback={null}>
    <SendHomeLinks {...props} />
  </Suspense>
);

/**
 * Where one feature shows another's pieces. Web features never import each other; the app shell
 * composes them here: a sent remittance in the activity (its row and its receipt) links to
 * sending it again and to its tracking page, both the remittances feature's; a send home is
 * confirmed on the transfers feature's quote review, as every international send is.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <TransferActionsProvider value={RemittanceActions}>
      <QuoteReviewProvider value={QuoteReview}>{children}</QuoteReviewProvider>
    </TransferActionsProvider>
  );
}
