import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import { formatUsd, type Locale } from '@pago/shared/money';
import { cashPickupState } from '@pago/shared/remittance-status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatCurrency, formatDateTime, useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { usePageTitle } from '@/lib/page-title';
import { formatPhone } from '@/lib/phone';
import { useCancelRemittance, useTracking } from '../api/remittances';
import { CancelTimeLeft, RemittanceReceipt } from '../components/remittance-disclosure';
import { ReportProblem } from '../components/report-problem';
import { formatDayTime } from '../lib/format-day';
import { sendAgainPath } from '../lib/send-home';

/** Where a remittance is: its timeline, when it arrives, the pickup code, a message to share. */
export default function TransferTrackingPage() {
  const { t } = useTranslation('remittances');
  const { id = '' } = useParams();
  const tracking = useTracking(id);
  usePageTitle(t('tracking.title'));

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('tracking.title')}
      </Typography>
      {tracking.isPending ? (
        <Loading>
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Loading>
      ) : tracking.isError ? (
        tracking.error instanceof ApiError && tracking.error.status === 404 ? (
          <Alert severity="error" role="alert">
            {t('tracking.notFound')}
          </Alert>
        ) : (
          <LoadFailed message={t('tracking.loadFailed')} onRetry={() => tracking.refetch()} />
        )
      ) : (
        <TrackingBody tracking={tracking.data} />
      )}
    </Container>
  );
}

function TrackingBody({ tracking }: { tracking: RemittanceTracking }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const { transfer, recipient, pickupCode } = tracking;
  const details = transfer.details as { payoutAmount?: string; payoutCurrency?: string };
  const name = recipient?.fullName ?? transfer.counterparty?.name ?? '';
  const payoutIn = (language: Locale) =>
    details.payoutAmount && details.payoutCurrency
      ? formatCurrency(details.payoutAmount, details.payoutCurrency, language)
      : formatUsd(transfer.amountCents, language);
  const payout = payoutIn(locale);
  const again = sendAgainPath(transfer);
  const cash = recipient?.payout.method === 'cash_pickup';
  const payerName = recipient?.payout.payerName ?? null;
  const [showReceipt, setShowReceipt] = useState(false);
  // Cash waiting at the agent is not delivered yet: it is ready to collect, then collected.
  const pickedUp = tracking.timeline.some((s) => s.step === 'picked_up');
  const cashState =
    cashPickupState(transfer) ??
    (cash && transfer.status === 'delivered'
      ? pickedUp
        ? 'picked_up'
        : 'ready_for_pickup'
      : null);

  // Held for a sanctions review (features/sanctions on the server): not on its way yet.
  const review = transfer.status === 'processing' && transfer.details.underReview === true;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('tracking.summary', { name, amount: payout })}
          </Typography>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {t(
              cashState === 'ready_for_pickup'
                ? 'tracking.status.readyToCollect'
                : cashState === 'picked_up'
                  ? 'tracking.status.pickedUp'
                  : review
                    ? 'tracking.status.review'
                    : `tracking.status.${transfer.status}`,
            )}
          </Typography>
        </Box>
        <Typography color="text.secondary">
          {t('tracking.paid', {
            total: formatUsd(transfer.totalCents, locale),
            fee: formatUsd(transfer.feeCents, locale),
          })}
        </Typography>
        {transfer.status === 'refunded' && (
          <Alert severity="success" role="status" sx={{ mt: 1 }}>
            {t(
              tracking.timeline.some((s) => s.step === 'cancelled')
                ? 'tracking.cancelledRefund'
                : 'tracking.failedRefund',
              { total: formatUsd(transfer.totalCents, locale) },
            )}
          </Alert>
        )}
        {review && (
          <Alert severity="info" role="status" sx={{ mt: 1 }}>
            {t('tracking.reviewExplained')}
          </Alert>
        )}
        {transfer.status === 'processing' && !review && (
          <Typography sx={{ mt: 1 }}>
            {t('tracking.expected', { date: formatDayTime(tracking.expectedBy, locale) })}
          </Typography>
        )}
      </Paper>

      {cash && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {pickupCode ? t('tracking.step.available_for_pickup') : t('tracking.pickup.title')}
          </Typography>
          {pickupCode ? (
            <>
              <Typography>{t('tracking.pickup.code')}</Typography>
              <Typography
                data-testid="pickup-code"
                sx={{ fontSize: 32, fontWeight: 700, letterSpacing: 4, my: 1 }}
              >
                {pickupCode}
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t('tracking.pickup.pending')}</Typography>
          )}
          {payerName && (
            <Typography variant="body2">{t('payer.cashAnyAgent', { payer: payerName })}</Typography>
          )}
        </Paper>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('tracking.timeline')}
        </Typography>
        <Box
          component="ol"
          aria-label={t('tracking.timeline')}
          sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}
        >
          {tracking.timeline.map((step) => (
            <li key={step.step}>
              <Typography sx={{ fontWeight: 600 }}>{t(`tracking.step.${step.step}`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time>
              </Typography>
            </li>
          ))}
        </Box>
      </Paper>

      {recipient && transfer.status !== 'refunded' && (
        <ShareMessage tracking={tracking} payout={payoutIn('es')} />
      )}

      {tracking.cancellable && <CancelRemittance tracking={tracking} />}

      <ReportProblem tracking={tracking} />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Button
          onClick={() => setShowReceipt((shown) => !shown)}
          aria-expanded={showReceipt}
          aria-controls="remittance-receipt"
        >
          {showReceipt ? t('receipt.hide') : t('receipt.show')}
        </Button>
        {showReceipt && (
          <Box id="remittance-receipt" sx={{ mt: 2 }}>
            <RemittanceReceipt tracking={tracking} />
          </Box>
        )}
      </Paper>

      {again && (
        <Button component={RouterLink} to={again} variant="outlined" sx={{ justifySelf: 'start' }}>
          {t('sendAgain')}
        </Button>
      )}
    </Box>
  );
}

