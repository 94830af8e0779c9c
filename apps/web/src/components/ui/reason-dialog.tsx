import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { ResponsiveDialog } from './responsive-dialog';

/**
 * The console's question before an action or a view of a customer's data: why (3–500 characters,
 * written in the audit log). `onConfirm` gets the reason; its failure is shown in the dialog.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
  failureText,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onClose(): void;
  onConfirm(reason: string): Promise<void>;
  /** The screen's own words for a failure it knows better (else the errors namespace's). */
  failureText?: (error: unknown) => string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('ops');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const tooShort = reason.trim().length < 3;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooShort || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      setReason('');
      onClose();
    } catch (error) {
      setFailure(failureText?.(error) ?? errorText(t, error) ?? t('reason.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={title}>
      <DialogContent>
        {description}
        <form id={formId} onSubmit={submit} noValidate>
          {children}
          <TextField
            label={t('reason.label')}
            helperText={t('reason.help')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            required
            autoFocus
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </form>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reason.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={tooShort || busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
