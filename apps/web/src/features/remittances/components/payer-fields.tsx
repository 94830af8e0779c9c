import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Payer } from '@pago/shared/contracts/remittances';
import type { CorridorCountry } from '@pago/shared/fees';
import { ACCOUNT_TYPES, ID_TYPES, type PayerFieldName } from '@pago/shared/payers';
import { BANK_ACCOUNT_FORMATS } from '@pago/shared/remittances';
import { useTranslation } from 'react-i18next';
import { payerDelivery } from '../lib/payer-delivery';

// The payer chosen in the recipient form (recipient-form.tsx): who pays, how fast, and an input
// for each field it requires, worded for the recipient's country.

/** The label and hint of a payer's field, for the recipient's country. */
function fieldWords(name: PayerFieldName, country: CorridorCountry) {
  const format = BANK_ACCOUNT_FORMATS[country];
  if (name === 'bank_account_number') {
    return {
      label: 'recipient.fields.bank_account_number',
      hint:
        format.kind === 'digits' ? 'recipient.hints.digits' : 'recipient.hints.bank_account_number',
      values: format,
    };
  }
  if (name === 'iban') {
    return {
      label: 'recipient.fields.iban',
      hint: 'recipient.hints.iban',
      values: { length: format.kind === 'iban' ? format.length : 0, country },
    };
  }
  return { label: `recipient.fields.${name}`, hint: `recipient.hints.${name}`, values: {} };
}

const SELECT_OPTIONS: Partial<Record<PayerFieldName, readonly string[]>> = {
  account_type: ACCOUNT_TYPES,
  id_type: ID_TYPES,
};
const NUMERIC: readonly PayerFieldName[] = ['clabe', 'cbu'];

/** Who pays, how fast, and for cash, how the recipient collects it. */
export function PayerSummary({ payer, single }: { payer: Payer; single: boolean }) {
  const { t } = useTranslation('remittances');
  const delivery = payerDelivery(payer.deliveryMinutes);
  return (
    <Box data-testid="payer-summary">
      {single && (
        <Typography sx={{ fontWeight: 600 }}>
          {t(`payer.paidBy.${payer.method}`, { payer: payer.name })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(delivery.key, { count: delivery.count })}
      </Typography>
      {payer.method === 'cash_pickup' && (
        <Typography variant="body2">{t('payer.cashAnyAgent', { payer: payer.name })}</Typography>
      )}
    </Box>
  );
}

/** One field a payer requires: a select for the partner's lists, else text suited to it. */
export function PayerField({
  name,
  country,
  value,
  error,
  onChange,
}: {
  name: PayerFieldName;
  country: CorridorCountry;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('remittances');
  const words = fieldWords(name, country);
  const options = SELECT_OPTIONS[name];
  const common = {
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    error: Boolean(error),
    helperText: error ? t(error) : t(words.hint, words.values),
    fullWidth: true,
    label: t(words.label),
  };
  if (options) {
    return (
      <TextField
        select
        {...common}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('recipient.chooseOption')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`recipient.options.${option}`)}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      autoComplete="off"
      type={name === 'msisdn' ? 'tel' : 'text'}
      slotProps={{
        htmlInput: NUMERIC.includes(name) ? { inputMode: 'numeric' } : {},
      }}
    />
  );
}
