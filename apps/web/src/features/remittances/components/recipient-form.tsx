import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type Payer, type Recipient, recipientBody } from '@pago/shared/contracts/remittances';
import { CORRIDORS, type CorridorCountry, isCorridorCountry } from '@pago/shared/fees';
import { isPayerField, type PayerFieldName } from '@pago/shared/payers';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import { type PayoutMethod, payoutMethodsFor } from '@pago/shared/remittances';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { toE164 } from '@/lib/phone';
import { usePayers, useSaveRecipient } from '../api/remittances';
import { PayerField, PayerSummary } from './payer-fields';

type Person = {
  firstName: string;
  lastName: string;
  country: CorridorCountry;
  phone: string;
  method: PayoutMethod;
  /** '' until chosen (a country's only payer for the method is chosen for the person). */
  payerId: string;
};
/** Where an error shows: a field of the person, the payer, or one of the payer's fields. */
type ErrorAt = keyof Person | PayerFieldName;

/** The stable message keys of the shared payer rules (payers.ts), as the form words them. */
const FIELD_PROBLEMS = ['required', 'account_invalid', 'phone_not_of_country', 'invalid'];

/** An issue of the shared schema, as the place it shows and the key of its words. */
export function fieldError(path: readonly PropertyKey[], message: string): [ErrorAt, string] {
  const last = String(path[path.length - 1] ?? 'firstName');
  if (path[0] === 'payout' && path[1] === 'fields' && isPayerField(last)) {
    const problem = FIELD_PROBLEMS.includes(message) ? message : 'invalid';
    return [last, `recipient.errors.field.${problem}`];
  }
  if (path[0] === 'payout') {
    return last === 'method'
      ? [
          'method',
          `recipient.errors.${message === 'method_unavailable' ? 'methodUnavailable' : 'method'}`,
        ]
      : ['payerId', 'recipient.errors.payerId'];
  }
  const field = (
    ['firstName', 'lastName', 'country', 'phone'].includes(last) ? last : 'firstName'
  ) as ErrorAt;
  if (message === 'phone_not_of_country') return [field, 'recipient.errors.phoneNotOfCountry'];
  return [field, `recipient.errors.${field}`];
}

function initialPerson(recipient: Recipient | null, start: CorridorCountry): Person {
  const country = recipient && isCorridorCountry(recipient.country) ? recipient.country : start;
  return {
    firstName: recipient?.firstName ?? '',
    lastName: recipient?.lastName ?? '',
    country,
    phone: recipient?.phone ?? '',
    method: recipient?.payout.method ?? 'bank_deposit',
    payerId: '',
  };
}

/**
 * A recipient abroad: first and family names as on their ID, country, phone, and how they are
 * paid — the payout method, then the payer (a bank, a cash pickup network, a mobile wallet) from
 * the partner's catalogue, then exactly the fields that payer requires, checked with the server's
 * own schema before any call. With `recipient`, a saved one whose payout is chosen again.
 */
