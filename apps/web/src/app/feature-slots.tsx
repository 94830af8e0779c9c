import type { ReactNode } from 'react';
import { TransferActionsProvider } from '@/features/activity/lib/transfer-actions';
import { SendHomeLinks } from '@/features/remittances/components/send-home-links';
import { QuoteReviewProvider } from '@/features/remittances/lib/quote-review-slot';
import { QuoteReview } from '@/features/transfers/components/quote-review';

/**
 * Where one feature shows another's pieces. Web features never import each other; the app shell
 * composes them here: a sent remittance in the activity (its row and its receipt) links to
 * sending it again and to its tracking page, both the remittances feature's; a send home is
 * confirmed on the transfers feature's quote review, as every international send is.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <TransferActionsProvider value={SendHomeLinks}>
      <QuoteReviewProvider value={QuoteReview}>{children}</QuoteReviewProvider>
    </TransferActionsProvider>
  );
}
