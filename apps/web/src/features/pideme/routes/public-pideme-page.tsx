import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PIDEME_PHOTO_MAX_BYTES,
  PIDEME_PHOTO_TYPES,
  PIDEME_REASON_MAX,
  type PublicPideme,
  pidemeAmountSchema,
} from '@pago/shared/contracts/pideme';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatCurrency, formatDateTime, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useAskPideme, usePublicPideme } from '../api/pideme';

const STATUS_COLOR = { pending: 'default', paid: 'success', declined: 'warning' } as const;

/**
 * `/p/:token`: the page a relative abroad opens from the sender's "Pídeme" link, with no account
 * (Spanish unless they switch): how much they need in their currency and what for, with a photo
 * of the bill if they like; then their requests and, once paid, the transfer's tracking page.
 */
export default function PublicPidemePage() {
  const { t } = useTranslation('pideme');
  const { token = '' } = useParams();
  const page = usePublicPideme(token);
  usePageTitle(t('public.title'));
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      {page.isPending ? (
        <Loading>
          <Skeleton height={80} />
          <Skeleton height={240} />
        </Loading>
      ) : page.isError ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('public.title')}
          </Typography>
          {page.error instanceof ApiError && page.error.status === 404 ? (
            <Alert severity="error" role="alert">
              {t('public.notFound')}
            </Alert>
          ) : (
            <LoadFailed message={t('public.loadFailed')} onRetry={() => page.refetch()} />
          )}
        </>
      ) : (
        <PidemeView token={token} page={page.data} />
      )}
    </Container>
  );
}

function PidemeView({ token, page }: { token: string; page: PublicPideme }) {
  const { t } = useTranslation(['pideme', 'errors']);
  const locale = useLocale();
  const ask = useAskPideme(token);
  const sender = page.senderFirstName;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; photo?: string }>({});
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleanAmount = amount.trim().replace(/,/g, '');
    const found: typeof errors = {};
    if (!pidemeAmountSchema.safeParse(cleanAmount).success)
      found.amount = t('public.amountInvalid');
    if (!reason.trim()) found.reason = t('public.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSent(false);
    ask.mutate(
      { body: { amount: cleanAmount, reason: reason.trim() }, photo },
      {
        onSuccess: () => {
          setSent(true);
          setAmount('');
          setReason('');
          setPhoto(null);
        },
      },
    );
  };

  const photoFailed = ask.error instanceof ApiError && ask.error.details?.requestCreated === true;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography color="text.secondary">
          {t('public.hello', { name: page.recipientFirstName })}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('public.heading', { sender })}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {t('public.intro', { sender, currency: page.currency })}
        </Typography>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('public.amount', { currency: page.currency })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? t('public.amountHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            required
          />
          <TextField
            label={t('public.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, PIDEME_REASON_MAX))}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? t('public.reasonHelp')}
            required
          />
          <Box>
            <Button component="label" variant="outlined">
              {t('public.photo')}
              <input
                type="file"
                hidden
                accept={PIDEME_PHOTO_TYPES.join(',')}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  const fits =
                    file &&
                    (PIDEME_PHOTO_TYPES as readonly string[]).includes(file.type) &&
                    file.size <= PIDEME_PHOTO_MAX_BYTES;
                  setPhoto(fits ? file : null);
                  setErrors((e) => ({
                    ...e,
                    photo: file && !fits ? t('public.photoInvalid') : '',
                  }));
                }}
              />
            </Button>
            {photo && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('public.photoChosen', { name: photo.name })}
              </Typography>
            )}
            {errors.photo && (
              <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>
                {errors.photo}
              </Typography>
            )}
          </Box>
          {sent && (
            <Alert severity="success" role="status">
              {t('public.sent', { sender })}
            </Alert>
          )}
          {ask.isError && (
            <Alert severity={photoFailed ? 'warning' : 'error'} role="alert">
              {photoFailed
                ? t('public.photoFailed', { reason: t('public.photoInvalid') })
                : (errorText(t, ask.error) ?? t('public.failed'))}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={ask.isPending}>
            {ask.isPending ? t('public.sending') : t('public.send')}
          </Button>
        </Box>
      </Paper>

      {page.requests.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('public.yours')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {page.requests.map((request) => (
              <Box component="li" key={request.id} data-testid="pideme-public-request">
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {formatCurrency(request.amount, request.currency, locale)}
                  </Typography>
                  <Chip
                    size="small"
                    label={t(`public.status.${request.status}`)}
                    color={STATUS_COLOR[request.status]}
                  />
                </Box>
                <Typography>{request.reason}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={request.createdAt}>
                    {formatDateTime(request.createdAt, locale)}
                  </time>
                </Typography>
                {request.status === 'paid' &&
                  (request.trackingUrl ? (
                    <Link href={request.trackingUrl}>{t('public.track')}</Link>
                  ) : (
                    <Typography variant="body2">{t('public.paidNoTrack', { sender })}</Typography>
                  ))}
              </Box>
            ))}
          </Box>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('public.by')}
      </Typography>
    </Box>
  );
}
