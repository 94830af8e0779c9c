import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Payee,
  type PayeeLookupQuery,
  USERNAME_PATTERN,
} from '@pago/shared/contracts/accounts';
import { P2P_NOTE_MAX, type Transfer } from '@pago/shared/contracts/transfers';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, centsToDecimalString, formatUsd } from '@pago/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { looksLikePhone, toE164 } from '@/lib/phone';
import { useSession } from '@/lib/session';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { useBalance } from '@/lib/wallet';
import { usePayee } from '../api/find-payee';
import { useSendMoney } from '../api/send-money';

/** "@maria_g", "maria_g" or a phone ("+52 55 1234 5678", or a U.S. number without the +1). */
export function payeeQueryOf(text: string): PayeeLookupQuery | null {
  const trimmed = text.trim();
  if (looksLikePhone(trimmed)) {
    const phone = toE164(trimmed, 'US');
    return phone ? { phone } : null;
  }
  const username = trimmed.replace(/^@/, '');
  return USERNAME_PATTERN.test(username) ? { username } : null;
}

/** The first character of the name, upper-cased ("U" for User without one). */
function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? 'U';
}

/** Where "Agregar dinero" leads: home, with its add-money dialog open. */
export const ADD_MONEY_PATH = '/dashboard?agregar=1';

export type PaySent = { transfer: Transfer; person: Payee; amountCents: Cents };

/**
 * "Pagar a alguien de Pago": a Pago user found by @usuario or verified phone (or
 * handed in by a QR code, `to`), shown by name and initial before anything is sent; then the
 * amount, a review (no fee, at once — no country, no exchange rate) and the send by username.
 */
