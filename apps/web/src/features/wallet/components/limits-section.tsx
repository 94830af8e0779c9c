import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { LimitWindow } from '@pago/shared/contracts/wallet';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/lib/format';
import { useLimits } from '@/lib/wallet';

function Window({ title, window: w }: { title: string; window: LimitWindow }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const labelId = useId();
  const usd = (value: Cents) => formatUsd(value, locale);
  const percent = w.limitCents > 0 ? Math.min(100, (w.usedCents / w.limitCents) * 100) : 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography>{t('limits.remaining', { amount: usd(w.remainingCents) })}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={labelId}
        aria-valuetext={t('limits.used', { used: usd(w.usedCents), limit: usd(w.limitCents) })}
        sx={{ my: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('limits.used', { used: usd(w.usedCents), limit: usd(w.limitCents) })}
      </Typography>
    </Box>
  );
}

/** How much more the person can send today and this month (US Eastern calendar), and per transfer. */
export function LimitsSection() {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const limits = useLimits();
  return (
    <SectionCard title={t('limits.title')}>
      {limits.isPending ? (
        <Loading>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Loading>
      ) : limits.isError ? (
        <LoadFailed onRetry={limits.refetch} message={t('limits.loadFailed')} />
      ) : (
        <>
          <Window title={t('limits.day')} window={limits.data.day} />
          <Window title={t('limits.month')} window={limits.data.month} />
          <Typography variant="body2" color="text.secondary">
            {t('limits.perTransaction', {
              amount: formatUsd(limits.data.perTransactionCents, locale),
            })}
          </Typography>
        </>
      )}
    </SectionCard>
  );
}