export function RecipientForm({
  recipient = null,
  country = 'MX',
  onSaved,
  onCancel,
}: {
  recipient?: Recipient | null;
  /** A new recipient's country to start from (the calculator's). */
  country?: CorridorCountry;
  onSaved(recipient: Recipient): void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const [person, setPerson] = useState<Person>(() => initialPerson(recipient, country));
  const [values, setValues] = useState<Partial<Record<PayerFieldName, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<ErrorAt, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRecipient(recipient?.id ?? null);
  const methods = payoutMethodsFor(person.country);
  const payers = usePayers(person.country, person.method);
  const list = payers.data ?? [];
  // The only payer for the method is the one; among several the person chooses.
  const payer: Payer | null =
    list.find((p) => p.id === person.payerId) ?? (list.length === 1 ? (list[0] ?? null) : null);

  const setField = (name: keyof Person) => (value: string) => {
    setPerson((previous) => {
      const next = { ...previous, [name]: value } as Person;
      if (name === 'country' && !payoutMethodsFor(next.country).includes(next.method)) {
        next.method = 'bank_deposit';
      }
      if (name === 'country' || name === 'method') next.payerId = '';
      return next;
    });
    if (name === 'country' || name === 'method' || name === 'payerId') setValues({});
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };
  const setPayerField = (name: PayerFieldName) => (value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };
  const phoneOf = (text: string) => toE164(text, person.country) ?? text.replace(/[\s()-]/g, '');
  const showIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const found: Partial<Record<ErrorAt, string>> = {};
    for (const issue of issues) {
      const [at, key] = fieldError(issue.path, issue.message);
      found[at] ??= key;
    }
    setErrors(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Every field the payer lists is sent, an empty one too: the shared rules call it required.
    const fields = Object.fromEntries(
      (payer?.fields ?? []).map((name) => {
        const typed = values[name] ?? '';
        // The wallet is the recipient's own phone unless another is typed.
        return [name, name === 'msisdn' ? phoneOf(typed || person.phone) : typed];
      }),
    );
    const parsed = recipientBody.safeParse({
      firstName: person.firstName,
      lastName: person.lastName,
      country: person.country,
      phone: phoneOf(person.phone),
      payout: { method: person.method, payerId: payer?.id ?? '', fields },
    });
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    try {
      onSaved(await save.mutateAsync(parsed.data));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'payer_field_required') {
        const missing = (error.details?.fields ?? []) as unknown[];
        const at = missing.filter((name): name is PayerFieldName => isPayerField(String(name)));
        setErrors(Object.fromEntries(at.map((name) => [name, 'recipient.errors.field.required'])));
        setFailure(t('errors:payer_field_required'));
        return;
      }
      if (error instanceof ApiError && error.code === 'validation_failed') {
        const fields = (error.details?.fields ?? []) as { path?: unknown; message?: unknown }[];
        const issues = fields.flatMap((f) =>
          typeof f.path === 'string' && typeof f.message === 'string'
            ? [{ path: f.path.split('.'), message: f.message }]
            : [],
        );
        if (issues.length > 0) {
          showIssues(issues);
          return;
        }
      }
      setFailure(
        error instanceof ApiError && error.code === 'payer_not_found'
          ? (errorText(t, error) ?? t('recipient.errors.saveFailed'))
          : t('recipient.errors.saveFailed'),
      );
    }
  };

  const text = (name: keyof Person) => ({
    value: person[name],
    onChange: (e: { target: { value: string } }) => setField(name)(e.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as string) : undefined,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {recipient?.needsUpdate && (
        <Alert severity="info" role="note">
          {t('recipient.needsUpdate', { name: recipient.fullName })}
        </Alert>
      )}
      <TextField
        {...text('firstName')}
        label={t('recipient.fields.firstName')}
        autoComplete="off"
        helperText={errors.firstName ? t(errors.firstName) : t('recipient.hints.names')}
      />
      <TextField {...text('lastName')} label={t('recipient.fields.lastName')} autoComplete="off" />
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
                code: getPhoneCountry(person.country).callingCode,
              })
        }
      />
      <FormControl component="fieldset" error={Boolean(errors.method)}>
        <FormLabel component="legend">{t('recipient.fields.method')}</FormLabel>
        <RadioGroup value={person.method} onChange={(e) => setField('method')(e.target.value)}>
          {methods.map((method) => (
            <FormControlLabel
              key={method}
              value={method}
              control={<Radio />}
              label={t(`recipient.method.${method}`)}
            />
          ))}
        </RadioGroup>
        {errors.method && <FormHelperText>{t(errors.method)}</FormHelperText>}
      </FormControl>
      {payers.isPending ? (
        <Loading>
          <Skeleton height={56} />
        </Loading>
      ) : payers.isError ? (
        <LoadFailed message={t('payer.loadFailed')} onRetry={() => payers.refetch()} />
      ) : list.length === 0 ? (
        <Alert severity="info" role="note">
          {t('payer.none')}
        </Alert>
      ) : (
        <>
          {list.length > 1 && (
            <TextField
              select
              value={payer?.id ?? ''}
              onChange={(e) => setField('payerId')(e.target.value)}
              error={Boolean(errors.payerId)}
              helperText={errors.payerId ? t(errors.payerId) : undefined}
              fullWidth
              label={t(`payer.choose.${person.method}`)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('payer.chooseOne')}</option>
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </TextField>
          )}
          {payer && <PayerSummary payer={payer} single={list.length === 1} />}
          {payer?.fields.map((name) => (
            <PayerField
              key={name}
              name={name}
              country={person.country}
              value={values[name] ?? ''}
              error={errors[name]}
              onChange={setPayerField(name)}
            />
          ))}
        </>
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
