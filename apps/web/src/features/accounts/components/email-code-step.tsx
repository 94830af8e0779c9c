import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/ui/code-field';
import { errorText } from '@/lib/error-text';
import { SUCCESS_MESSAGE_MS } from '../lib/profile-display';

type CodeStepProps = {
  titleId: string;
  email: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onResend: () => Promise<unknown>;
  onVerify: (code: string) => Promise<void>;
};

/** The code sent to a new e-mail address, which saves the profile once confirmed. */
export function EmailCodeStep({
  titleId,
  email,
  busy,
  error,
  onBack,
  onResend,
  onVerify,
}: CodeStepProps) {
  const { t } = useTranslation('accounts');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<{ ok: boolean; text: string } | null>(null);

  // Spec §4: a success message clears after 5 s.
  useEffect(() => {
    if (!resendNote?.ok) return;
    const timer = window.setTimeout(() => setResendNote(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [resendNote]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code === '') {
      setCodeError(t('edit.emailChange.codeRequired'));
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('edit.emailChange.codeLength'));
      return;
    }
    setCodeError(null);
    void onVerify(code);
  }

  async function resend() {
    setResendNote(null);
    try {
      await onResend();
      setResendNote({ ok: true, text: t('edit.emailChange.resent') });
    } catch (failure) {
      setResendNote({ ok: false, text: errorText(t, failure) ?? t('edit.errors.sendFailed') });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('edit.emailChange.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('edit.emailChange.sent', { email })}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {resendNote && (
            <Alert
              severity={resendNote.ok ? 'success' : 'error'}
              role={resendNote.ok ? 'status' : 'alert'}
            >
              {resendNote.text}
            </Alert>
          )}
          <CodeField
            label={t('edit.emailChange.code')}
            value={code}
            onChange={setCode}
            error={codeError !== null}
            helperText={codeError ?? ' '}
            autoFocus
            resend={{ label: t('edit.emailChange.resend'), onClick: resend, disabled: busy }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onBack} disabled={busy}>
          {t('edit.emailChange.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('edit.emailChange.verifying') : t('edit.emailChange.verify')}
        </Button>
      </DialogActions>
    </Box>
  );
}
