import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { Quote, SendMoneyBody, Speed, Transfer } from '@pago/shared/contracts/transfers';
import {
  CORRIDORS,
  type CorridorCountry,
  isCorridorCountry,
  TRANSFER_LIMITS,
} from '@pago/shared/fees';
import { type Cents, formatUsd, type Locale } from '@pago/shared/money';
import {
  getPhoneCountry,
  PHONE_COUNTRY_CODES,
  type PhoneCountryCode,
  phoneCountryOf,
} from '@pago/shared/phone-countries';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { PhoneField } from '@/components/ui/phone-field';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { ApiError } from '@/lib/api-client';
import { useCapability } from '@/lib/capabilities';
import { useDeliveryTime } from '@/lib/delivery-time';
import { readRequired, textFieldProps } from '@/lib/form-fields';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { looksLikePhone, splitPhone, toE164 } from '@/lib/phone';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { useQuote, useSendMoney } from '../api/send-money';
import { InvitePanel } from './invite-panel';
import { QuoteReview } from './quote-review';
import { RoomLeft } from './room-left';
import { TransferTracker } from './transfer-tracker';

type SendFormInput = {
  phoneCountry: PhoneCountryCode;
  phone: string;
  recipientCountry: string;
  amount: string;
  speed: Speed;
};
type SendFormOutput = {
  recipientName: string;
  recipientCountry: CorridorCountry;
  amountCents: Cents;
  speed: Speed;
};

const DEFAULT_COUNTRY = 'MX' satisfies PhoneCountryCode & CorridorCountry;

