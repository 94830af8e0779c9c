import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type Recipient, recipientBody } from '@pago/shared/contracts/remittances';
import { CORRIDORS, type CorridorCountry } from '@pago/shared/fees';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import {
  BANK_ACCOUNT_FORMATS,
  type PayoutMethod,
  payoutMethodsFor,
} from '@pago/shared/remittances';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/format';
import { toE164 } from '@/lib/phone';
import { usePickupLocations, useSaveRecipient } from '../api/remittances';

type Fields = {
  fullName: string;
  country: CorridorCountry;
  phone: string;
  method: PayoutMethod;
  accountNumber: string;
  locationId: string;
  walletPhone: string;
};
type FieldName = keyof Fields;

/** The hint under the account field: the shape the country's banks use. */
export function accountHintKey(country: CorridorCountry) {
  const format = BANK_ACCOUNT_FORMATS[country];
  return { key: `recipient.account.${format.kind}`, values: format };
}

/** An issue of the shared schema, as the field it belongs to and the key of its words. */
function fieldError(path: PropertyKey[], message: string): [FieldName, string] {
  const last = String(path[path.length - 1] ?? 'fullName');
  const field = (last === 'method' ? 'method' : last) as FieldName;
  if (message === 'phone_not_of_country') return [field, 'recipient.errors.phoneNotOfCountry'];
  if (message === 'account_invalid') return [field, 'recipient.errors.accountInvalid'];
  if (message === 'method_unavailable') return [field, 'recipient.errors.methodUnavailable'];
  return [field, `recipient.errors.${field}`];
}

/**
 * A new recipient abroad: full name, country, phone, and how they are paid — a bank deposit
 * (CLABE in Mexico, the country's account shape elsewhere), cash pickup at a location of the
 * country, or a mobile wallet where the country has them. Checked with the server's own schema.
 */
export function RecipientForm({
  onSaved,
  onCancel,
}: {
  onSaved(recipient: Recipient): void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const [fields, setFields] = useState<Fields>({
    fullName: '',
    country: 'MX',
    phone: '',
    method: 'bank_deposit',
    accountNumber: '',
    locationId: '',
    walletPhone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRecipient();
  const methods = payoutMethodsFor(fields.country);
  const locations = usePickupLocations(fields.method === 'cash_pickup' ? fields.country : null);
  const set = (name: FieldName) => (value: string) => {
    setFields((previous) => {
      const next = { ...previous, [name]: value } as Fields;
      if (name === 'country' && !payoutMethodsFor(next.country).includes(next.method)) {
        next.method = 'bank_deposit';
      }
      if (name === 'country') next.locationId = '';
      return next;
    });
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };
  const phoneOf = (text: string) => toE164(text, fields.country) ?? text.replace(/[\s()-]/g, '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const payout =
      fields.method === 'bank_deposit'
        ? { method: fields.method, accountNumber: fields.accountNumber }
        : fields.method === 'cash_pickup'
          ? { method: fields.method, locationId: fields.locationId }
          : { method: fields.method, walletPhone: phoneOf(fields.walletPhone || fields.phone) };
    const parsed = recipientBody.safeParse({
      fullName: fields.fullName,
      country: fields.country,
      phone: phoneOf(fields.phone),
      payout,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const [field, key] = fieldError(issue.path, issue.message);
        found[field] ??= key;
      }
      setErrors(found);
      return;
    }
    try {
      onSaved(await save.mutateAsync(parsed.data));
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'pickup_location_not_found'
          ? t('errors:pickup_location_not_found')
          : t('recipient.errors.saveFailed'),
      );
    }
  };

  const text = (name: FieldName) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as string) : undefined,
    fullWidth: true,
  });
  const hint = accountHintKey(fields.country);

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <TextField {...text('fullName')} label={t('recipient.fields.fullName')} autoComplete="off" />
      <TextField
        select
        {...text('country')}
        label={t('recipient.fields.country')}
        slotProps={{ select: { native: true } }}
      >
        {CORRIDORS.map(({ country }) => (
          <option key={country} value={country}>
            {getPhoneCountry(country).name[locale]}
          </option>
        ))}
      </TextField>
      <TextField
        {...text('phone')}
        type="tel"
        label={t('recipient.fields.phone')}
        helperText={
          errors.phone
            ? t(errors.phone)
            : t('recipient.fields.phoneHint', {
                code: getPhoneCountry(fields.country).callingCode,
              })
        }
      />
      <FormControl component="fieldset" error={Boolean(errors.method)}>
        <FormLabel component="legend">{t('recipient.fields.method')}</FormLabel>
        <RadioGroup value={fields.method} onChange={(e) => set('method')(e.target.value)}>
          {methods.map((method) => (
            <FormControlLabel
              key={method}
              value={method}
              control={<Radio />}
              label={t(`recipient.method.${method}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {fields.method === 'bank_deposit' && (
        <TextField
          {...text('accountNumber')}
          label={t(`recipient.fields.account.${hint.values.kind}`)}
          autoComplete="off"
          helperText={errors.accountNumber ? t(errors.accountNumber) : t(hint.key, hint.values)}
        />
      )}
      {fields.method === 'cash_pickup' && (
        <TextField
          select
          {...text('locationId')}
          label={t('recipient.fields.location')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('recipient.fields.locationChoose')}</option>
          {(locations.data ?? []).map((location) => (
            <option key={location.id} value={location.id}>
              {`${location.name} — ${location.city}`}
            </option>
          ))}
        </TextField>
      )}
      {fields.method === 'mobile_wallet' && (
        <TextField
          {...text('walletPhone')}
          type="tel"
          label={t('recipient.fields.walletPhone')}
          helperText={errors.walletPhone ? t(errors.walletPhone) : t('recipient.fields.walletHint')}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('recipient.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('recipient.cancel')}</Button>}
      </Box>
    </Box>
  );
}
