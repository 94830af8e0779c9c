import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { DirectDepositItem } from '@pago/shared/contracts/direct-deposit';
import { type Cents, formatUsd, intlLocale } from '@pago/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/lib/format';

const COLORS = {
  pending: 'warning',
  available_early: 'success',
  available: 'success',
  returned: 'error',
} as const;

/** "2026-11-30" as a date in the page's language (the day itself, no time zone shift). */
function day(date: string, locale: 'es' | 'en') {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The direct deposits received, newest first: pending, available (early), or returned. */
export function DepositsList({ deposits }: { deposits: DirectDepositItem[] }) {
  const { t } = useTranslation('direct-deposit');
  const locale = useLocale();
  const headingId = useId();
  const detail = (d: DirectDepositItem) => {
    const date = day(d.completionDate, locale);
    if (d.state === 'pending') return t('deposits.pendingDetail', { date });
    if (d.state === 'available_early') return t('deposits.earlyDetail', { date });
    if (d.state === 'returned') {
      return d.owedCents > 0
        ? t('deposits.returnedOwed', { owed: formatUsd(d.owedCents as Cents, locale) })
        : t('deposits.returnedDetail');
    }
    return date;
  };
  return (
    <SectionCard title={t('deposits.title')}>
      {deposits.length === 0 ? (
        <Typography color="text.secondary">{t('deposits.none')}</Typography>
      ) : (
        <List aria-label={t('deposits.title')} aria-describedby={headingId} sx={{ py: 0 }}>
          {deposits.map((d) => (
            <ListItem key={d.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {t('deposits.from', { name: d.companyName })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {detail(d)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography
                  sx={{
                    fontWeight: 700,
                    textDecoration: d.state === 'returned' ? 'line-through' : 'none',
                  }}
                >
                  {`+${formatUsd(d.amountCents as Cents, locale)}`}
                </Typography>
                <Chip size="small" color={COLORS[d.state]} label={t(`deposits.${d.state}`)} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
