import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type Cents, formatUsd } from '@pago/shared/money';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

/**
 * A U.S. phone that is not on Pago cannot receive a Send Money (it is no remittance): invite the
 * person instead, with a message that links to Pago's sign-up. Once they join with that number,
 * the same send reaches them instantly and free. Sent by text message or copied, by the sender.
 */
export function InvitePanel({ phone, amountCents }: { phone: string; amountCents: Cents | null }) {
  // Without an amount (the send flow's "who" step) the message invites without one (`send`).
  const { t } = useTranslation(['transfers', 'send']);
  const locale = useLocale();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/signup`;
  const message =
    amountCents === null
      ? t('send:invite.message', { link })
      : t('invite.message', { amount: formatUsd(amountCents, locale), link });
  const shown = parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copy = async () => {
    await navigator.clipboard.writeText(message);
    setCopied(true);
  };
  return (
    <Alert
      severity="info"
      role="region"
      aria-label={t('invite.title', { phone: shown })}
      sx={{ mb: 3 }}
    >
      <AlertTitle>{t('invite.title', { phone: shown })}</AlertTitle>
      {t('invite.body')}
      <TextField
        label={t('invite.messageLabel')}
        value={message}
        multiline
        fullWidth
        size="small"
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          href={`sms:${phone}?body=${encodeURIComponent(message)}`}
        >
          {t('invite.sms')}
        </Button>
        {canCopy && (
          <Button variant="outlined" size="small" onClick={() => void copy()}>
            {copied ? t('invite.copied') : t('invite.copy')}
          </Button>
        )}
      </Box>
    </Alert>
  );
}
