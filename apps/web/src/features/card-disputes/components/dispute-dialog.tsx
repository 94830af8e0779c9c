import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardDispute, CardDisputeReason } from '@pago/shared/contracts/card-disputes';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { dollarsToCents, formatUsd } from '@pago/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { useOpenDispute } from '../api/card-disputes';

type Charge = Pick<Transfer, 'id' | 'amountCents' | 'details'>;

/**
 * Disputes a card charge: why ("No reconozco este cargo" or "El monto es incorrecto", then the
 * right amount), what happened, then a review to confirm. Once sent: what happens next (the
 * provisional credit within 10 business days).
 */
export function DisputeDialog({ charge, onClose }: { charge: Charge; onClose(): void }) {
  const { t } = useTranslation(['disputes', 'errors']);
  const locale = useLocale();
  const reasonLabel = useId();
  const open = useOpenDispute();
  const [reason, setReason] = useState<CardDisputeReason | null>(null);
  const [description, setDescription] = useState('');
  const [correct, setCorrect] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CardDispute | null>(null);
  const merchant = String(charge.details.merchantName ?? charge.details.atmName ?? 'Pago');
  const charged = formatUsd(charge.amountCents, locale);
  const correctCents = correct.trim() === '' ? null : dollarsToCents(Number(correct));

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t('form.reasonRequired'));
    if (!description.trim()) return setError(t('form.descriptionRequired'));
    if (reason === 'wrong_amount') {
      if (correctCents === null || correctCents < 0 || correctCents >= charge.amountCents) {
        return setError(t('form.correctInvalid', { amount: charged }));
      }
    }
    setError(null);
    setReviewing(true);
  };
  const confirm = () => {
    if (!reason) return;
    open.mutate(
      {
        transferId: charge.id,
        reason,
        description: description.trim(),
        ...(reason === 'wrong_amount' && correctCents !== null
          ? { correctAmountCents: correctCents }
          : {}),
      },
      {
        onSuccess: (dispute) => setDone(dispute),
        onError: (failure) => {
          setReviewing(false);
          setError(errorText(t, failure) ?? t('form.failed'));
        },
      },
    );
  };

  return (
    <ResponsiveDialog open onClose={onClose} title={t('form.title')}>
      {done ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="success" role="status">
              {t('form.sent', { merchant })}
            </Alert>
            <Typography>{t('form.next')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('form.close')}
            </Button>
          </DialogActions>
        </>
      ) : reviewing ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('review.title')}
            </Typography>
            <Typography>{t('review.charge', { merchant, amount: charged })}</Typography>
            <Typography>
              {t('review.reason')} {t(`reasons.${reason}`)}
            </Typography>
            {reason === 'wrong_amount' && correctCents !== null && (
              <Typography>
                {t('review.correct', { amount: formatUsd(correctCents, locale) })}
              </Typography>
            )}
            <Typography>
              {t('review.description')} “{description.trim()}”
            </Typography>
            <Typography color="text.secondary">{t('review.terms')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReviewing(false)}>{t('review.back')}</Button>
            <Button variant="contained" onClick={confirm} disabled={open.isPending}>
              {open.isPending ? t('common:status.processing') : t('review.confirm')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={review}>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography>{t('form.intro', { merchant, amount: charged })}</Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <Box>
              <Typography id={reasonLabel} sx={{ fontWeight: 600 }}>
                {t('form.reason')}
              </Typography>
              <RadioGroup
                aria-labelledby={reasonLabel}
                value={reason ?? ''}
                onChange={(event) => setReason(event.target.value as CardDisputeReason)}
              >
                <FormControlLabel
                  value="unauthorized"
                  control={<Radio />}
                  label={t('reasons.unauthorized')}
                />
                <FormControlLabel
                  value="wrong_amount"
                  control={<Radio />}
                  label={t('reasons.wrong_amount')}
                />
              </RadioGroup>
            </Box>
            {reason === 'wrong_amount' && (
              <TextField
                label={t('form.correct')}
                helperText={t('form.correctHelp', { amount: charged })}
                value={correct}
                onChange={(event) => setCorrect(event.target.value.replace(/[^0-9.]/g, ''))}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
            <TextField
              label={t('form.description')}
              helperText={t('form.descriptionHelp')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('form.continue')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </ResponsiveDialog>
  );
}
