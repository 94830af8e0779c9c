import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { Card } from '@pago/shared/contracts/cards';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';

export type DialogProps = { card: Card; onClose(): void; onDone(text: string): void };

/** A dialog holding one form: its error above the fields, Cancel and the submit button below. */
export function FormDialog({
  title,
  error,
  submitLabel,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  error: string | null;
  submitLabel: string;
  pending: boolean;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('cards');
  return (
    <ResponsiveDialog open onClose={onClose} title={title}>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('common:status.processing') : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
