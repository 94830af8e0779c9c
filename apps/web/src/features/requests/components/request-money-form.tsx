import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { USERNAME_PATTERN } from '@pago/shared/contracts/accounts';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, formatUsd, type Locale } from '@pago/shared/money';
import { DEFAULT_PHONE_COUNTRY } from '@pago/shared/phone-countries';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { readRequired, textFieldProps } from '@/lib/form-fields';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { looksLikePhone, toE164 } from '@/lib/phone';
import { useCreateRequest } from '../api/requests';

type RequestFormInput = { requestedFrom: string; requestNote: string; amount: string };
type RequestFormOutput = { requestedFrom: string; requestNote: string; amountCents: Cents };

export const REQUEST_NOTE_MAX = 140;

/** "@ana" or "ana" is a username; "+52 55 1234 5678" a phone (E.164 after clean-up). */
function readRequestedFrom(text: string): string | null {
  const value = text.trim();
  if (looksLikePhone(value)) return toE164(value, DEFAULT_PHONE_COUNTRY);
  const username = value.replace(/^@/, '');
  return USERNAME_PATTERN.test(username) ? username : null;
}

function requestFormSchema(locale: Locale) {
  return z
    .object({ requestedFrom: z.string(), requestNote: z.string(), amount: z.string() })
    .transform((values, ctx): RequestFormOutput => {
      const problem = (path: keyof RequestFormInput, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const requestedFrom = readRequired(
        ctx,
        'requestedFrom',
        values.requestedFrom,
        readRequestedFrom,
        { required: 'request.errors.fromRequired', invalid: 'request.errors.fromInvalid' },
      );
      const note = values.requestNote.trim();
      if (!note) problem('requestNote', 'request.errors.noteRequired');
      else if (note.length > REQUEST_NOTE_MAX) problem('requestNote', 'request.errors.noteTooLong');
      const amount = readAmount(values.amount, locale);
      if (amount.problem) problem('amount', amount.problem);
      if (!requestedFrom || !note || note.length > REQUEST_NOTE_MAX || !amount.cents) {
        return z.NEVER;
      }
      return { requestedFrom, requestNote: note, amountCents: amount.cents };
    });
}

/** Request Money (spec §2): from a username or phone, with a reason, for an amount. */
export function RequestMoneyForm({ to }: { to: string | null }) {
  const { t } = useTranslation('requests');
  const locale = useLocale();
  const schema = useMemo(() => requestFormSchema(locale), [locale]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RequestFormInput, unknown, RequestFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { requestedFrom: to ?? '', requestNote: '', amount: '' },
  });
  const create = useCreateRequest();
  const [feedback, setFeedback] = useFeedback();

  const errorText = (message: string | undefined) =>
    message &&
    t(message, {
      limit: formatUsd(TRANSFER_LIMITS.perTransaction, locale),
      max: REQUEST_NOTE_MAX,
    });
  const textField = textFieldProps(register, errors, errorText);
  const field = (name: keyof RequestFormInput) => ({
    ...textField(name),
    disabled: create.isPending,
  });

  const submit = handleSubmit(async (values) => {
    setFeedback(null);
    try {
      await create.mutateAsync({
        requestedFrom: values.requestedFrom,
        requestNote: values.requestNote,
        amountUsd: centsToAmountUsd(values.amountCents),
      });
      reset({ requestedFrom: '', requestNote: '', amount: '' });
      setFeedback({ severity: 'success', text: t('request.success') });
    } catch (failure) {
      setFeedback(
        moneyErrorFeedback(t, failure, 'request.errors.failed', locale, {
          recipient_not_found: 'request.errors.recipient_not_found',
          self_transfer: 'request.errors.self_transfer',
        }),
      );
    }
  });

  return (
    <Box>
      <FeedbackMessage feedback={feedback} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <TextField
          {...field('requestedFrom')}
          label={t('request.fields.requestedFrom')}
          helperText={
            errorText(errors.requestedFrom?.message) || t('request.fields.requestedFromHint')
          }
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          {...field('requestNote')}
          label={t('request.fields.requestNote')}
          placeholder={t('request.fields.requestNotePlaceholder')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REQUEST_NOTE_MAX } }}
        />
        <UsdAmountField
          {...field('amount')}
          label={t('request.fields.amount')}
          helperText={errorText(errors.amount?.message) || t('common:amount.hint')}
        />
        <MoneySubmitButton label={t('request.submit')} pending={create.isPending} />
      </Box>
    </Box>
  );
}