/** The message for the recipient, always in Spanish: shared with the Web Share API or copied. */
function ShareMessage({ tracking, payout }: { tracking: RemittanceTracking; payout: string }) {
  const { t } = useTranslation('remittances');
  const { t: es } = useTranslation('remittances', { lng: 'es', keyPrefix: 'share' });
  const [copied, setCopied] = useState(false);
  const { recipient, pickupCode } = tracking;
  if (!recipient) return null;
  const first = recipient.fullName.split(/\s+/)[0] ?? recipient.fullName;
  const date = formatDayTime(tracking.expectedBy, 'es');
  const payerName = recipient.payout.payerName;
  const { link } = tracking.recipientNotice;
  const message = [
    recipient.payout.method === 'cash_pickup'
      ? pickupCode && payerName
        ? es('cashReady', { name: first, amount: payout, code: pickupCode, payer: payerName })
        : es('cashPending', { name: first, amount: payout, date })
      : recipient.payout.method === 'bank_deposit'
        ? es('bank', { name: first, amount: payout, account: recipient.payout.accountMask, date })
        : es('wallet', { name: first, amount: payout, date }),
    // The recipient's own page: the steps, what they receive and where, without signing in.
    ...(link ? [es('trackLink', { link })] : []),
  ].join(' ');
  // wa.me takes the number as digits only, with the country code and no "+".
  const whatsapp = `https://wa.me/${recipient.phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ text: message });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    await navigator.clipboard?.writeText(message);
    setCopied(true);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('share.title', { name: first })}
      </Typography>
      <TextField
        multiline
        fullWidth
        value={message}
        label={t('share.label')}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <RecipientSmsStatus tracking={tracking} name={first} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color="success"
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('share.whatsappLabel', { name: first })}
        >
          {t('share.whatsapp')}
        </Button>
        <Button variant="outlined" onClick={() => void share()}>
          {canShare ? t('share.share') : t('share.copy')}
        </Button>
        {copied && (
          <Typography role="status" color="success.main">
            {t('share.copied')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** What the recipient's SMS did: sent (to their formatted phone), on its way, or not sent. */
function RecipientSmsStatus({ tracking, name }: { tracking: RemittanceTracking; name: string }) {
  const { t } = useTranslation('remittances');
  const { sms } = tracking.recipientNotice;
  const phone = tracking.recipient ? formatPhone(tracking.recipient.phone) : '';
  const state = sms.ready ?? sms.sent;
  if (!state) return null;
  const key = sms.ready === 'sent' ? 'readySent' : state;
  const problem = state === 'failed' || state === 'unavailable';
  return (
    <Typography
      role="status"
      variant="body2"
      color={problem ? 'warning.main' : 'text.secondary'}
      sx={{ mt: 1.5 }}
    >
      {t(`recipientSms.${key}`, { name, phone })}
    </Typography>
  );
}

function CancelRemittance({ tracking }: { tracking: RemittanceTracking }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useFeedback();
  const cancel = useCancelRemittance(tracking.transfer.id);
  const total = formatUsd(tracking.transfer.totalCents, locale);

  const run = async () => {
    setFeedback(null);
    try {
      await cancel.mutateAsync();
      setAsking(false);
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'cancel.failed', locale));
    }
  };

  return (
    <Box>
      <FeedbackMessage feedback={feedback} />
      {asking ? (
        <Alert
          severity="warning"
          role="alertdialog"
          aria-label={t('cancel.title')}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                color="inherit"
                size="small"
                onClick={() => void run()}
                disabled={cancel.isPending}
              >
                {t('cancel.yes')}
              </Button>
              <Button color="inherit" size="small" onClick={() => setAsking(false)}>
                {t('cancel.no')}
              </Button>
            </Box>
          }
        >
          {t('cancel.confirm', { total })}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <CancelTimeLeft cancelBy={tracking.cancelBy} />
          <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
            {t('cancel.button')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
