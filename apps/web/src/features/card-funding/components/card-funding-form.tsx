import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import {
  CARD_FUNDING_LIMITS,
  type CardFunding,
  type CardFundingConfig,
  type CardFundingQuote,
} from '@pago/shared/contracts/card-funding';
import { type Cents, cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/format';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { quoteCardFunding, useCardTopUp } from '../api/card-funding';
import { loadStripe, type StripeCardElement, type StripeInstance } from '../api/stripe-js';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};
export const brandName = (brand: string) => BRANDS[brand] ?? brand;

type Review = { paymentMethodId: string; quote: CardFundingQuote };

/** A decline's reason in the user's words (Stripe's decline code), never Stripe's English. */
export function declineKey(code: string | null | undefined): string {
  const known = [
    'generic_decline',
    'insufficient_funds',
    'payment_intent_authentication_failure',
    'expired_card',
    'incorrect_cvc',
    'lost_card',
    'stolen_card',
    'processing_error',
    'test_mode_live_card',
  ];
  return `declines.${code && known.includes(code) ? code : 'default'}`;
}

/**
 * Adding money with a card: the amount and Stripe.js's card element, then the review with the
 * exact fee for this card (debit or credit named), the total charged and "available instantly",
 * then the charge; 3-D Secure sends the browser to the bank's page and back to this page.
 */