export function PaySomeone({
  to,
  again,
  onSent,
}: {
  to: string | null;
  /** "Enviar otra vez": the same person, and the amount to start from. */
  again?: { person: Payee; amountCents: Cents } | null;
  onSent(sent: PaySent): void;
}) {
  // The note, the balance and "Fondos insuficientes" are the send flow's words (`send`).
  const { t } = useTranslation(['transfers', 'send']);
  const locale = useLocale();
  const { user } = useSession();
  const balance = useBalance();
  const [note, setNote] = useState('');
  const initialQuery = again ? { username: again.person.username } : to ? payeeQueryOf(to) : null;
  const [text, setText] = useState(again ? `@${again.person.username}` : (to ?? ''));
  const [query, setQuery] = useState<PayeeLookupQuery | null>(initialQuery);
  const [textError, setTextError] = useState<string | null>(
    to && !initialQuery ? t('pay.errors.invalid') : null,
  );
  const [amount, setAmount] = useState(again ? centsToDecimalString(again.amountCents) : '');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [review, setReview] = useState<Cents | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const payee = usePayee(query);
  const send = useSendMoney();
  const verified = useVerifiedAction();
  const fieldId = useId();
  const person = payee.data ?? null;
  // Usernames are unique whatever their case; the look-up answers no id.
  const isSelf = person !== null && person.username.toLowerCase() === user?.username.toLowerCase();

  const find = (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    if (!text.trim()) return setTextError(t('pay.errors.required'));
    const next = payeeQueryOf(text);
    if (!next) return setTextError(t('pay.errors.invalid'));
    setTextError(null);
    setQuery(next);
  };

  const change = () => {
    setQuery(null);
    setReview(null);
    setFeedback(null);
  };

  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    const read = readAmount(amount, locale);
    if (read.problem) {
      return setAmountError(
        t(read.problem, { limit: formatUsd(TRANSFER_LIMITS.perTransaction, locale) }),
      );
    }
    setAmountError(null);
    // Not enough money is said here, before the final tap, with a way to add some.
    if (available !== null && read.cents > available) return;
    const result = await verified.run(() => setReview(read.cents));
    if (result === 'error') {
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || review === null) return;
    setFeedback(null);
    try {
      const transfer = await send.mutateAsync({
        recipientUsername: person.username,
        amountUsd: centsToAmountUsd(review),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      onSent({ transfer, person, amountCents: review });
    } catch (failure) {
      setFeedback(
        moneyErrorFeedback(t, failure, 'send.errors.failed', locale, {
          recipient_not_on_pago: 'pay.errors.notFound',
        }),
      );
    }
  };

  const available = balance.data?.availableBalanceCents ?? null;
  const typed = amount.trim() ? readAmount(amount, locale) : null;
  const short = available !== null && typed?.cents !== undefined && typed.cents > available;

  const notFound =
    payee.isError && payee.error instanceof ApiError && [400, 404].includes(payee.error.status);

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <FeedbackMessage feedback={feedback} />
      {query === null || payee.isError ? (
        <Box component="form" noValidate onSubmit={find} sx={{ display: 'grid', gap: 2 }}>
          <TextField
            id={fieldId}
            label={t('pay.fields.who')}
            placeholder={t('pay.fields.whoPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={textError !== null || notFound}
            helperText={
              textError ??
              (notFound
                ? t('pay.errors.notFound')
                : payee.isError
                  ? // Too many look-ups, or an identity to verify first, in the reader's words.
                    (errorText(t, payee.error) ?? t('pay.errors.lookupFailed'))
                  : t('pay.fields.whoHint'))
            }
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            sx={{ justifySelf: { sm: 'start' } }}
          >
            {t('pay.find')}
          </Button>
        </Box>
      ) : payee.isPending ? (
        <Box role="status" aria-label={t('pay.finding')} sx={{ display: 'flex', gap: 2 }}>
          <Skeleton variant="circular" width={56} height={56} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </Box>
        </Box>
      ) : (
        person && (
          <>
            <Paper
              variant="outlined"
              data-testid="payee"
              sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
            >
              <Avatar
                aria-hidden
                sx={{
                  width: 56,
                  height: 56,
                  bgcolor: 'primary.main',
                  fontSize: 26,
                  fontWeight: 700,
                }}
              >
                {initialOf(person.name)}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {person.name}
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  @{person.username}
                </Typography>
              </Box>
              <Button onClick={change} disabled={send.isPending}>
                {t('pay.change')}
              </Button>
            </Paper>
            {isSelf ? (
              <Typography role="alert" color="error">
                {t('pay.errors.self')}
              </Typography>
            ) : review === null ? (
              <Box component="form" noValidate onSubmit={toReview} sx={{ display: 'grid', gap: 2 }}>
                <UsdAmountField
                  label={t('pay.fields.amount')}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  error={amountError !== null || short}
                  helperText={
                    amountError ??
                    (available === null
                      ? t('common:amount.hint')
                      : t('send:pay.available', { amount: formatUsd(available, locale) }))
                  }
                />
                {short && available !== null && (
                  <Alert
                    severity="warning"
                    role="alert"
                    action={
                      <Button component={RouterLink} to={ADD_MONEY_PATH} color="inherit">
                        {t('send:pay.insufficient.addMoney')}
                      </Button>
                    }
                  >
                    <AlertTitle>{t('send:pay.insufficient.title')}</AlertTitle>
                    {t('send:pay.insufficient.body', { amount: formatUsd(available, locale) })}
                  </Alert>
                )}
                <TextField
                  label={t('send:pay.note')}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  error={note.trim().length > P2P_NOTE_MAX}
                  helperText={t('send:pay.noteHint', {
                    count: note.trim().length,
                    max: P2P_NOTE_MAX,
                  })}
                  slotProps={{ htmlInput: { maxLength: P2P_NOTE_MAX + 20 } }}
                />
                <MoneySubmitButton
                  label={t('pay.continue')}
                  pending={false}
                  checking={verified.checking}
                  checkingLabel={t('common:identityCheck.checking')}
                />
              </Box>
            ) : (
              <Box component="form" noValidate onSubmit={confirm} sx={{ display: 'grid', gap: 2 }}>
                <Typography variant="h6" component="h2">
                  {t('pay.review.title')}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {t('pay.review.body', {
                    amount: formatUsd(review, locale),
                    name: person.name,
                  })}
                </Typography>
                {note.trim() && (
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {t('send:pay.reviewNote', { note: note.trim() })}
                  </Typography>
                )}
                <Typography color="text.secondary">{t('pay.review.terms')}</Typography>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <MoneySubmitButton
                    label={t('pay.review.confirm', { amount: formatUsd(review, locale) })}
                    pending={send.isPending}
                  />
                  <Button onClick={() => setReview(null)} disabled={send.isPending}>
                    {t('pay.review.edit')}
                  </Button>
                </Box>
              </Box>
            )}
          </>
        )
      )}
    </Box>
  );
}
