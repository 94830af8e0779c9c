import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { requestSecureToken } from '../api/cards';
import { showCardNumbers } from '../lib/secure-frames';
import { formatExpiry } from './pago-card';

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
  const [password, setPassword] = useState('');
  /** Asked once the server says the account has two-step codes on. */
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('reveal.passwordRequired'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      onRevealed(await requestSecureToken(cardId, 'show', password, code?.trim() || undefined));
    } catch (failure) {
      setPending(false);
      const failed = failure instanceof ApiError ? failure.code : null;
      if (failed === 'two_step_required') {
        setCode((current) => current ?? '');
        setError(code === null ? null : t('reveal.codeRequired'));
        return;
      }
      if (failed === 'invalid_two_step_code') {
        setError(t('reveal.wrongCode'));
        return;
      }
      const wrong = failed === 'invalid_credentials';
      setError(wrong ? t('reveal.wrongPassword') : (errorText(t, failure) ?? t('reveal.failed')));
    }
  };

  return (
    <ResponsiveDialog open onClose={onClose} title={t('reveal.title')}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('reveal.intro')}</Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('reveal.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
            required
          />
          {code !== null && (
            <TextField
              label={t('reveal.code')}
              helperText={t('reveal.codeHelp')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              autoFocus
              slotProps={{
                htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false },
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('common:status.processing') : t('reveal.submit')}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
