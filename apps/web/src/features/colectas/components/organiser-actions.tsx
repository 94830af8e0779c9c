import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Colecta } from '@pago/shared/contracts/colectas';
import { formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useColectaMoney } from '../api/colectas';

/** The organiser's "Enviar ahora" (what was collected) and "Cancelar colecta" (with a confirm). */
export function OrganiserActions({ colecta }: { colecta: Colecta }) {
  const { t } = useTranslation(['colectas', 'errors', 'common']);
  const locale = useLocale();
  const money = useColectaMoney(colecta.id);
  const [feedback, setFeedback] = useFeedback();
  const [confirming, setConfirming] = useState(false);

  const run = async (action: 'send' | 'cancel') => {
    setFeedback(null);
    try {
      await money.mutateAsync({ action });
      setFeedback({
        severity: 'success',
        text: t(action === 'send' ? 'actions.sent' : 'actions.cancelled'),
      });
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'common:status.genericError', locale));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FeedbackMessage feedback={feedback} />
      {colecta.collectedCents > 0 && (
        <>
          <Button
            variant="contained"
            size="large"
            disabled={money.isPending}
            onClick={() => void run('send')}
          >
            {money.isPending
              ? t('common:status.processing')
              : t('actions.send', { amount: formatUsd(colecta.collectedCents, locale) })}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('actions.sendHint')}
          </Typography>
        </>
      )}
      {confirming ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography>{t('actions.cancelConfirm')}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              color="error"
              variant="outlined"
              disabled={money.isPending}
              onClick={() => void run('cancel')}
            >
              {t('actions.cancelYes')}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t('actions.keep')}</Button>
          </Box>
        </Box>
      ) : (
        <Button color="error" onClick={() => setConfirming(true)} sx={{ justifySelf: 'start' }}>
          {t('actions.cancel')}
        </Button>
      )}
    </Box>
  );
}
