import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pinForm } from '../lib/secure-frames';
import { type DialogProps, FormDialog } from './form-dialog';
import { useSecureSteps } from './secure-steps';

/**
 * Sets the card's four-digit PIN: the password and the texted code first, then the PIN typed into the partner's
 * secure field (VGS Collect; the fake's in sandbox mode), which sends it to the partner's vault.
 * Pago never sees it.
 */
export function PinDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const [secure, setSecure] = useState<CardSecureToken | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const steps = useSecureSteps(card.id, 'pin', t('pin.failed'), setSecure);
  const fieldId = `card-pin-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const form = useRef<Awaited<ReturnType<typeof pinForm>> | null>(null);

  useEffect(() => {
    if (!secure) return;
    pinForm(secure, fieldId, t('pin.pin'))
      .then((ready) => {
        form.current = ready;
      })
      .catch(() => setSendError(t('pin.failed')));
  }, [secure, fieldId, t]);

  const sendPin = async () => {
    const ready = form.current;
    if (!ready) return;
    if (!ready.valid()) return setSendError(t('pin.invalid'));
    setSending(true);
    setSendError(null);
    const status = await ready.submit();
    setSending(false);
    if (status >= 200 && status < 300) onDone(t('pin.done'));
    else setSendError(t('pin.failed'));
  };

  return (
    <FormDialog
      title={t('pin.title')}
      error={secure ? sendError : steps.error}
      submitLabel={secure ? t('pin.submit') : t('pin.continue')}
      pending={secure ? sending : steps.pending}
      onClose={onClose}
      onSubmit={() => (secure ? void sendPin() : steps.submit())}
    >
      {!steps.texted && <Typography>{t('pin.intro')}</Typography>}
      {secure ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography component="label" htmlFor={fieldId} variant="body2" color="text.secondary">
            {t('pin.pin')}
          </Typography>
          <Box id={fieldId} data-testid="card-pin-field" sx={{ minHeight: 48 }} />
          <Typography variant="body2" color="text.secondary">
            {t('pin.secureNote')}
          </Typography>
        </Box>
      ) : (
        steps.fields
      )}
    </FormDialog>
  );
}
