import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CardFunding } from '@pago/shared/contracts/card-funding';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FeedbackMessage } from '@/components/ui/feedback';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { invalidateMoney, useBalance } from '@/lib/wallet';
import { useCardFunding, useCardFundingConfig } from '../api/card-funding';
import { CardFundingForm, declineKey } from '../components/card-funding-form';

const FINISHED_OK = new Set(['succeeded', 'disputed', 'dispute_won', 'dispute_lost']);

/**
 * /add-money/card: adding money with a debit or credit card. With `?cardFunding=<id>` (where
 * Stripe sends the browser back after 3-D Secure, and where a finished top-up is shown) it shows
 * how that top-up ended; otherwise the form.
 */
export default function CardFundingPage() {
  const { t } = useTranslation(['cardfunding', 'common']);
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const id = params.get('cardFunding');
  const config = useCardFundingConfig();

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        {t('title')}
      </Typography>
      <Balance />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
        {id ? (
          <CardFundingResult id={id} />
        ) : config.isPending ? (
          <Loading>
            <Typography color="text.secondary">{t('loading')}</Typography>
          </Loading>
        ) : config.isError ? (
          <LoadFailed message={t('loadFailed')} onRetry={() => void config.refetch()} />
        ) : !config.data.available ? (
          <FeedbackMessage feedback={{ severity: 'info', text: t('unavailable') }} />
        ) : (
          <>
            <Typography>{t('intro')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('fees')}
            </Typography>
            <CardFundingForm
              config={config.data}
              onDone={(funding: CardFunding) => setParams({ cardFunding: funding.id })}
            />
          </>
        )}
      </Paper>
    </Container>
  );
}

/** The wallet's balance, refreshed once a top-up lands. */
function Balance() {
  const { t } = useTranslation('cardfunding');
  const locale = useLocale();
  const balance = useBalance();
  if (!balance.data) return null;
  return (
    <Typography data-testid="card-funding-balance" sx={{ mb: 2 }}>
      {t('balance', { amount: formatUsd(balance.data.balanceCents, locale) })}
    </Typography>
  );
}

/** How a top-up ended (read back from Stripe while it waits), in the user's words. */
function CardFundingResult({ id }: { id: string }) {
  const { t } = useTranslation(['cardfunding', 'common']);
  const locale = useLocale();
  const usd = (amount: Cents) => formatUsd(amount, locale);
  const funding = useCardFunding(id);
  const client = useQueryClient();
  const status = funding.data?.status;
  useEffect(() => {
    if (status && FINISHED_OK.has(status)) invalidateMoney(client);
  }, [status, client]);

  if (funding.isPending) {
    return (
      <Loading>
        <Typography role="status">{t('result.checking')}</Typography>
      </Loading>
    );
  }
  if (funding.isError) {
    return <LoadFailed message={t('errors.generic')} onRetry={() => void funding.refetch()} />;
  }
  const data = funding.data;
  const waiting = data.status === 'pending' || data.status === 'requires_action';
  const ok = FINISHED_OK.has(data.status);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {waiting && <Typography role="status">{t('result.checking')}</Typography>}
      {ok && (
        <FeedbackMessage
          feedback={{
            severity: 'success',
            text: t('result.success', { amount: usd(data.amountCents), last4: data.last4 }),
          }}
        />
      )}
      {ok && (
        <Typography variant="body2" color="text.secondary">
          {t('result.charged', { total: usd(data.totalCents), fee: usd(data.feeCents) })}
        </Typography>
      )}
      {!waiting && !ok && (
        <>
          <FeedbackMessage
            feedback={{ severity: 'error', text: t(declineKey(data.declineCode)) }}
          />
          <Typography>{t('result.failed')}</Typography>
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/dashboard" variant={ok ? 'contained' : 'text'}>
          {t('result.home')}
        </Button>
        {!waiting && !ok && (
          <Button component={RouterLink} to="/add-money/card" variant="contained">
            {t('result.again')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
