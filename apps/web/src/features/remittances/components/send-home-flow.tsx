import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Recipient } from '@pago/shared/contracts/remittances';
import type { Quote, Speed, Transfer } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor, isCorridorCountry } from '@pago/shared/fees';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalculatorRates } from '@/components/calculator-rates';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { useCapability } from '@/lib/capabilities';
import { useDeliveryTime } from '@/lib/delivery-time';
import { useLocale } from '@/lib/format';
import { type MissingDetail, missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { formatPhone } from '@/lib/phone';
import { useRecipientExtras } from '@/lib/recipient-extras';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { usePayers, useQuote, useRecipients, useSendHome } from '../api/remittances';
import { useQuoteReview } from '../lib/quote-review-slot';
import { RecipientForm } from './recipient-form';
import { RecipientRow } from './recipient-row';
import { Disclosure, useRights } from './remittance-disclosure';
import { SendCalculator, type SendPlan } from './send-calculator';
import { SentReceipt } from './sent-receipt';

/** How a saved recipient is paid, in a short line (one saved before the payers: to update). */
export function usePayoutLine() {
  const { t } = useTranslation('remittances');
  return (recipient: Recipient) => {
    const { payout } = recipient;
    if (recipient.needsUpdate) return t('payout.needsUpdate');
    const payer = payout.payerName ?? t(`recipient.method.${payout.method}`);
    return payout.method === 'bank_deposit'
      ? t('payout.bank_deposit', { payer, mask: payout.accountMask ?? '' }).trim()
      : payout.method === 'cash_pickup'
        ? t('payout.cash_pickup', { payer })
        : t('payout.mobile_wallet', { payer, phone: formatPhone(payout.walletPhone ?? '') }).trim();
  };
}

/**
 * Sending home: a saved recipient (one saved before the payers first chooses how they are paid),
 * or a new one after the calculator (country and amount → fee, rate and what arrives for each
 * speed, before anyone is saved); then the quote for their payer with the disclosure, paying, and
 * the receipt. `initial` prefills "send again" or a recipient chosen already (the send flow's
 * "who"): the amount is asked with the recipient. `newRecipient` (the send flow's "someone new
 * abroad") starts at the calculator, then the new recipient, whose quote is asked at once.
 */
export function SendHomeFlow({
  initial,
  newRecipient = false,
  country,
}: {
  initial: { recipientId: string | null; amount: string | null };
  newRecipient?: boolean;
  /** The calculator's country to start with (a phone abroad's). */
  country?: CorridorCountry;
}) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const available = useCapability('remittances');
  const recipients = useRecipients();
  const [chosenId, setChosenId] = useState<string | null>(initial.recipientId);
  const [adding, setAdding] = useState(newRecipient);
  const [sent, setSent] = useState<Transfer | null>(null);
  const [plan, setPlan] = useState<SendPlan | null>(null);
  const payoutLine = usePayoutLine();
  const calculatorFirst = initial.recipientId === null && initial.amount === null;

  if (!available) {
    return (
      <Alert severity="info" role="note">
        {t('common:liveMode.remittances')}
      </Alert>
    );
  }
  if (sent) return <SentReceipt transferId={sent.id} />;
  if (recipients.isPending) {
    return (
      <Loading>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Loading>
    );
  }
  if (recipients.isError) {
    return <LoadFailed message={t('recipients.loadFailed')} onRetry={() => recipients.refetch()} />;
  }
  const chosen = recipients.data.find((r) => r.id === chosenId) ?? null;

  // Before anyone new is saved, the price: the calculator opens adding a recipient.
  if (calculatorFirst && !plan && (adding || recipients.data.length === 0)) {
    return (
      <SendCalculator
        {...(country ? { initial: { country } } : {})}
        onChoose={(next) => {
          setPlan(next);
          setAdding(true);
        }}
      />
    );
  }

  if (adding || recipients.data.length === 0) {
    return (
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('recipients.add')}
        </Typography>
        <RecipientForm
          {...(plan ? { country: plan.country } : {})}
          onSaved={(recipient) => {
            setAdding(false);
            setChosenId(recipient.id);
          }}
          {...(recipients.data.length > 0 ? { onCancel: () => setAdding(false) } : {})}
        />
      </Box>
    );
  }

  if (chosen?.needsUpdate) {
    return (
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('recipients.updateTitle', { name: chosen.fullName })}
        </Typography>
        <RecipientForm
          key={chosen.id}
          recipient={chosen}
          onSaved={(recipient) => setChosenId(recipient.id)}
          onCancel={() => setChosenId(null)}
        />
      </Box>
    );
  }

  if (!chosen) {
    return (
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('recipients.choose')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {recipients.data.map((recipient) => (
            <RecipientRow
              key={recipient.id}
              recipient={recipient}
              line={`${getPhoneCountry(recipient.country as CorridorCountry).name[locale]} · ${payoutLine(recipient)}`}
              onChoose={() => setChosenId(recipient.id)}
            />
          ))}
        </Box>
        <Button variant="outlined" onClick={() => setAdding(true)}>
          {t('recipients.add')}
        </Button>
      </Box>
    );
  }

  return (
    <SendToRecipient
      recipient={chosen}
      initialAmount={plan?.amount ?? initial.amount ?? ''}
      initialSpeed={plan?.speed ?? 'standard'}
      // The calculator's amount and speed are quoted for the recipient's payer at once.
      quoteAtOnce={plan !== null}
      onChange={() => setChosenId(null)}
      onSent={setSent}
    />
  );
}

