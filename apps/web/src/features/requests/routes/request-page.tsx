import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MoneyRequest } from '@pago/shared/contracts/requests';
import type { TransferParty } from '@pago/shared/contracts/transfers';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session-context';
import { type RequestAction, useMoneyRequest, useRequestAction } from '../api/requests';
import { REQUEST_STATUS_COLOR } from '../lib/request-status';

/** Where every request, both ways, is listed. */
export const REQUESTS_INBOX = '/moneymover?tab=request';

function partyName(party: TransferParty): string {
  return party.username ? `${party.name} (@${party.username})` : party.name;
}

/**
 * `/requests/:id`: one request, where "Ver y pagar" and its notification lead. Asked to pay it,
 * the person sees who asks, how much and why, and pays or declines it here; the one who asked
 * sees where it stands and may cancel it.
 */
export default function RequestPage() {
  const { t } = useTranslation('requests');
  usePageTitle(t('page.title'));
  const { id = '' } = useParams();
  const request = useMoneyRequest(id);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 } }}>
      {request.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={240} />
        </Loading>
      ) : request.isError ? (
        request.error instanceof ApiError && request.error.status === 404 ? (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              {t('page.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('page.notFound')}
            </Typography>
            <Button component={RouterLink} to={REQUESTS_INBOX} variant="outlined">
              {t('page.all')}
            </Button>
          </>
        ) : (
          <LoadFailed message={t('inbox.loadFailed')} onRetry={() => request.refetch()} />
        )
      ) : (
        <RequestDetail request={request.data} />
      )}
    </Container>
  );
}

function RequestDetail({ request }: { request: MoneyRequest }) {
  const { t } = useTranslation('requests');
  const locale = useLocale();
  const { user } = useSession();
  const act = useRequestAction();
  const [feedback, setFeedback] = useFeedback();
  const asked = request.payer.userId === user?._id;
  const amount = formatUsd(request.amountCents, locale);
  const pending = request.status === 'pending';

  const run = async (action: RequestAction) => {
    setFeedback(null);
    try {
      await act.mutateAsync({ id: request.id, action });
      setFeedback({ severity: 'success', text: t(`inbox.${action}.success`) });
    } catch (failure) {
      setFeedback(
        moneyErrorFeedback(t, failure, 'common:status.genericError', locale, {
          not_found: 'errors:request_not_pending',
        }),
      );
    }
  };

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {asked
          ? t('page.from', { name: partyName(request.requester) })
          : t('page.to', { name: partyName(request.payer) })}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            component="p"
            sx={{ fontSize: 36, fontWeight: 800, flex: 1 }}
            data-testid="request-amount"
          >
            {amount}
          </Typography>
          <Chip
            size="small"
            color={REQUEST_STATUS_COLOR[request.status]}
            label={t(`inbox.status.${request.status}`)}
          />
        </Box>
        {request.note && (
          <Typography sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            “{request.note}”
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(request.createdAt, locale)}
        </Typography>
        {asked && pending && (
          <Typography color="text.secondary">
            {t('inbox.pay.body', { amount, name: partyName(request.requester) })}
          </Typography>
        )}
        <FeedbackMessage feedback={feedback} />
        {pending && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {asked ? (
              <>
                <Button
                  variant="contained"
                  size="large"
                  disabled={act.isPending}
                  onClick={() => void run('pay')}
                >
                  {act.isPending
                    ? t('common:status.processing')
                    : t('inbox.pay.confirm', { amount })}
                </Button>
                <Button size="large" disabled={act.isPending} onClick={() => void run('decline')}>
                  {t('inbox.decline.button')}
                </Button>
              </>
            ) : (
              <Button disabled={act.isPending} onClick={() => void run('cancel')}>
                {t('inbox.cancel.confirm')}
              </Button>
            )}
          </Box>
        )}
      </Paper>
      <Button component={RouterLink} to={REQUESTS_INBOX} sx={{ mt: 2 }}>
        {t('page.all')}
      </Button>
    </>
  );
}
