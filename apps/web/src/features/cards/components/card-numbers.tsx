import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showCardNumbers } from '../lib/secure-frames';
import { FormDialog } from './form-dialog';
import { formatExpiry } from './pago-card';
import { useSecureSteps } from './secure-steps';

/** How long the numbers stay on screen. */
export const REVEAL_SECONDS = 60;

type Shown = { numbers: CardSecureToken; hideAt: number };

/**
 * "Show numbers": the password first (a dialog), then the full number and CVV for 60 seconds with
 * a countdown, each in the partner's secure frame (the page never holds them; docs/
 * unit-card-secure-data.md), and the expiry. Leaving the page, or the countdown ending, removes
 * the frames.
 */
export function CardNumbers({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const panId = `card-pan-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const cvvId = `card-cvv-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [frameError, setFrameError] = useState(false);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [shown]);

  const secondsLeft = shown ? Math.max(0, Math.ceil((shown.hideAt - now) / 1000)) : 0;
  useEffect(() => {
    if (shown && secondsLeft === 0) setShown(null);
  }, [shown, secondsLeft]);
  const secure = shown?.numbers;
  useEffect(() => {
    if (!secure) return;
    setFrameError(false);
    showCardNumbers(secure, panId, cvvId).catch(() => setFrameError(true));
  }, [secure, panId, cvvId]);

  const hide = () => setShown(null);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {shown && secondsLeft > 0 ? (
        <Box
          role="group"
          aria-label={t('reveal.groupLabel')}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('reveal.number')}
          </Typography>
          <Box id={panId} data-testid="card-pan" sx={{ minHeight: 32 }} />
          {frameError && (
            <Alert severity="error" role="alert">
              {t('reveal.frameFailed')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('reveal.expiry')}
              </Typography>
              <Typography data-testid="card-expiry" sx={{ fontFamily: 'monospace' }}>
                {formatExpiry(shown.numbers.expMonth, shown.numbers.expYear)}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('reveal.cvv')}
              </Typography>
              <Box id={cvvId} data-testid="card-cvv" sx={{ minHeight: 32, width: 96 }} />
            </Box>
          </Box>
          <Typography role="timer" aria-live="off" variant="body2" sx={{ fontWeight: 600 }}>
            {t('reveal.countdown', { count: secondsLeft })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button onClick={hide}>{t('reveal.hide')}</Button>
          </Box>
        </Box>
      ) : (
        <Button variant="outlined" onClick={() => setAsking(true)} sx={{ justifySelf: 'start' }}>
          {t('reveal.show')}
        </Button>
      )}
      {asking && (
        <PasswordDialog
          cardId={cardId}
          onClose={() => setAsking(false)}
          onRevealed={(numbers) => {
            setAsking(false);
            const at = Date.now();
            setNow(at);
            setShown({ numbers, hideAt: at + REVEAL_SECONDS * 1000 });
          }}
        />
      )}
    </Box>
  );
}

function PasswordDialog({
  cardId,
  onClose,
  onRevealed,
}: {
  cardId: string;
  onClose(): void;
  onRevealed(numbers: CardSecureToken): void;
}) {
  const { t } = useTranslation('cards');
  const steps = useSecureSteps(cardId, 'show', t('reveal.failed'), onRevealed);
  return (
    <FormDialog
      title={t('reveal.title')}
      error={steps.error}
      submitLabel={steps.texted ? t('reveal.submit') : t('pin.continue')}
      pending={steps.pending}
      onClose={onClose}
      onSubmit={steps.submit}
    >
      {!steps.texted && <Typography>{t('reveal.intro')}</Typography>}
      {steps.fields}
    </FormDialog>
  );
}
