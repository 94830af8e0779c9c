import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/lib/api-client';
import { errorText as sharedErrorText } from '@/lib/error-text';
import { PROFILE_UPDATED } from '@/lib/events';
import { formatPhone } from '@/lib/phone';
import { useSendPhoneCode, useVerifyPhone } from '../api/phone';

type Props = {
  open: boolean;
  /** The profile's phone, E.164. */
  phone: string;
  onClose: () => void;
  /** Called once the server has verified the phone. */
  onVerified: () => void;
};

/** Codes whose meaning here is the SMS's (`phone:errors.<code>`); others say `errors:<code>`. */
const SMS_WORDING = new Set<string>(['validation_failed', 'service_unavailable']);

function errorText(t: TFunction, error: unknown, fallback: 'sendFailed' | 'verifyFailed') {
  if (error instanceof ApiError && SMS_WORDING.has(error.code)) {
    return t(`phone:errors.${error.code}`);
  }
  return sharedErrorText(t, error) ?? t(`phone:errors.${fallback}`);
}

/**
 * Verify a phone in two steps: send a code by SMS, then type it. On success the page-wide
 * profile-updated event refetches the user, so the badge turns to "verified".
 */
export function VerifyPhoneDialog({ open, phone, onClose, onVerified }: Props) {
  const { t } = useTranslation('phone');
  const titleId = useId();
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [step, setStep] = useState<'send' | 'code'>('send');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const busy = sendCode.isPending || verify.isPending;

  async function send(again: boolean) {
    setError(null);
    setNote(null);
    try {
      await sendCode.mutateAsync({ phone });
      setStep('code');
      if (again) setNote(t('resent'));
    } catch (failure) {
      setError(errorText(t, failure, 'sendFailed'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t(code === '' ? 'codeRequired' : 'codeLength'));
      return;
    }
    setCodeError(null);
    setError(null);
    try {
      await verify.mutateAsync({ phone, code });
      window.dispatchEvent(new Event(PROFILE_UPDATED));
      onVerified();
    } catch (failure) {
      setError(errorText(t, failure, 'verifyFailed'));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {step === 'send'
                ? t('intro', { phone: formatPhone(phone) })
                : t('sent', { phone: formatPhone(phone) })}
            </Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {note && (
              <Alert severity="success" role="status">
                {note}
              </Alert>
            )}
            {step === 'code' && (
              <CodeField
                label={t('code')}
                value={code}
                onChange={setCode}
                error={codeError !== null}
                helperText={codeError ?? ' '}
                autoFocus
                resend={{
                  label: t('resend'),
                  onClick: () => void send(true),
                  disabled: busy,
                }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          {step === 'send' ? (
            <Button variant="contained" onClick={() => void send(false)} disabled={busy}>
              {sendCode.isPending ? t('sending') : t('send')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={busy}>
              {verify.isPending ? t('verifying') : t('verify')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
