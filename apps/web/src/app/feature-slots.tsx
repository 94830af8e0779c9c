import { lazy, type ReactNode, Suspense } from 'react';
import {
  type TransferActions,
  TransferActionsProvider,
} from '@/features/activity/lib/transfer-actions';
import {
  QuoteReviewProvider,
  type QuoteReviewSlot,
} from '@/features/remittances/lib/quote-review-slot';
import {
  RemittanceDisclosureProvider,
  type RemittanceDisclosureSlot,
} from '@/features/transfers/lib/disclosure-slot';
import { MissingDetailProvider, type MissingDetailSlot } from '@/lib/missing-details';
import { RecipientExtrasProvider, type RecipientExtrasSlot } from '@/lib/recipient-extras';

// Loaded when first shown: the slots wrap every page, the landing page too, whose first load
// carries none of these features' code (docs/benchmarks.md: the landing page's initial JS).
const SendHomeLinks = lazy(() =>
  import('@/features/remittances/components/send-home-links').then((m) => ({
    default: m.SendHomeLinks,
  })),
);
const DisputeAction = lazy(() =>
  import('@/features/card-disputes/components/dispute-action').then((m) => ({
    default: m.DisputeAction,
  })),
);
const LazyQuoteReview = lazy(() =>
  import('@/features/transfers/components/quote-review').then((m) => ({
    default: m.QuoteReview,
  })),
);

/**
 * The remittances feature's disclosure, for the transfers feature's review of a send to a phone
 * abroad. It suspends while its code and words load; the review waits for it before offering
 * to confirm, since the rule wants the disclosure seen before paying.
 */
const RemittanceDisclosure: RemittanceDisclosureSlot = lazy(() =>
  import('@/features/remittances/components/remittance-disclosure').then((m) => ({
    default: m.Disclosure,
  })),
);

/** The transfers feature's quote review, shown once its code has loaded. */
const QuoteReview: QuoteReviewSlot = (props) => (
  <Suspense fallback={null}>
    <LazyQuoteReview {...props} />
  </Suspense>
);

/**
 * A remittance's links in the activity. They load their feature's words themselves: until then
 * they show nothing, rather than suspend the page that shows the activity.
 */
const RemittanceActions: TransferActions = (props) => (
  <Suspense fallback={null}>
    <SendHomeLinks {...props} />
    <DisputeAction {...props} />
  </Suspense>
);

const LazyMissingDetailStep = lazy(() =>
  import('./missing-detail-step').then((m) => ({ default: m.MissingDetailStep })),
);

/** The home address or phone a money flow needs, asked in place (app/missing-detail-step.tsx). */
const MissingDetail: MissingDetailSlot = (props) => (
  <Suspense fallback={null}>
    <LazyMissingDetailStep {...props} />
  </Suspense>
);

const LazyPidemeSection = lazy(() =>
  import('@/features/pideme/components/pideme-section').then((m) => ({
    default: m.PidemeSection,
  })),
);

/** On a saved recipient: the pideme feature's link for them ("Pídeme"). */
const RecipientExtras: RecipientExtrasSlot = (props) => (
  <Suspense fallback={null}>
    <LazyPidemeSection {...props} />
  </Suspense>
);

/**
 * Where one feature shows another's pieces. Web features never import each other; the app shell
 * composes them here: a sent remittance in the activity (its row and its receipt) links to
 * sending it again and to its tracking page, both the remittances feature's; a card charge's
 * receipt offers the card disputes feature's "Dispute this charge"; a send home is
 * confirmed on the transfers feature's quote review, as every international send is; and that
 * review shows a remittance's disclosure with the remittances feature's own component; and a
 * money flow missing the home address or phone asks for it with the accounts and phone features'
 * forms.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <TransferActionsProvider value={RemittanceActions}>
      <QuoteReviewProvider value={QuoteReview}>
        <RemittanceDisclosureProvider value={RemittanceDisclosure}>
          <MissingDetailProvider value={MissingDetail}>
            <RecipientExtrasProvider value={RecipientExtras}>{children}</RecipientExtrasProvider>
          </MissingDetailProvider>
        </RemittanceDisclosureProvider>
      </QuoteReviewProvider>
    </TransferActionsProvider>
  );
}
