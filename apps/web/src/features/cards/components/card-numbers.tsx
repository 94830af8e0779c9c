import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RevealedCard } from '@pago/shared/contracts/cards';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { revealCard } from '../api/cards';
import { formatExpiry } from './pago-card';

/** How long the numbers stay on screen. */
export const REVEAL_SECONDS = 60;

/** "4111 1111 1111 1111": the number in groups of four, as printed. */
export function groupPan(pan: string): string {
  return pan.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

type Shown = { numbers: RevealedCard; hideAt: number };

/**
 * "Show numbers": the password first (a dialog), then the full number, expiry and CVV for 60
 * seconds with a countdown. They live in this component's state only (never a query cache or
 * storage): leaving the page, or the countdown ending, drops them.
 */
export function CardNumbers({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [shown]);

  const secondsLeft = shown ? Math.max(0, Math.ceil((shown.hideAt - now) / 1000)) : 0;
  useEffect(() => {
    if (shown && secondsLeft === 0) {
      setShown(null);
      setCopied(false);
    }
  }, [shown, secondsLeft]);

  const hide = () => {
    setShown(null);
    setCopied(false);
  };

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
          <Typography
            data-testid="card-pan"
            sx={{ fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: '0.05em' }}
          >
            {groupPan(shown.numbers.pan)}
          </Typography>
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
              <Typography data-testid="card-cvv" sx={{ fontFamily: 'monospace' }}>
                {shown.numbers.cvv}
              </Typography>
            </Box>
          </Box>
          <Typography role="timer" aria-live="off" variant="body2" sx={{ fontWeight: 600 }}>
            {t('reveal.countdown', { count: secondsLeft })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shown.numbers.pan.replace(/\s+/g, ''))
                  .then(() => setCopied(true))
              }
            >
              {t('reveal.copy')}
            </Button>
            <Button onClick={hide}>{t('reveal.hide')}</Button>
            <Typography role="status" variant="body2" color="text.secondary">
              {copied ? t('reveal.copied') : ''}
            </Typography>
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
  onRevealed(numbers: RevealedCard): void;
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
      onRevealed(await revealCard(cardId, password, code?.trim() || undefined));
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
