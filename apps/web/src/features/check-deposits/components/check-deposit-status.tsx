import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { CheckDeposit } from '@pago/shared/contracts/check-deposits';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { formatDay, useLocale } from '@/lib/format';

/** Which sentence explains a deposit's status, and how it is shown. */
function explanation(deposit: CheckDeposit) {
  if (deposit.funds === 'available') return { key: 'available', severity: 'success' } as const;
  if (deposit.status === 'Rejected') return { key: 'rejected', severity: 'error' } as const;
  if (deposit.status === 'Returned') return { key: 'returned', severity: 'warning' } as const;
  if (deposit.funds === 'held') return { key: 'review', severity: 'info' } as const;
  return { key: 'unfinished', severity: 'info' } as const;
}

/** A deposit's status: where it is in the bank's review, when it is available, why it failed. */
export function CheckDepositStatus({ deposit }: { deposit: CheckDeposit }) {
  const { t } = useTranslation('checks');
  const locale = useLocale();
  const { key, severity } = explanation(deposit);
  const reason = deposit.reason
    ? t(`status.reasons.${deposit.reason}`, { defaultValue: deposit.reason })
    : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={severity} role="status">
        {t(`status.explain.${key}`)}
      </Alert>
      <DetailRows
        rows={[
          {
            label: t('status.amount'),
            value: formatUsd(deposit.amountCents, locale),
            strong: true,
          },
          {
            label: t('status.state'),
            value: <span data-testid="check-status">{t(`status.labels.${deposit.status}`)}</span>,
          },
          ...(deposit.availableBy && deposit.funds === 'held'
            ? [
                {
                  label: t('status.availableBy'),
                  value: formatDay(deposit.availableBy, locale),
                },
              ]
            : []),
          ...(reason ? [{ label: t('status.reason'), value: reason }] : []),
          ...(deposit.owedCents > 0
            ? [{ label: t('status.owed'), value: formatUsd(deposit.owedCents, locale) }]
            : []),
        ]}
      />
    </Box>
  );
}
