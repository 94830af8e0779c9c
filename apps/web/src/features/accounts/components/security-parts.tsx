import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the last action of a security card did: a success or an error, read out as it appears. */
export type Notice = { error: boolean; text: string } | null;

export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <Box aria-live="polite">
      {notice && (
        <Alert
          severity={notice.error ? 'error' : 'success'}
          role={notice.error ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      )}
    </Box>
  );
}

/** A current code: the authenticator app's 6 digits or a recovery code. */
export function TwoStepCodeField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <TextField
      label={t('twoStep.codeLabel')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}

/**
 * A dialog step asking a current code before a sensitive change (a new e-mail or phone) is
 * saved, when the server answered two_step_required.
 */
export function TwoStepChangeStep({
  title,
  titleId,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  title: string;
  titleId: string;
  busy: boolean;
  error: string | null;
  onBack(): void;
  onConfirm(code: string): void;
}) {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onConfirm(code.trim());
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{t('codeNeeded')}</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TwoStepCodeField value={code} onChange={setCode} disabled={busy} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {t('confirmChange')}
        </Button>
      </DialogActions>
    </Box>
  );
}