/** The form's checks; messages are translation keys. All fields are required (spec §5). */
function sendFormSchema(locale: Locale) {
  return z
    .object({
      phoneCountry: z.enum(PHONE_COUNTRY_CODES),
      phone: z.string(),
      recipientCountry: z.string(),
      amount: z.string(),
      speed: z.enum(['standard', 'express']),
    })
    .transform((values, ctx): SendFormOutput => {
      const problem = (path: keyof SendFormInput, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const recipientName = readRequired(
        ctx,
        'phone',
        values.phone,
        (text) => toE164(text, values.phoneCountry),
        { required: 'send.errors.phoneRequired', invalid: 'send.errors.phoneInvalid' },
      );
      if (!isCorridorCountry(values.recipientCountry)) {
        problem('recipientCountry', 'send.errors.countryRequired');
      }
      const amount = readAmount(values.amount, locale);
      if (amount.problem) problem('amount', amount.problem);
      if (!recipientName || !isCorridorCountry(values.recipientCountry) || !amount.cents) {
        return z.NEVER;
      }
      return {
        recipientName,
        recipientCountry: values.recipientCountry,
        amountCents: amount.cents,
        // Express is offered only where the fee schedule has it (Mexico).
        speed: values.speed,
      };
    });
}

function defaultValues(to: string | null): SendFormInput {
  const phone = to && looksLikePhone(to) ? splitPhone(to) : null;
  const country = phone?.country ?? DEFAULT_COUNTRY;
  return {
    phoneCountry: country,
    phone: phone?.e164 ?? '',
    recipientCountry: isCorridorCountry(country) ? country : DEFAULT_COUNTRY,
    amount: '',
    speed: 'standard',
  };
}

type Review = { quote: Quote; values: SendFormOutput };

/**
 * Send Money (spec §2): recipient phone with its country code, destination country, amount in
 * USD and speed. "Get quote" shows the fee, rate and what arrives; only the confirmation sends.
 */
export function SendMoneyForm({ to }: { to: string | null }) {
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  const delivery = useDeliveryTime();
  // Live mode without a payout partner: sending abroad is refused; sending to Pago users works.
  const remittances = useCapability('remittances');
  const schema = useMemo(() => sendFormSchema(locale), [locale]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<SendFormInput, unknown, SendFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues(to),
  });
  const quote = useQuote();
  const send = useSendMoney();
  const [review, setReview] = useState<Review | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const [lastTransfer, setLastTransfer] = useState<Transfer | null>(null);
  // The phone's own country, when the server said it is not the destination's.
  const [phoneCountry, setPhoneCountry] = useState('');
  const [invite, setInvite] = useState<{ phone: string; amountCents: Cents } | null>(null);
  const verified = useVerifiedAction();
  // A username (from a profile's QR code) cannot receive a Send Money: it goes to a phone.
  const toUsername = to && !looksLikePhone(to) ? to.replace(/^@/, '') : null;

  const regionName = (code: string) =>
    new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  const errorText = (message: string | undefined) =>
    message &&
    t(message, {
      limit: formatUsd(TRANSFER_LIMITS.perTransaction, locale),
      phoneCountry: phoneCountry && regionName(phoneCountry),
    });
  const field = textFieldProps(register, errors, errorText);

  // A phone abroad is paid to the saved recipient with that phone: with none, the message
  // leads to sending home, where the recipient is added.
  const failureFeedback = (failure: unknown, fallbackKey: string) => {
    const feedback = moneyErrorFeedback(t, failure, fallbackKey, locale);
    return failure instanceof ApiError && failure.code === 'recipient_details_required'
      ? { ...feedback, link: { to: '/send-home', label: t('send.addRecipient') } }
      : feedback;
  };

  const requestQuote = async (values: SendFormOutput) => {
    setFeedback(null);
    setInvite(null);
    try {
      const answer = await quote.mutateAsync({
        recipientCountry: values.recipientCountry,
        amountUsd: centsToAmountUsd(values.amountCents),
        speed: values.speed,
        // The server tells whether the phone is a Pago user's: then it is instant and free.
        recipientPhone: values.recipientName,
      });
      setReview({ quote: answer, values });
    } catch (failure) {
      setReview(null);
      const code = failure instanceof ApiError ? failure.code : null;
      if (code === 'recipient_country_mismatch') {
        // The same rule as the server's (shared): which country the phone belongs to.
        setPhoneCountry(phoneCountryOf(values.recipientName) ?? '');
        setError('recipientCountry', { type: 'server', message: 'send.errors.countryMismatch' });
        return;
      }
      if (code === 'recipient_not_on_pago') {
        setInvite({ phone: values.recipientName, amountCents: values.amountCents });
        return;
      }
      setFeedback(failureFeedback(failure, 'send.errors.quoteFailed'));
    }
  };

  // Pressing Get quote first checks the identity afresh (spec §4): the unverified go to verify it.
  const submit = async (values: SendFormOutput) => {
    setFeedback(null);
    const result = await verified.run(() => requestQuote(values));
    if (result === 'error') {
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
    }
  };

  const confirm = async () => {
    if (!review) return;
    const { values, quote: confirmed } = review;
    const body: SendMoneyBody = {
      recipientName: values.recipientName,
      recipientCountry: values.recipientCountry,
      amountUsd: centsToAmountUsd(values.amountCents),
      speed: values.speed,
      quoteId: confirmed.quoteId,
    };
    setFeedback(null);
    try {
      const transfer = await send.mutateAsync(body);
      setReview(null);
      reset(defaultValues(null));
      setLastTransfer(transfer);
      setFeedback({
        severity: 'success',
        text: t('send.success'),
        // A remittance's receipt, rights and tracking (the Remittance Transfer Rule's receipt).
        ...(transfer.kind === 'remittance'
          ? { link: { to: `/transfers/${transfer.id}`, label: t('send.receiptLink') } }
          : {}),
      });
    } catch (failure) {
      setFeedback(failureFeedback(failure, 'send.errors.failed'));
    }
  };

  const destination = watch('recipientCountry');
  // Priced in every region; whether the recipient's payer pays in minutes, the quote says.
  const expressOffered = isCorridorCountry(destination);
  const speedNow = watch('speed');
  useEffect(() => {
    if (!expressOffered && speedNow === 'express') setValue('speed', 'standard');
  }, [expressOffered, speedNow, setValue]);
  const phone = useController({ control, name: 'phone' });
  const phoneCountryField = useController({ control, name: 'phoneCountry' });

  return (
    <Box>
      {!remittances && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('common:liveMode.remittances')}
        </Alert>
      )}
      <FeedbackMessage feedback={feedback} />
      {invite && !review && <InvitePanel phone={invite.phone} amountCents={invite.amountCents} />}
      {review ? (
        <QuoteReview
          quote={review.quote}
          recipient={review.values.recipientName}
          sending={send.isPending}
          requoting={quote.isPending}
          onConfirm={() => void confirm()}
          onRequote={() => void requestQuote(review.values)}
          onEdit={() => {
            setFeedback(null);
            setReview(null);
          }}
        />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(submit)}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          {toUsername && (
            <Alert severity="info" role="note">
              {t('send.usernameNeedsPhone', { username: toUsername })}
            </Alert>
          )}
          <PhoneField
            othersNumber
            value={phone.field.value}
            country={phoneCountryField.field.value}
            onChange={(change) => {
              phone.field.onChange(change.value);
              // The destination usually is the phone's country: follow it when it is a corridor.
              if (change.country !== phoneCountryField.field.value) {
                phoneCountryField.field.onChange(change.country);
                if (isCorridorCountry(change.country)) setValue('recipientCountry', change.country);
              }
            }}
            onBlur={phone.field.onBlur}
            inputRef={phone.field.ref}
            countryLabel={t('send.fields.phoneCountry')}
            label={t('send.fields.phone')}
            placeholder={t('send.fields.phonePlaceholder')}
            error={Boolean(errors.phone)}
            helperText={errorText(errors.phone?.message)}
          />
          <TextField
            select
            {...field('recipientCountry')}
            label={t('send.fields.recipientCountry')}
            slotProps={{ select: { native: true } }}
          >
            {CORRIDORS.map(({ country, currency }) => (
              <option key={country} value={country}>
                {`${getPhoneCountry(country).name[locale]} (${country}, ${currency})`}
              </option>
            ))}
          </TextField>
          <UsdAmountField
            {...field('amount')}
            label={t('send.fields.amount')}
            helperText={errorText(errors.amount?.message) || t('common:amount.hint')}
          />
          <RoomLeft />
          <Controller
            control={control}
            name="speed"
            render={({ field: speed }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend">{t('send.fields.speed')}</FormLabel>
                <RadioGroup
                  {...speed}
                  row
                  onChange={(event) => speed.onChange(event.target.value as Speed)}
                >
                  <FormControlLabel
                    value="standard"
                    control={<Radio />}
                    label={delivery.option(destination, 'standard')}
                  />
                  <FormControlLabel
                    value="express"
                    disabled={!expressOffered}
                    control={<Radio />}
                    label={delivery.option(destination, 'express')}
                  />
                </RadioGroup>
              </FormControl>
            )}
          />
          <MoneySubmitButton
            label={t('send.getQuote')}
            pending={quote.isPending}
            checking={verified.checking}
            checkingLabel={t('common:identityCheck.checking')}
          />
        </Box>
      )}
      {lastTransfer && <TransferTracker key={lastTransfer.id} transfer={lastTransfer} />}
    </Box>
  );
}