/**
 * The amount and speed for a chosen recipient, the quote with the disclosure the rule requires
 * before paying, and paying it. Express is offered when the recipient's payer pays in minutes.
 */
function SendToRecipient({
  recipient,
  initialAmount,
  initialSpeed,
  quoteAtOnce,
  onChange,
  onSent,
}: {
  recipient: Recipient;
  initialAmount: string;
  initialSpeed: Speed;
  quoteAtOnce: boolean;
  onChange(): void;
  onSent(transfer: Transfer): void;
}) {
  const RecipientExtras = useRecipientExtras();
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const rights = useRights();
  const [amount, setAmount] = useState(initialAmount);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [speed, setSpeed] = useState<Speed>(initialSpeed);
  const [quote, setQuote] = useState<Quote | null>(null);
  // The home address a payer needs from the sender (or a phone), asked on "Confirmar y enviar":
  // saved, then the same quote is sent again.
  const [need, setNeed] = useState<MissingDetail | null>(null);
  const MissingDetailStep = useMissingDetailStep();
  const [feedback, setFeedback] = useFeedback();
  const getQuote = useQuote();
  const QuoteReview = useQuoteReview();
  const send = useSendHome();
  const verified = useVerifiedAction();
  const delivery = useDeliveryTime();
  const payoutLine = usePayoutLine();
  const country = (
    isCorridorCountry(recipient.country) ? recipient.country : 'MX'
  ) as CorridorCountry;
  const payers = usePayers(country, recipient.payout.method);
  const payer = payers.data?.find((p) => p.id === recipient.payout.payerId) ?? null;
  const express = payer?.express === true;

  const requestQuote = async () => {
    const read = readAmount(amount, locale);
    if (read.problem) {
      setAmountError(t(read.problem));
      return;
    }
    setFeedback(null);
    try {
      setQuote(
        await getQuote.mutateAsync({
          recipientCountry: country,
          amountUsd: centsToAmountUsd(read.cents),
          speed: express ? speed : 'standard',
          recipientId: recipient.id,
        }),
      );
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'transfers:send.errors.quoteFailed', locale));
    }
  };

  const quoteChecked = async () => {
    const result = await verified.run(requestQuote);
    if (result === 'error') {
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await quoteChecked();
  };

  // From the calculator: once the payer is known (express or not), the quote is asked for once.
  const [quotedAtOnce, setQuotedAtOnce] = useState(!quoteAtOnce);
  useEffect(() => {
    if (quotedAtOnce || payers.isPending) return;
    setQuotedAtOnce(true);
    void quoteChecked();
  });

  const confirm = async () => {
    if (!quote) return;
    setFeedback(null);
    try {
      onSent(
        await send.mutateAsync({
          recipientId: recipient.id,
          amountUsd: centsToAmountUsd(quote.amountCents),
          speed: quote.speed,
          quoteId: quote.quoteId,
        }),
      );
    } catch (failure) {
      const missing = missingDetailOf(failure);
      if (missing) return setNeed(missing);
      setFeedback(moneyErrorFeedback(t, failure, 'transfers:send.errors.failed', locale));
    }
  };

  return (
    <Box>
      <FeedbackMessage feedback={feedback} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{recipient.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${getPhoneCountry(country).name[locale]} · ${payoutLine(recipient)}`}
          </Typography>
        </Box>
        <Button onClick={onChange}>{t('recipients.change')}</Button>
      </Box>
      {quote && need ? (
        <MissingDetailStep
          need={need}
          purpose="sendHome"
          onDone={() => {
            setNeed(null);
            void confirm();
          }}
          onCancel={() => setNeed(null)}
        />
      ) : quote ? (
        <QuoteReview
          quote={quote}
          recipient={recipient.phone}
          sending={send.isPending}
          requoting={getQuote.isPending}
          onConfirm={() => void confirm()}
          onRequote={() => void requestQuote()}
          onEdit={() => setQuote(null)}
          {...(quote.disclosure
            ? {
                title: rights.beforePaying,
                details: <Disclosure disclosure={quote.disclosure} />,
              }
            : {})}
        />
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
          <CalculatorRates currency={getCorridor(country).currency} />
          <UsdAmountField
            // The amount is the next thing to type once the recipient is chosen.
            autoFocus
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setAmountError(null);
            }}
            label={t('transfers:send.fields.amount')}
            error={Boolean(amountError)}
            helperText={amountError ?? t('common:amount.hint')}
          />
          {express ? (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('transfers:send.fields.speed')}</FormLabel>
              <RadioGroup
                row
                value={speed}
                onChange={(event) => setSpeed(event.target.value as Speed)}
              >
                <FormControlLabel
                  value="standard"
                  control={<Radio />}
                  label={delivery.option(country, 'standard')}
                />
                <FormControlLabel
                  value="express"
                  control={<Radio />}
                  label={delivery.option(country, 'express')}
                />
              </RadioGroup>
            </FormControl>
          ) : (
            <Typography color="text.secondary">{delivery.option(country, 'standard')}</Typography>
          )}
          <MoneySubmitButton
            label={t('transfers:send.getQuote')}
            pending={getQuote.isPending}
            checking={verified.checking}
            checkingLabel={t('common:identityCheck.checking')}
          />
        </Box>
      )}
      {!quote && <RecipientExtras recipient={recipient} />}
    </Box>
  );
}
