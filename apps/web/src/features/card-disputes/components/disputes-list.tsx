import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CardDispute } from '@pago/shared/contracts/card-disputes';
import { formatUsd } from '@pago/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/lib/format';
import { walletKeys } from '@/lib/wallet';
import { useCardDisputes } from '../api/card-disputes';

const STATUS_COLOR = {
  open: 'default',
  provisionally_credited: 'info',
  won: 'success',
  lost: 'warning',
} as const;

/** The person's card disputes with each step: opened, provisional credit, the outcome. */
export function DisputesList() {
  const { t } = useTranslation('disputes');
  const disputes = useCardDisputes();
  const client = useQueryClient();
  // A credit or its reversal changes the balance: asked again when a dispute moves.
  const signature = (disputes.data ?? [])
    .map((d) => `${d.id}:${d.status}:${d.steps.length}`)
    .join();
  useEffect(() => {
    if (signature) void client.invalidateQueries({ queryKey: walletKeys.balance });
  }, [signature, client]);
  if (disputes.isSuccess && disputes.data.length === 0) return null;
  return (
    <SectionCard title={t('list.title')}>
      {disputes.isPending ? (
        <Loading>
          <Skeleton height={64} />
        </Loading>
      ) : disputes.isError ? (
        <LoadFailed onRetry={disputes.refetch} message={t('list.loadFailed')} />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {disputes.data.map((dispute) => (
            <DisputeItem key={dispute.id} dispute={dispute} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function DisputeItem({ dispute }: { dispute: CardDispute }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(iso),
    );
  return (
    <Box
      component="li"
      data-testid="card-dispute"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {t('list.charge', {
            merchant: dispute.merchant,
            amount: formatUsd(dispute.disputedCents, locale),
          })}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[dispute.status]}
          label={t(`status.${dispute.status}`)}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t(`reasons.${dispute.reason}`)}
      </Typography>
      <Box
        component="ol"
        aria-label={t('list.steps')}
        sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}
      >
        {dispute.steps.map((step) => (
          <li key={`${step.step}-${step.at}`}>
            <Typography variant="body2">
              {t(`steps.${step.step}`, {
                amount: formatUsd(step.amountCents ?? dispute.disputedCents, locale),
                date: day(step.at),
              })}
            </Typography>
          </li>
        ))}
        {dispute.status === 'open' && (
          <li>
            <Typography variant="body2" color="text.secondary">
              {t('steps.creditBy', { date: day(dispute.creditDueAt) })}
            </Typography>
          </li>
        )}
      </Box>
      {dispute.owedCents !== null && dispute.owedCents > 0 && (
        <Typography variant="body2" color="warning.main">
          {t('list.owed', { amount: formatUsd(dispute.owedCents, locale) })}
        </Typography>
      )}
    </Box>
  );
}
