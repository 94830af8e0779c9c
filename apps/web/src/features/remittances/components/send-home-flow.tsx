import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Recipient } from '@pago/shared/contracts/remittances';
import type { Quote, Speed } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, isCorridorCountry } from '@pago/shared/fees';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import { isExpressAvailable, standardDeliveryDays } from '@pago/shared/remittances';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { useCapability } from '@/lib/capabilities';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { formatPhone } from '@/lib/phone';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { useQuote, useRecipients, useRemoveRecipient, useSendHome } from '../api/remittances';
import { useQuoteReview } from '../lib/quote-review-slot';
import { trackingPath } from '../lib/send-home';
import { RecipientForm } from './recipient-form';

/** "Standard: arrives within 2 days" — the corridor's own estimate. */
export function useStandardEstimate() {
  const { t } = useTranslation('remittances');
  return (country: string) =>
    isCorridorCountry(country)
      ? t('speed.standard', { count: standardDeliveryDays(country).max })
      : '';
}

/** How a saved recipient is paid, in a short line. */
export function usePayoutLine() {
  const { t } = useTranslation('remittances');
  return (payout: Recipient['payout']) =>
    payout.method === 'bank_deposit'
      ? t('payout.bank_deposit', { mask: payout.accountMask })
      : payout.method === 'cash_pickup'
        ? t('payout.cash_pickup', { place: payout.location?.name ?? '' })
        : t('payout.mobile_wallet', { phone: formatPhone(payout.walletPhone ?? '') });
}

/**
 * Sending home: pick a saved recipient (or add one), the amount and the speed, see the quote,
 * confirm; then the tracking page. `initial` prefills "send again".
 */
export function SendHomeFlow({
  initial,
}: {
  initial: { recipientId: string | null; amount: string | null };
}) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const navigate = useNavigate();
  const available = useCapability('remittances');
  const recipients = useRecipients();
  const [chosenId, setChosenId] = useState<string | null>(initial.recipientId);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState(initial.amount ?? '');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [speed, setSpeed] = useState<Speed>('standard');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const getQuote = useQuote();
  const QuoteReview = useQuoteReview();
  const send = useSendHome();
  const verified = useVerifiedAction();
  const estimate = useStandardEstimate();
  const payoutLine = usePayoutLine();

  if (!available) {
    return (
      <Alert severity="info" role="note">
        {t('common:liveMode.remittances')}
      </Alert>
    );
  }
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
  const country = (chosen?.country ?? 'MX') as CorridorCountry;
  const express = chosen !== null && isExpressAvailable(country);

  const requestQuote = async () => {
    if (!chosen) return;
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
          recipientPhone: chosen.phone,
        }),
      );
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'transfers:send.errors.quoteFailed', locale));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await verified.run(requestQuote);
    if (result === 'error') {
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
    }
  };

  const confirm = async () => {
    if (!chosen || !quote) return;
    setFeedback(null);
    try {
      const transfer = await send.mutateAsync({
        recipientId: chosen.id,
        amountUsd: centsToAmountUsd(quote.amountCents),
        speed: quote.speed,
        quoteId: quote.quoteId,
      });
      navigate(trackingPath(transfer.id));
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'transfers:send.errors.failed', locale));
    }
  };

  if (adding || recipients.data.length === 0) {
    return (
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('recipients.add')}
        </Typography>
        <RecipientForm
          onSaved={(recipient) => {
            setAdding(false);
            setChosenId(recipient.id);
          }}
          {...(recipients.data.length > 0 ? { onCancel: () => setAdding(false) } : {})}
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
              line={`${getPhoneCountry(recipient.country as CorridorCountry).name[locale]} · ${payoutLine(recipient.payout)}`}
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
    <Box>
      <FeedbackMessage feedback={feedback} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{chosen.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${getPhoneCountry(country).name[locale]} · ${payoutLine(chosen.payout)}`}
          </Typography>
        </Box>
        <Button
          onClick={() => {
            setQuote(null);
            setChosenId(null);
          }}
        >
          {t('recipients.change')}
        </Button>
      </Box>
      {quote ? (
        <QuoteReview
          quote={quote}
          recipient={chosen.phone}
          sending={send.isPending}
          requoting={getQuote.isPending}
          onConfirm={() => void confirm()}
          onRequote={() => void requestQuote()}
          onEdit={() => setQuote(null)}
        />
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
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
                <FormControlLabel value="standard" control={<Radio />} label={estimate(country)} />
                <FormControlLabel value="express" control={<Radio />} label={t('speed.express')} />
              </RadioGroup>
            </FormControl>
          ) : (
            <Typography color="text.secondary">{estimate(country)}</Typography>
          )}
          <MoneySubmitButton
            label={t('transfers:send.getQuote')}
            pending={getQuote.isPending}
            checking={verified.checking}
            checkingLabel={t('common:identityCheck.checking')}
          />
        </Box>
      )}
    </Box>
  );
}

/** A saved recipient: choosing it, or removing it (sent transfers keep their own copy). */
function RecipientRow({
  recipient,
  line,
  onChoose,
}: {
  recipient: Recipient;
  line: string;
  onChoose(): void;
}) {
  const { t } = useTranslation('remittances');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveRecipient();
  const name = recipient.fullName;
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
      {asking ? (
        <Box sx={{ py: 1, px: 1 }}>
          <Typography>{t('recipients.removeConfirm', { name })}</Typography>
          {remove.isError && (
            <Typography role="alert" color="error.main">
              {t('recipients.removeFailed')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              color="error"
              variant="outlined"
              size="small"
              disabled={remove.isPending}
              onClick={() => remove.mutate(recipient.id)}
            >
              {t('recipients.removeYes')}
            </Button>
            <Button size="small" onClick={() => setAsking(false)}>
              {t('recipients.removeNo')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ButtonBase
            onClick={onChoose}
            sx={{
              flex: 1,
              minWidth: 0,
              textAlign: 'left',
              display: 'block',
              py: 1,
              px: 1,
              borderRadius: 1,
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {line}
            </Typography>
          </ButtonBase>
          <Button
            size="small"
            aria-label={t('recipients.removeLabel', { name })}
            onClick={() => setAsking(true)}
          >
            {t('recipients.remove')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
