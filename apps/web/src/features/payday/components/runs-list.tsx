import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { PaydayRun } from '@pago/shared/contracts/payday';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, useLocale } from '@/lib/format';

const COLORS = { due: 'info', sent: 'success', failed: 'error', skipped: 'default' } as const;
const KNOWN_REASONS = new Set([
  'insufficient_funds',
  'limit_exceeded',
  'below_minimum',
  'nothing_to_send',
  'rule_disabled',
  'sanctions_blocked',
  'account_frozen',
  'unavailable',
]);

/** What the rules did with each deposit, newest first: sent (with its tracking), or why not. */
export function RunsList({ runs }: { runs: PaydayRun[] }) {
  const { t } = useTranslation('payday');
  const locale = useLocale();
  if (runs.length === 0) return <Typography color="text.secondary">{t('runs.none')}</Typography>;
  const reasonOf = (code: string) =>
    KNOWN_REASONS.has(code) ? t(`runs.reasons.${code}`) : t('runs.reasons.other', { code });
  return (
    <List aria-label={t('runs.title')} sx={{ py: 0 }}>
      {runs.map((run) => (
        <ListItem key={run.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('runs.line', {
                amount: formatUsd(run.amountCents as Cents, locale),
                name: run.recipientName,
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('runs.from', {
                amount: formatUsd(run.depositCents as Cents, locale),
                payer: run.payer,
              })}
              {' · '}
              {formatDateTime(run.createdAt, locale)}
            </Typography>
            {run.reason && run.status !== 'sent' && (
              <Typography
                variant="body2"
                color={run.status === 'failed' ? 'error' : 'text.secondary'}
              >
                {reasonOf(run.reason)}
              </Typography>
            )}
            {run.transferId && (
              <Link
                component={RouterLink}
                to={`/transfers/${encodeURIComponent(run.transferId)}`}
                variant="body2"
              >
                {t('runs.receipt')}
              </Link>
            )}
          </Box>
          <Chip size="small" color={COLORS[run.status]} label={t(`runs.${run.status}`)} />
        </ListItem>
      ))}
    </List>
  );
}
