import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MonitoringHit } from '@pago/shared/contracts/monitoring';
import { cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, useLocale } from '@/lib/format';
import { hitReason } from '../lib/hit-text';

const rowSx = { m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 };

/** One hit of the monitoring queue: the rule, why (with its figures), who, the transfers, the actions. */
export function HitCard({
  hit,
  onDecide,
}: {
  hit: MonitoringHit;
  onDecide?: (decision: 'dismiss' | 'escalate') => void;
}) {
  const { t } = useTranslation('opsMonitoring');
  const locale = useLocale();
  return (
    <Card variant="outlined" component="article" aria-labelledby={`hit-${hit.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography
            id={`hit-${hit.id}`}
            variant="h2"
            sx={{ fontSize: '1.15rem', fontWeight: 700 }}
          >
            {t(`rules.${hit.rule}.name`)}
          </Typography>
          <Chip
            size="small"
            label={t(`status.${hit.status}`)}
            color={
              hit.status === 'escalated' ? 'warning' : hit.status === 'open' ? 'info' : 'default'
            }
          />
        </Box>
        <Typography sx={{ mb: 1.5 }}>{hitReason(hit, t, locale)}</Typography>
        <Box component="dl" sx={rowSx}>
          <Typography component="dt" color="text.secondary">
            {t('hit.customer')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {hit.customer ? (
              <RouterLink to={`/ops/customers/${hit.customer.id}`}>
                {hit.customer.name} · @{hit.customer.username} · {hit.customer.email}
              </RouterLink>
            ) : (
              hit.subject
            )}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('hit.detected')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatDateTime(hit.createdAt, locale)}
          </Typography>
          {hit.decidedAt && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('hit.decision')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDateTime(hit.decidedAt, locale)} · {hit.decisionReason}
              </Typography>
            </>
          )}
        </Box>
        <Typography component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
          {t('hit.transfers', { count: hit.transfers.length })}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hit.transfers.map((transfer) => (
            <Box
              component="li"
              key={transfer.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                gap: 1,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t(`kinds.${transfer.kind}`, { defaultValue: transfer.kind })}:{' '}
                  {transfer.senderName} → {transfer.counterpartyName ?? '—'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(transfer.createdAt, locale)}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatUsd(cents(transfer.amountCents), locale)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      {onDecide && hit.status === 'open' && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" color="warning" onClick={() => onDecide('escalate')}>
            {t('actions.escalate')}
          </Button>
          <Button onClick={() => onDecide('dismiss')}>{t('actions.dismiss')}</Button>
        </CardActions>
      )}
    </Card>
  );
}
