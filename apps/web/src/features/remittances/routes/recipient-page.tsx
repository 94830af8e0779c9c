import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PublicTransfer } from '@pago/shared/contracts/recipient-tracking';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatCurrency, formatDateTime, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { usePublicTransfer } from '../api/recipient-tracking';
import { formatDayTime } from '../lib/format-day';

/**
 * The page a remittance's recipient opens from the link in their SMS (or a WhatsApp message), no
 * sign-in: what they receive, where, and how far it got. The pickup code is not shown here: it
 * goes by SMS to their phone (docs/recipient-notice.md).
 */
export default function RecipientPage() {
  const { t } = useTranslation('recipient');
  const { token = '' } = useParams();
  const transfer = usePublicTransfer(token);
  usePageTitle(t('title'));

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      {transfer.isPending ? (
        <Loading>
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Loading>
      ) : transfer.isError ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('title')}
          </Typography>
          {transfer.error instanceof ApiError && transfer.error.status === 404 ? (
            <Alert severity="error" role="alert">
              {t('notFound')}
            </Alert>
          ) : (
            <LoadFailed message={t('loadFailed')} onRetry={() => transfer.refetch()} />
          )}
        </>
      ) : (
        <RecipientView transfer={transfer.data} />
      )}
    </Container>
  );
}

function RecipientView({ transfer }: { transfer: PublicTransfer }) {
  const { t } = useTranslation('recipient');
  const locale = useLocale();
  const sender = transfer.senderFirstName;
  const amount = formatCurrency(transfer.amount, transfer.currency, locale);
  const onTheWay = transfer.status === 'on_the_way' || transfer.status === 'under_review';

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography color="text.secondary">
          {t('hello', { name: transfer.recipientFirstName })}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('heading', { sender, amount })}
        </Typography>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
        <Box>
          <Chip
            label={t(`status.${transfer.status}`)}
            color={
              transfer.status === 'not_delivered'
                ? 'error'
                : transfer.status === 'ready_for_pickup'
                  ? 'primary'
                  : onTheWay
                    ? 'default'
                    : 'success'
            }
            sx={{ fontWeight: 600 }}
          />
        </Box>
        {transfer.payerName && (
          <Typography>{t(`where.${transfer.method}`, { payer: transfer.payerName })}</Typography>
        )}
        {onTheWay && (
          <Typography>
            {t('expected', { date: formatDayTime(transfer.expectedBy, locale) })}
          </Typography>
        )}
        {transfer.status === 'not_delivered' && (
          <Alert severity="warning">{t('notDelivered', { sender })}</Alert>
        )}
      </Paper>

      {transfer.status === 'ready_for_pickup' && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('ready.title')}
          </Typography>
          <Typography>
            {transfer.codeSentTo
              ? t('ready.bySms', { phone: transfer.codeSentTo })
              : t('ready.askSender', { sender })}
          </Typography>
        </Paper>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('steps')}
        </Typography>
        <Box component="ol" aria-label={t('steps')} sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {transfer.steps.map((step) => (
            <li key={step.step}>
              <Typography sx={{ fontWeight: 600 }}>{t(`step.${step.step}`, { sender })}</Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time>
              </Typography>
            </li>
          ))}
        </Box>
      </Paper>
      <Typography variant="body2" color="text.secondary">
        {t('by')}
      </Typography>
    </Box>
  );
}
