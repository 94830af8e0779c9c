import type { Quote } from '@pago/shared/contracts/transfers';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * The quote a send home is confirmed on, shown as every international send shows it: the
 * transfers feature's review (fee, rate, what arrives, the countdown of the held rate). Web
 * features do not import each other, so the app shell fills this slot (app/feature-slots.tsx).
 */
export type QuoteReviewSlot = ComponentType<{
  quote: Quote;
  /** E.164 */
  recipient: string;
  sending: boolean;
  requoting: boolean;
  onConfirm(): void;
  onRequote(): void;
  onEdit(): void;
  /** What the review shows instead of its own rows: a remittance's disclosure, under `title`. */
  details?: ReactNode;
  title?: string;
}>;

const Unfilled: QuoteReviewSlot = () => {
  throw new Error('The send-home flow needs the app shell’s quote review (app/feature-slots.tsx).');
};
const QuoteReviewContext = createContext<QuoteReviewSlot>(Unfilled);

export const QuoteReviewProvider = QuoteReviewContext.Provider;

export function useQuoteReview(): QuoteReviewSlot {
  return useContext(QuoteReviewContext);
}
