import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { cents, formatUsd } from '@pago/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { formatDay, useLocale } from '@/lib/format';
import { useBalance } from '@/lib/wallet';

/**
 * The top of the home screen: the ledger's balance (the one query every screen shows it from, so
 * a money move anywhere refreshes it), what is available, pending from a bank, on hold (funds
 * availability) until when, or owed.
 */
export function HomeBalance() {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const balance = useBalance();
  const headingId = useId();

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="subtitle1" color="text.secondary">
        {t('balance.title')}
      </Typography>
      {balance.isPending ? (
        <Loading>
          <Skeleton width={200} height={64} />
          <Skeleton width={160} />
        </Loading>
      ) : balance.isError ? (
        <LoadFailed onRetry={balance.refetch} message={t('balance.loadFailed')} />
      ) : (
        <>
          <Typography
            data-testid="home-balance"
            sx={{ fontSize: { xs: 40, sm: 52 }, fontWeight: 800, lineHeight: 1.15 }}
          >
            {formatUsd(balance.data.balanceCents, locale)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('balance.available', {
              amount: formatUsd(balance.data.availableBalanceCents, locale),
            })}
          </Typography>
          {(balance.data.pendingCents ?? 0) > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('balance.pending', {
                amount: formatUsd(balance.data.pendingCents ?? cents(0), locale),
              })}
            </Typography>
          )}
          {(balance.data.holds ?? []).map((hold) => (
            <Typography key={hold.availableAt} variant="body2" color="text.secondary">
              {t('balance.onHold', {
                amount: formatUsd(hold.amountCents, locale),
                date: formatDay(hold.availableAt, locale),
              })}
            </Typography>
          ))}
          {(balance.data.inColectasCents ?? 0) > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="home-in-colectas">
              {t('balance.inColectas', {
                amount: formatUsd(balance.data.inColectasCents ?? cents(0), locale),
              })}
            </Typography>
          )}
          {(balance.data.owedCents ?? 0) > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('balance.owed', { amount: formatUsd(balance.data.owedCents ?? cents(0), locale) })}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
