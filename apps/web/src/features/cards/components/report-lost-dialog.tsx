import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ShippingSpeed } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { addCents, type Cents, formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useReportLost } from '../api/cards';
import { type DialogProps, FormDialog } from './form-dialog';
import { ShippingChoice } from './shipping-choice';

/** Reports the card lost or stolen: it is closed and a replacement ordered. */
export function ReportLostDialog({ card, onClose, onDone }: DialogProps) {
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
