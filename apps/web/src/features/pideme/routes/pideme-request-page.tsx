import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PidemeRequest } from '@pago/shared/contracts/pideme';
import type { Quote } from '@pago/shared/contracts/transfers';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatCurrency, formatDateTime, formatRate, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import {
  useDeclinePidemeRequest,
  usePayPidemeRequest,
  usePidemePhoto,
  usePidemeRequest,
} from '../api/pideme';

/**
 * `/pideme/requests/:id`, where the notification leads: what the relative asked for and why, the
 * photo of the bill, and the partner's price now — what they receive first, then the amount, the
 * fee, the rate and the total — paid with one tap ("Pagar"), or declined.
 */
export default function PidemeRequestPage() {
  const { t } = useTranslation('pideme');
  const { id = '' } = useParams();
  const detail = usePidemeRequest(id);
  usePageTitle(
    detail.data ? t('request.title', { name: detail.data.request.recipientFirstName }) : undefined,
  );
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      {detail.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={320} />
        </Loading>
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 404 ? (
          <Alert severity="error">{t('request.notFound')}</Alert>
        ) : (
          <LoadFailed message={t('request.loadFailed')} onRetry={() => detail.refetch()} />
        )
      ) : (
        <RequestView
          request={detail.data.request}
          quote={detail.data.quote}
          quoteError={detail.data.quoteError}
          onRequote={() => void detail.refetch()}
          requoting={detail.isFetching}
        />
      )}
    </Container>
  );
}

function RequestView({
  request,
  quote,
  quoteError,
  onRequote,
  requoting,
}: {
  request: PidemeRequest;
  quote: Quote | null;
  quoteError: { code: string; message: string } | null;
  onRequote(): void;
  requoting: boolean;
}) {
  const { t } = useTranslation(['pideme', 'errors']);
  const locale = useLocale();
  const name = request.recipientFirstName;
  const pay = usePayPidemeRequest(request.id);
  const decline = useDeclinePidemeRequest(request.id);
  const photo = usePidemePhoto(request.id, request.hasPhoto);
  const status = pay.data?.status ?? decline.data?.status ?? request.status;
  const transferId = pay.data?.transferId ?? request.transferId;
  const usd = (cents: number) => formatUsd(cents as Cents, locale);
  const failure = pay.error ?? decline.error;
  const priceChanged = failure instanceof ApiError && failure.code === 'quote_changed';

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t(status === 'pending' ? 'request.asked' : 'request.askedBefore', {
            name,
            amount: formatCurrency(request.amount, request.currency, locale),
          })}
        </Typography>
        <Typography sx={{ mt: 1 }}>{t('request.reason', { reason: request.reason })}</Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
        </Typography>
      </Box>

      {photo.data && (
        <Box
          component="img"
          src={photo.data}
          alt={t('request.photo')}
          sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain', borderRadius: 1 }}
        />
      )}

      {status === 'paid' ? (
        <Alert severity="success" role="status">
          {t('request.paid', { name })}{' '}
          {transferId && (
            <RouterLink to={`/transfers/${encodeURIComponent(transferId)}`}>
              {t('request.track')}
            </RouterLink>
          )}
        </Alert>
      ) : status === 'declined' ? (
        <Alert severity="info">{t('request.declined')}</Alert>
      ) : quote ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Typography color="text.secondary">{t('request.receives', { name })}</Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {formatCurrency(quote.payoutAmount, quote.payoutCurrency, locale)}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}
          >
            <Typography component="dt">{t('request.amount')}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {usd(quote.amountCents)}
            </Typography>
            <Typography component="dt">{t('request.fee')}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {usd(quote.feeCents)}
            </Typography>
            <Typography component="dt">{t('request.rate')}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {t('request.rateValue', {
                rate: formatRate(quote.fxRate, locale),
                currency: quote.payoutCurrency,
              })}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {t('request.total')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
              {usd(quote.totalCents)}
            </Typography>
          </Box>
          {quote.disclosure && (
            <Typography variant="body2" color="text.secondary">
              {t('request.availableBy', {
                date: formatDateTime(quote.disclosure.availableBy, locale),
              })}
              {quote.disclosure.recipientMayReceiveLess && (
                <>
                  <br />
                  {t('request.mayReceiveLess')}
                </>
              )}
            </Typography>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              {priceChanged
                ? t('request.priceChanged')
                : (errorText(t, failure) ?? t('errors:service_unavailable'))}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {priceChanged ? (
              <Button
                variant="contained"
                size="large"
                disabled={requoting}
                onClick={() => {
                  pay.reset();
                  onRequote();
                }}
              >
                {t('request.retry')}
              </Button>
            ) : (
              <Button
                variant="contained"
                size="large"
                disabled={pay.isPending || decline.isPending}
                onClick={() => pay.mutate({ totalCents: quote.totalCents })}
              >
                {pay.isPending
                  ? t('request.paying')
                  : t('request.pay', { total: usd(quote.totalCents) })}
              </Button>
            )}
            <Button disabled={pay.isPending || decline.isPending} onClick={() => decline.mutate()}>
              {decline.isPending ? t('request.declining') : t('request.decline')}
            </Button>
          </Box>
        </Paper>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" disabled={requoting} onClick={onRequote}>
              {t('request.retry')}
            </Button>
          }
        >
          {t('request.noQuote', {
            reason: t(`errors:${quoteError?.code ?? 'service_unavailable'}`, {
              defaultValue: t('errors:service_unavailable'),
            }),
          })}
        </Alert>
      )}
    </Box>
  );
}
