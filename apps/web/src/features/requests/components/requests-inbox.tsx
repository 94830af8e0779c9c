import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MoneyRequest, MoneyRequestList } from '@pago/shared/contracts/requests';
import type { TransferParty } from '@pago/shared/contracts/transfers';
import { formatUsd } from '@pago/shared/money';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { LoadFailed } from '@/components/ui/query-state';
import { formatDateTime, useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import {
  type RequestAction,
  useIncomingRequests,
  useOutgoingRequests,
  useRequestAction,
} from '../api/requests';
import { REQUEST_STATUS_COLOR } from '../lib/request-status';

type Pending = { request: MoneyRequest; action: RequestAction };

function partyName(party: TransferParty): string {
  return party.username ? `${party.name} (@${party.username})` : party.name;
}

/**
 * Requests to you (pay or decline) and requests you made (cancel), each confirmed in a dialog
 * that says what will happen before it does.
 */
export function RequestsInbox() {
  const { t } = useTranslation('requests');
  const locale = useLocale();
  const incoming = useIncomingRequests();
  const outgoing = useOutgoingRequests();
  const act = useRequestAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogFeedback, setDialogFeedback] = useFeedback();
  const [feedback, setFeedback] = useFeedback();
  const headingId = useId();

  const close = () => {
    if (act.isPending) return;
    setPending(null);
    setDialogFeedback(null);
  };
  const confirm = async () => {
    if (!pending) return;
    setDialogFeedback(null);
    try {
      await act.mutateAsync({ id: pending.request.id, action: pending.action });
      setPending(null);
      setFeedback({ severity: 'success', text: t(`inbox.${pending.action}.success`) });
    } catch (failure) {
      setDialogFeedback(
        moneyErrorFeedback(t, failure, 'common:status.genericError', locale, {
          not_found: 'errors:request_not_pending',
        }),
      );
    }
  };

  const amount = (request: MoneyRequest) => formatUsd(request.amountCents, locale);
  const other = pending
    ? partyName(pending.action === 'cancel' ? pending.request.payer : pending.request.requester)
    : '';

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('inbox.title')}
      </Typography>
      <FeedbackMessage feedback={feedback} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <RequestList
          title={t('inbox.incoming')}
          empty={t('inbox.noIncoming')}
          query={incoming}
          render={(request) => (
            <RequestItem
              request={request}
              who={t('inbox.from', { name: partyName(request.requester) })}
              amount={amount(request)}
              date={formatDateTime(request.createdAt, locale)}
            >
              {request.status === 'pending' && (
                <>
                  <Button
                    variant="contained"
                    size="small"
                    onClick={() => setPending({ request, action: 'pay' })}
                  >
                    {t('inbox.pay.button')}
                  </Button>
                  <Button size="small" onClick={() => setPending({ request, action: 'decline' })}>
                    {t('inbox.decline.button')}
                  </Button>
                </>
              )}
            </RequestItem>
          )}
        />
        <RequestList
          title={t('inbox.outgoing')}
          empty={t('inbox.noOutgoing')}
          query={outgoing}
          render={(request) => (
            <RequestItem
              request={request}
              who={t('inbox.to', { name: partyName(request.payer) })}
              amount={amount(request)}
              date={formatDateTime(request.createdAt, locale)}
            >
              {request.status === 'pending' && (
                <Button size="small" onClick={() => setPending({ request, action: 'cancel' })}>
                  {t('inbox.cancel.button')}
                </Button>
              )}
            </RequestItem>
          )}
        />
      </Box>

      <Dialog open={pending !== null} onClose={close} aria-labelledby={`${headingId}-dialog`}>
        {pending && (
          <>
            <DialogTitle id={`${headingId}-dialog`}>
              {t(`inbox.${pending.action}.title`)}
            </DialogTitle>
            <DialogContent>
              <FeedbackMessage feedback={dialogFeedback} />
              <DialogContentText>
                {t(`inbox.${pending.action}.body`, {
                  amount: amount(pending.request),
                  name: other,
                })}
              </DialogContentText>
              {pending.request.note && (
                <DialogContentText sx={{ mt: 1, fontStyle: 'italic' }}>
                  “{pending.request.note}”
                </DialogContentText>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={act.isPending}>
                {t(`inbox.${pending.action}.back`)}
              </Button>
              <Button
                variant="contained"
                color={pending.action === 'pay' ? 'primary' : 'error'}
                onClick={() => void confirm()}
                disabled={act.isPending}
              >
                {act.isPending
                  ? t('common:status.processing')
                  : t(`inbox.${pending.action}.confirm`, { amount: amount(pending.request) })}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}

function RequestList({
  title,
  empty,
  query,
  render,
}: {
  title: string;
  empty: string;
  query: UseInfiniteQueryResult<InfiniteData<MoneyRequestList>>;
  render(request: MoneyRequest): ReactNode;
}) {
  const { t } = useTranslation('requests');
  const requests = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : query.isError && requests.length === 0 ? (
        <LoadFailed onRetry={query.refetch} message={t('inbox.loadFailed')} />
      ) : requests.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {requests.map((request) => (
              <li key={request.id}>{render(request)}</li>
            ))}
          </Box>
          {query.isFetchNextPageError && (
            <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
              {t('inbox.loadFailed')}
            </Alert>
          )}
          {query.hasNextPage && (
            <Button
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              sx={{ mt: 1.5 }}
            >
              {query.isFetchingNextPage ? t('common:status.loading') : t('inbox.loadMore')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

function RequestItem({
  request,
  who,
  amount,
  date,
  children,
}: {
  request: MoneyRequest;
  who: string;
  amount: string;
  date: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('requests');
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{who}</Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{amount}</Typography>
      </Box>
      {request.note && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {request.note}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <Chip
          size="small"
          label={t(`inbox.status.${request.status}`)}
          color={REQUEST_STATUS_COLOR[request.status]}
          variant="outlined"
        />
        {/* The date keeps to one line; on a phone the buttons move below it, together. */}
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
          {date}
        </Typography>
        {children && <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>{children}</Box>}
      </Box>
    </Box>
  );
}
