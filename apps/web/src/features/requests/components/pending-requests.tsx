import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@pago/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { useIncomingRequests } from '../api/requests';

/** How many pending requests the home screen lists; the inbox has them all. */
export const PENDING_SHOWN = 3;
const INBOX = '/moneymover?tab=request';

/**
 * Requests to pay, on the home screen: how many are pending (a badge), the first few, each
 * opening its own page where it is paid or declined ("Ver y pagar"), then the whole inbox.
 */
export function PendingRequests() {
  const { t } = useTranslation('requests');
  const locale = useLocale();
  const incoming = useIncomingRequests();
  const headingId = useId();
  const pending = (incoming.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (request) => request.status === 'pending',
  );
  // A full page may hide more: "10+" rather than a count that is too low.
  const more = incoming.hasNextPage ? '+' : '';

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('pending.title')}
        </Typography>
        {pending.length > 0 && (
          <Chip
            size="small"
            color="warning"
            label={`${pending.length}${more}`}
            aria-label={t('pending.count', { count: pending.length })}
          />
        )}
      </Box>
      {incoming.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={64} />
        </Loading>
      ) : incoming.isError ? (
        <LoadFailed onRetry={incoming.refetch} message={t('inbox.loadFailed')} />
      ) : pending.length === 0 ? (
        <Typography color="text.secondary">{t('pending.none')}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {pending.slice(0, PENDING_SHOWN).map((request) => (
              <Box
                component="li"
                key={request.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {request.requester.name}
                  </Typography>
                  {request.note && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {request.note}
                    </Typography>
                  )}
                </Box>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatUsd(request.amountCents, locale)}
                </Typography>
                <Button
                  component={RouterLink}
                  to={`/requests/${encodeURIComponent(request.id)}`}
                  variant="contained"
                  size="small"
                  aria-label={t('pending.reviewOne', {
                    name: request.requester.name,
                    amount: formatUsd(request.amountCents, locale),
                  })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('pending.review')}
                </Button>
              </Box>
            ))}
          </Box>
          <Button
            component={RouterLink}
            to={INBOX}
            variant="outlined"
            sx={{ justifySelf: 'start' }}
          >
            {t('pending.all')}
          </Button>
        </>
      )}
    </Box>
  );
}
