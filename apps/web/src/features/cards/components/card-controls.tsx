import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARD_DAILY_LIMITS, type Card, type ShippingSpeed } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { addCents, type Cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCardAction, useReportLost } from '../api/cards';

type Dialog = 'lost' | 'activate' | 'pin' | 'limits' | null;

/**
 * What the holder can do with a card: freeze or unfreeze it (a switch, instantly), activate a
 * physical card that arrived, set its PIN, lower its daily limits, report it lost or stolen.
 */
export function CardControls({
  card,
  onReplaced,
}: {
  card: Card;
  /** After a report: this card is gone from the page, so the page says what happened. */
  onReplaced(text: string): void;
}) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [feedback, setFeedback] = useFeedback();
  const action = useCardAction(card.id);
  const frozen = card.status === 'frozen';
  const usable = card.status === 'active' || frozen;

  const toggleFreeze = () => {
    setFeedback(null);
    action.mutate(
      { action: frozen ? 'unfreeze' : 'freeze' },
      {
        onSuccess: () =>
          setFeedback({
            severity: 'success',
            text: t(frozen ? 'freeze.unfrozen' : 'freeze.frozen'),
          }),
        onError: (failure) => setFeedback(moneyErrorFeedback(t, failure, 'freeze.failed', locale)),
      },
    );
  };
  const done = (text: string) => {
    setDialog(null);
    setFeedback({ severity: 'success', text });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FeedbackMessage feedback={feedback} />
      {usable && (
        <Box>
          <FormControlLabel
            control={
              <Switch checked={frozen} onChange={toggleFreeze} disabled={action.isPending} />
            }
            label={t('freeze.label')}
          />
          <Typography variant="body2" color="text.secondary">
            {t(frozen ? 'freeze.onHint' : 'freeze.offHint')}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {card.status === 'inactive' && (
          <Button variant="contained" onClick={() => setDialog('activate')}>
            {t('activate.open')}
          </Button>
        )}
        {card.type === 'physical' && card.status !== 'inactive' && (
          <Button variant="outlined" onClick={() => setDialog('pin')}>
            {t('pin.open')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => setDialog('limits')}>
          {t('limits.open')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('lost')}>
          {t('lost.open')}
        </Button>
      </Box>
      {dialog === 'lost' && (
        <ReportLostDialog card={card} onClose={() => setDialog(null)} onDone={onReplaced} />
      )}
      {dialog === 'activate' && (
        <ActivateDialog card={card} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog === 'pin' && <PinDialog card={card} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'limits' && (
        <LimitsDialog card={card} onClose={() => setDialog(null)} onDone={done} />
      )}
    </Box>
  );
}

type DialogProps = { card: Card; onClose(): void; onDone(text: string): void };

/** A dialog holding one form: its error above the fields, Cancel and the submit button below. */
function FormDialog({
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

/** Standard (free) or expedited delivery of a physical card, with the fee beside each. */
export function ShippingChoice({
  value,
  onChange,
}: {
  value: ShippingSpeed;
  onChange(speed: ShippingSpeed): void;
}) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  return (
    <RadioGroup
      aria-label={t('shipping.label')}
      value={value}
      onChange={(event) => onChange(event.target.value as ShippingSpeed)}
    >
      <FormControlLabel value="standard" control={<Radio />} label={t('shipping.standard')} />
      <FormControlLabel
        value="expedited"
        control={<Radio />}
        label={t('shipping.expedited', { fee: formatUsd(CARD_FEES.expeditedDelivery, locale) })}
      />
    </RadioGroup>
  );
}

function ReportLostDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const [reason, setReason] = useState<'lost' | 'stolen'>('lost');
  const [shipping, setShipping] = useState<ShippingSpeed>('standard');
  const [error, setError] = useState<string | null>(null);
  const report = useReportLost(card.id);
  const physical = card.type === 'physical';
  const fee: Cents =
    physical && shipping === 'expedited'
      ? addCents(CARD_FEES.replacement, CARD_FEES.expeditedDelivery)
      : CARD_FEES.replacement;
  const submit = () => {
    setError(null);
    report.mutate(
      { reason, shipping: physical ? shipping : 'standard' },
      {
        onSuccess: (result) =>
          onDone(t('lost.done', { old: card.last4, last4: result.replacement.last4 })),
        onError: (failure) => setError(moneyErrorFeedback(t, failure, 'lost.failed', locale).text),
      },
    );
  };
  return (
    <FormDialog
      title={t('lost.title', { last4: card.last4 })}
      error={error}
      submitLabel={t('lost.submit', { fee: formatUsd(fee, locale) })}
      pending={report.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('lost.intro')}</Typography>
      <RadioGroup
        aria-label={t('lost.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value === 'stolen' ? 'stolen' : 'lost')}
      >
        <FormControlLabel value="lost" control={<Radio />} label={t('lost.lost')} />
        <FormControlLabel value="stolen" control={<Radio />} label={t('lost.stolen')} />
      </RadioGroup>
      {physical && <ShippingChoice value={shipping} onChange={setShipping} />}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}>
        <dt>{t('lost.replacementFee')}</dt>
        <dd style={{ margin: 0 }}>{formatUsd(CARD_FEES.replacement, locale)}</dd>
        {physical && shipping === 'expedited' && (
          <>
            <dt>{t('lost.expeditedFee')}</dt>
            <dd style={{ margin: 0 }}>{formatUsd(CARD_FEES.expeditedDelivery, locale)}</dd>
          </>
        )}
        <Box component="dt" sx={{ fontWeight: 700 }}>
          {t('lost.total')}
        </Box>
        <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {formatUsd(fee, locale)}
        </Box>
      </Box>
    </FormDialog>
  );
}

/** "04/29" or "04/2029" → month and full year; null when it is not an expiry. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

function ActivateDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const [last4, setLast4] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = parseExpiry(expiry);
    if (!/^\d{4}$/.test(last4)) return setError(t('activate.last4Invalid'));
    if (!parsed) return setError(t('activate.expiryInvalid'));
    setError(null);
    action.mutate(
      { action: 'activate', last4, ...parsed },
      {
        onSuccess: () => onDone(t('activate.done')),
        onError: (failure) =>
          setError(moneyErrorFeedback(t, failure, 'activate.failed', locale).text),
      },
    );
  };
  return (
    <FormDialog
      title={t('activate.title')}
      error={error}
      submitLabel={t('activate.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('activate.intro')}</Typography>
      <TextField
        label={t('activate.last4')}
        value={last4}
        onChange={(event) => setLast4(event.target.value.replace(/\D/g, '').slice(0, 4))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        required
      />
      <TextField
        label={t('activate.expiry')}
        helperText={t('activate.expiryHint')}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value.slice(0, 7))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        required
      />
    </FormDialog>
  );
}

function PinDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 4);
  const submit = () => {
    if (!/^\d{4}$/.test(pin)) return setError(t('pin.invalid'));
    if (pin !== again) return setError(t('pin.mismatch'));
    setError(null);
    action.mutate(
      { action: 'pin', pin },
      {
        onSuccess: () => onDone(t('pin.done')),
        onError: (failure) => setError(moneyErrorFeedback(t, failure, 'pin.failed', locale).text),
      },
    );
  };
  const field = { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 };
  return (
    <FormDialog
      title={t('pin.title')}
      error={error}
      submitLabel={t('pin.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('pin.intro')}</Typography>
      <TextField
        label={t('pin.pin')}
        type="password"
        value={pin}
        onChange={(event) => setPin(digits(event.target.value))}
        slotProps={{ htmlInput: field }}
        required
      />
      <TextField
        label={t('pin.again')}
        type="password"
        value={again}
        onChange={(event) => setAgain(digits(event.target.value))}
        slotProps={{ htmlInput: field }}
        required
      />
    </FormDialog>
  );
}

function LimitsDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const decimal = (value: number) => (value / 100).toFixed(2);
  const [purchase, setPurchase] = useState(decimal(card.limits.dailyPurchaseCents));
  const [withdrawal, setWithdrawal] = useState(decimal(card.limits.dailyWithdrawalCents));
  const [error, setError] = useState<string | null>(null);
  const maxPurchase = formatUsd(CARD_DAILY_LIMITS.purchaseCents as Cents, locale);
  const maxWithdrawal = formatUsd(CARD_DAILY_LIMITS.withdrawalCents as Cents, locale);
  const read = (value: string, max: number) => {
    const amount = parseAmount(value, locale);
    return amount !== null && amount >= 100 && amount <= max ? amount : null;
  };
  const submit = () => {
    const dailyPurchaseCents = read(purchase, CARD_DAILY_LIMITS.purchaseCents);
    const dailyWithdrawalCents = read(withdrawal, CARD_DAILY_LIMITS.withdrawalCents);
    if (dailyPurchaseCents === null) {
      return setError(t('limits.invalid', { max: maxPurchase, what: t('limits.purchase') }));
    }
    if (dailyWithdrawalCents === null) {
      return setError(t('limits.invalid', { max: maxWithdrawal, what: t('limits.withdrawal') }));
    }
    setError(null);
    action.mutate(
      { action: 'limits', limits: { dailyPurchaseCents, dailyWithdrawalCents } },
      {
        onSuccess: () => onDone(t('limits.done')),
        onError: (failure) =>
          setError(moneyErrorFeedback(t, failure, 'limits.failed', locale).text),
      },
    );
  };
  return (
    <FormDialog
      title={t('limits.title')}
      error={error}
      submitLabel={t('limits.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('limits.intro')}</Typography>
      <UsdAmountField
        label={t('limits.purchase')}
        helperText={t('limits.max', { max: maxPurchase })}
        value={purchase}
        onChange={(event) => setPurchase(event.target.value)}
      />
      <UsdAmountField
        label={t('limits.withdrawal')}
        helperText={t('limits.max', { max: maxWithdrawal })}
        value={withdrawal}
        onChange={(event) => setWithdrawal(event.target.value)}
      />
    </FormDialog>
  );
}
