import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, useLocale } from '@/lib/format';
import { useCheckDeposits } from '../api/check-deposits';

/** The user's past check deposits, newest first, each leading to its status. */
export function CheckDepositList() {
  const { t } = useTranslation('checks');
  const locale = useLocale();
  const deposits = useCheckDeposits();
  const items = deposits.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="check-deposit-list" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="check-deposit-list" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('list.title')}
      </Typography>
      {deposits.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('list.empty')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {items.map((deposit) => (
          <Box
            component="li"
            key={deposit.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              justifyContent: 'space-between',
              borderBottom: 1,
              borderColor: 'divider',
              py: 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {formatUsd(deposit.amountCents, locale)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`status.labels.${deposit.status}`)} · {formatDateTime(deposit.createdAt, locale)}
              </Typography>
            </Box>
            <Button
              component={RouterLink}
              to={`/deposit-check?id=${deposit.id}`}
              size="small"
              aria-label={`${t('list.open')} ${formatUsd(deposit.amountCents, locale)}`}
            >
              {t('list.open')}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
