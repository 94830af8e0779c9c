import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Quote } from '@pago/shared/contracts/transfers';
import { type Cents, formatUsd } from '@pago/shared/money';
import { getPhoneCountry, isPhoneCountry } from '@pago/shared/phone-countries';
import { REMITTANCE_RIGHTS } from '@pago/shared/remittance-rights';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { OutlinedSection } from '@/components/ui/outlined-section';
import { Loading } from '@/components/ui/query-state';
import { useDeliveryTime } from '@/lib/delivery-time';
import { formatCurrency, formatRate, useLocale } from '@/lib/format';
import { formatPhone } from '@/lib/phone';
import { useRemittanceDisclosure } from '../lib/disclosure-slot';
import { formatCountdown } from '../lib/format';
import { useNow } from '../lib/use-now';

type Props = {
  quote: Quote;
  /** E.164 */
  recipient: string;
  sending: boolean;
  requoting: boolean;
  onConfirm(): void;
  onRequote(): void;
  onEdit(): void;
  /** Shown instead of the review's own rows, under `title` (a remittance's disclosure). */
  details?: ReactNode;
  title?: string;
};

/**
 * What the person pays and what arrives, shown before anything moves (Terms: fees are notified
 * before a transaction). The rate holds until the quote expires; after that only a new quote.
 * A remittance (`quote.disclosure`) shows, unless the caller gives its own `details`, whom it
 * goes to and the Remittance Transfer Rule's disclosure, under the rule's own title.
 */
export function QuoteReview({
  quote,
  recipient,
  sending,
  requoting,
  onConfirm,
  onRequote,
  onEdit,
  details,
  title,
}: Props) {
  const isP2p = quote.transferKind === 'p2p';
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  const delivery = useDeliveryTime();
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow(true);
  const RemittanceDisclosure = useRemittanceDisclosure();
  const secondsLeft = Math.ceil((Date.parse(quote.expiresAt) - now) / 1000);
  const expired = secondsLeft <= 0;
  const usd = (value: Cents) => formatUsd(value, locale);
  const country = quote.recipientCountry;
  const countryName = isPhoneCountry(country) ? getPhoneCountry(country).name[locale] : country;
  // The corridor's delivery time for the speed (shared delivery-times); a Pago user: at once.
  const deliveryText =
    quote.transferKind === 'p2p' ? delivery.instant() : delivery.time(country, quote.speed);

  // The review replaces the form: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <OutlinedSection
      title={
        title ??
        (quote.disclosure ? REMITTANCE_RIGHTS[locale].beforePaying : t('send.review.title'))
      }
      heading={{ variant: 'h6', component: 'h3', sx: { mb: 2, outline: 'none' } }}
      headingRef={heading}
      // It takes the form's place inside the send card: a section, not a card in the card.
      sx={{ p: 0, border: 0, bgcolor: 'transparent' }}
    >
      {/* The disclosure's code and words may still be loading: nothing is confirmed before it shows. */}
      <Suspense
        fallback={
          <Loading>
            <Skeleton height={240} />
          </Loading>
        }
      >
        {details ??
          (quote.disclosure ? (
            <>
              <DetailRows
                rows={[
                  { label: t('send.review.to'), value: formatPhone(recipient) },
                  { label: t('send.review.country'), value: countryName },
                  ...(quote.payerName
                    ? [{ label: t('send.review.payer'), value: quote.payerName }]
                    : []),
                ]}
              />
              <Box sx={{ mt: 2 }}>
                <RemittanceDisclosure disclosure={quote.disclosure} />
              </Box>
            </>
          ) : (
            <DetailRows
              rows={[
                { label: t('send.review.to'), value: formatPhone(recipient) },
                { label: t('send.review.country'), value: countryName },
                { label: t('send.review.amount'), value: usd(quote.amountCents) },
                {
                  label: t('send.review.fee'),
                  value: isP2p ? t('send.review.noFee') : usd(quote.feeCents),
                },
                { label: t('send.review.total'), value: usd(quote.totalCents), strong: true },
                ...(isP2p
                  ? []
                  : [
                      {
                        label: t('send.review.rate'),
                        value: t('send.review.rateValue', {
                          rate: formatRate(quote.fxRate, locale),
                          currency: quote.payoutCurrency,
                        }),
                      },
                    ]),
                {
                  label: t('send.review.recipientGets'),
                  value: formatCurrency(quote.payoutAmount, quote.payoutCurrency, locale),
                  strong: true,
                },
                { label: t('send.review.delivery'), value: deliveryText },
              ]}
            />
          ))}
        {isP2p && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('send.review.pagoUserNote')}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>
          {expired ? (
            <Alert severity="warning">{t('send.review.expired')}</Alert>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t(isP2p ? 'send.review.p2pExpiresIn' : 'send.review.expiresIn', {
                time: formatCountdown(secondsLeft),
              })}
            </Typography>
          )}
        </Box>
        <Box
          sx={{
            mt: 3,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row-reverse' },
            gap: 1.5,
          }}
        >
          {expired ? (
            <Button variant="contained" size="large" onClick={onRequote} disabled={requoting}>
              {requoting ? t('common:status.processing') : t('send.review.requote')}
            </Button>
          ) : (
            <Button variant="contained" size="large" onClick={onConfirm} disabled={sending}>
              {sending
                ? t('common:status.processing')
                : t('send.review.confirm', { total: usd(quote.totalCents) })}
            </Button>
          )}
          <Button size="large" onClick={onEdit} disabled={sending}>
            {t('send.review.edit')}
          </Button>
        </Box>
      </Suspense>
    </OutlinedSection>
  );
}