export function CardFundingForm({
  config,
  onDone,
}: {
  config: CardFundingConfig;
  onDone(funding: CardFunding): void;
}) {
  const { t } = useTranslation('cardfunding');
  const locale = useLocale();
  const usd = (amount: Cents) => formatUsd(amount, locale);
  const topUp = useCardTopUp();
  const verified = useVerifiedAction();
  const [amount, setAmount] = useState('');
  const [review, setReview] = useState<Review | null>(null);
  const [checking, setChecking] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [feedback, setFeedback] = useFeedback();
  const [stripe, setStripe] = useState<{ stripe: StripeInstance; card: StripeCardElement } | null>(
    null,
  );
  const [loadFailed, setLoadFailed] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const ids = { amount: useId(), card: useId() };

  useEffect(() => {
    const { stripeJsUrl, publishableKey } = config;
    if (!stripeJsUrl || !publishableKey) return;
    let card: StripeCardElement | null = null;
    let live = true;
    loadStripe(stripeJsUrl, publishableKey, locale).then(
      (instance) => {
        if (!live || !cardRef.current) return;
        card = instance.elements().create('card');
        card.mount(cardRef.current);
        setStripe({ stripe: instance, card });
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
      card?.destroy();
    };
  }, [config, locale]);

  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    const amountCents = parseAmount(amount, 'en');
    if (!amount.trim()) return setFeedback({ severity: 'error', text: t('errors.required') });
    if (amountCents === null || amountCents <= 0)
      return setFeedback({ severity: 'error', text: t('errors.invalid') });
    if (amountCents < CARD_FUNDING_LIMITS.minimum) {
      return setFeedback({
        severity: 'error',
        text: t('errors.tooLittle', { min: usd(CARD_FUNDING_LIMITS.minimum) }),
      });
    }
    if (amountCents > CARD_FUNDING_LIMITS.perFunding) {
      return setFeedback({
        severity: 'error',
        text: t('errors.tooMuch', { max: usd(CARD_FUNDING_LIMITS.perFunding) }),
      });
    }
    setChecking(true);
    setFeedback(null);
    try {
      const made = await stripe.stripe.createPaymentMethod({ type: 'card', card: stripe.card });
      if (!made.paymentMethod) {
        setFeedback({ severity: 'error', text: made.error?.message ?? t('errors.generic') });
        return;
      }
      const quote = await quoteCardFunding(made.paymentMethod.id, amountCents);
      setReview({ paymentMethodId: made.paymentMethod.id, quote });
    } catch (failure) {
      setFeedback(failureFeedback(failure));
    } finally {
      setChecking(false);
    }
  };

  function failureFeedback(failure: unknown) {
    if (!(failure instanceof ApiError))
      return { severity: 'error' as const, text: t('errors.generic') };
    const details = failure.details ?? {};
    if (failure.code === 'card_declined') {
      return { severity: 'error' as const, text: t(declineKey(String(details.declineCode ?? ''))) };
    }
    if (failure.code === 'limit_exceeded') {
      return {
        severity: 'error' as const,
        text: t('errors.limit', { remaining: usd(cents(Number(details.remainingCents ?? 0))) }),
      };
    }
    if (failure.code === 'not_found')
      return { severity: 'error' as const, text: t('errors.cardNotFound') };
    return { severity: 'error' as const, text: t('errors.generic') };
  }

  const confirm = async (chosen: Review) => {
    const result = await verified.run(async () => {
      try {
        const funding = await topUp.mutateAsync({
          paymentMethodId: chosen.paymentMethodId,
          amountCents: chosen.quote.amountCents,
          expectedFeeCents: chosen.quote.feeCents,
          expectedTotalCents: chosen.quote.totalCents,
        });
        if (funding.status === 'requires_action' && funding.authenticationUrl) {
          setRedirecting(true);
          window.location.assign(funding.authenticationUrl);
          return;
        }
        setReview(null);
        setAmount('');
        onDone(funding);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'quote_mismatch') {
          const quote = (failure.details as { quote?: CardFundingQuote } | undefined)?.quote;
          if (quote) {
            setReview({ ...chosen, quote });
            setFeedback({ severity: 'info', text: t('errors.quoteChanged') });
            return;
          }
        }
        setFeedback(failureFeedback(failure));
        setReview(null);
      }
    });
    if (result === 'error')
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
  };

  const busy = topUp.isPending || verified.checking || redirecting;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {review && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('review.title')}
          </Typography>
          <DetailRows
            rows={[
              {
                label: t('review.card'),
                value: t('review.cardValue', {
                  brand: brandName(review.quote.brand),
                  funding: t(`funding.${review.quote.funding}`),
                  last4: review.quote.last4,
                }),
              },
              { label: t('review.amount'), value: usd(review.quote.amountCents) },
              {
                label: t(
                  review.quote.pricedAs === 'debit' ? 'review.feeDebit' : 'review.feeCredit',
                ),
                value: usd(review.quote.feeCents),
              },
              { label: t('review.total'), value: usd(review.quote.totalCents), strong: true },
              { label: t('review.available'), value: t('review.availableNow') },
            ]}
          />
          {(review.quote.funding === 'prepaid' || review.quote.funding === 'unknown') && (
            <Typography variant="body2" color="text.secondary">
              {t('review.pricedNote')}
            </Typography>
          )}
          <FeedbackMessage feedback={feedback} />
          {redirecting && <Typography role="status">{t('redirecting')}</Typography>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void confirm(review)}
              disabled={busy}
            >
              {busy ? t('common:status.processing') : t('review.confirm')}
            </Button>
            <Button onClick={() => setReview(null)} disabled={busy}>
              {t('review.back')}
            </Button>
          </Box>
        </Box>
      )}
      {/* Stays mounted under the review, so going back keeps the card typed. */}
      <Box
        component="form"
        onSubmit={(event: FormEvent) => void toReview(event)}
        noValidate
        sx={{ display: review ? 'none' : 'grid', gap: 2 }}
      >
        <UsdAmountField
          id={ids.amount}
          label={t('amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
        <Box sx={{ display: 'grid', gap: 1 }}>
          <FormLabel id={ids.card} component="span">
            {t('card')}
          </FormLabel>
          {/* Stripe.js owns this element's content (React renders nothing in it). */}
          <Box
            ref={cardRef}
            role="group"
            aria-labelledby={ids.card}
            data-testid="card-element"
            sx={{ minHeight: 44 }}
          />
          {!loadFailed && !stripe && (
            <Typography variant="body2" color="text.secondary">
              {t('loading')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('cardHelp')}
          </Typography>
        </Box>
        {loadFailed && <FeedbackMessage feedback={{ severity: 'error', text: t('loadFailed') }} />}
        <Typography variant="body2" color="text.secondary">
          {t('limits', {
            day: usd(config.limits.dayRemainingCents),
            month: usd(config.limits.monthRemainingCents),
          })}
        </Typography>
        {!review && <FeedbackMessage feedback={feedback} />}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!stripe || checking}
          sx={{ justifySelf: 'start' }}
        >
          {checking ? t('checkingCard') : t('continue')}
        </Button>
      </Box>
    </Box>
  );
}
