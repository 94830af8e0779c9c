import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ShippingSpeed } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

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
