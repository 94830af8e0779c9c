import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useSession } from '@/lib/session';
import { PhoneStep } from './phone-step';

/**
 * Home's reminder while the phone is not verified (the onboarding step was skipped): "Verifica tu
 * teléfono", opening the same step in a dialog. Gone once the phone is verified.
 */
export function PhoneReminder() {
  const { t } = useTranslation('phone');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user || user.phone_verified) return null;
  return (
    <>
      <Alert
        severity="info"
        role="note"
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            {t('reminder.action')}
          </Button>
        }
      >
        {t('reminder.body')}
      </Alert>
      {open && (
        <ResponsiveDialog open onClose={() => setOpen(false)} title={t('title')}>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <PhoneStep
              onVerified={() => setOpen(false)}
              onSkip={() => setOpen(false)}
              skipLabel={t('cancel')}
            />
          </DialogContent>
        </ResponsiveDialog>
      )}
    </>
  );
}
