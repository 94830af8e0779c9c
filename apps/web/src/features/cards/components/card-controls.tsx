import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Card } from '@pago/shared/contracts/cards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { useCapability } from '@/lib/capabilities';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCardAction } from '../api/cards';
import { ActivateDialog } from './activate-dialog';
import { LimitsDialog } from './limits-dialog';
import { PinDialog } from './pin-dialog';
import { ReportLostDialog } from './report-lost-dialog';

type Dialog = 'lost' | 'activate' | 'pin' | 'limits' | null;

/**
 * What the holder can do with a card: freeze or unfreeze it (a switch, instantly), activate a
 * physical card that arrived, set its PIN, lower its daily limits, report it lost or stolen.
 */
export function CardControls({
  card,
  onReplaced,
}: {
  card: Card;
  /** After a report: this card is gone from the page, so the page says what happened. */
  onReplaced(text: string): void;
}) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [feedback, setFeedback] = useFeedback();
  const action = useCardAction(card.id);
  const activation = useCapability('cardActivation');
  const frozen = card.status === 'frozen';
  const usable = card.status === 'active' || frozen;

  const toggleFreeze = () => {
    setFeedback(null);
    action.mutate(
      { action: frozen ? 'unfreeze' : 'freeze' },
      {
        onSuccess: () =>
          setFeedback({
            severity: 'success',
            text: t(frozen ? 'freeze.unfrozen' : 'freeze.frozen'),
          }),
        onError: (failure) => setFeedback(moneyErrorFeedback(t, failure, 'freeze.failed', locale)),
      },
    );
  };
  const done = (text: string) => {
    setDialog(null);
    setFeedback({ severity: 'success', text });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FeedbackMessage feedback={feedback} />
      {usable && (
        <Box>
          <FormControlLabel
            control={
              <Switch checked={frozen} onChange={toggleFreeze} disabled={action.isPending} />
            }
            label={t('freeze.label')}
          />
          <Typography variant="body2" color="text.secondary">
            {t(frozen ? 'freeze.onHint' : 'freeze.offHint')}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {card.status === 'inactive' &&
          (activation ? (
            <Button variant="contained" onClick={() => setDialog('activate')}>
              {t('activate.open')}
            </Button>
          ) : (
            <Typography data-testid="card-activate-by-phone">{t('activate.byPhone')}</Typography>
          ))}
        {card.type === 'physical' && card.status !== 'inactive' && (
          <Button variant="outlined" onClick={() => setDialog('pin')}>
            {t('pin.open')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => setDialog('limits')}>
          {t('limits.open')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('lost')}>
          {t('lost.open')}
        </Button>
      </Box>
      {dialog === 'lost' && (
        <ReportLostDialog card={card} onClose={() => setDialog(null)} onDone={onReplaced} />
      )}
      {dialog === 'activate' && (
        <ActivateDialog card={card} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog === 'pin' && <PinDialog card={card} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'limits' && (
        <LimitsDialog card={card} onClose={() => setDialog(null)} onDone={done} />
      )}
    </Box>
  );
}
