import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BankAccount } from '@pago/shared/contracts/banking';
import { type Cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { OutlinedSection } from '@/components/ui/outlined-section';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { useCapability } from '@/lib/capabilities';
import { useLocale } from '@/lib/format';
import { type Feedback, moneyErrorFeedback } from '@/lib/money-errors';
import { looksLikePhone, toE164 } from '@/lib/phone';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { useBankAccount, useCreateBankAccount, useSendBankPayment } from '../api/banking';

/** The home address the bank needs, asked first when missing (the page gives the accounts form). */
export type AddressStep = {
  hasAddress: boolean;
  /** The address form; its `onSaved` continues with opening the account. */
  render: (step: { onSaved: () => void; onCancel: () => void }) => ReactNode;
};

/**
 * Bank Transfer (spec §2): the banking account is looked up on open; without one (404) the
 * person is offered to set it up (asked for the home address first when the profile has none),
 * otherwise the transfer form and the account's numbers.
 */
export function BankTransferPanel({ addressStep }: { addressStep?: AddressStep }) {
  const { t } = useTranslation('banking');
  const locale = useLocale();
  const account = useBankAccount();
  const create = useCreateBankAccount();
  const [feedback, setFeedback] = useFeedback();
  // Live mode without a partner bank: no account can be opened, and the panel says why.
  const available = useCapability('bankAccount');
  const [askAddress, setAskAddress] = useState(false);

  const setUp = async (addressSaved = false) => {
    setFeedback(null);
    if (addressStep && !addressStep.hasAddress && !addressSaved) {
      setAskAddress(true);
      return;
    }
    try {
      await create.mutateAsync();
      setFeedback({ severity: 'success', text: t('bank.setup.success') });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'bank_account_exists') return;
      if (failure instanceof ApiError && failure.code === 'address_required' && addressStep) {
        setAskAddress(true);
        return;
      }
      // The server said no (4xx): "Failed to create…"; no answer or a crash: "An error occurred…".
      const answered = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
      setFeedback(
        moneyErrorFeedback(t, failure, answered ? 'bank.setup.failed' : 'bank.setup.error', locale),
      );
    }
  };

  if (account.isPending) {
    return (
      <Loading>
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={56} />
      </Loading>
    );
  }
  if (account.isError) {
    return <LoadFailed onRetry={account.refetch} message={t('bank.loadFailed')} />;
  }
  if (account.data === null && !available) {
    return (
      <Alert severity="info" role="note">
        {t('common:liveMode.bankAccount')}
      </Alert>
    );
  }
  if (account.data === null && askAddress && addressStep) {
    return (
      <SetUpStep title={t('bank.setup.addressTitle')} intro={t('bank.setup.addressBody')}>
        {addressStep.render({
          onSaved: () => {
            setAskAddress(false);
            void setUp(true);
          },
          onCancel: () => setAskAddress(false),
        })}
      </SetUpStep>
    );
  }
  if (account.data === null) {
    return (
      <Box>
        <FeedbackMessage feedback={feedback} />
        <SetUpStep title={t('bank.setup.title')} intro={t('bank.setup.body')} centered>
          <Button
            variant="contained"
            size="large"
            onClick={() => void setUp()}
            disabled={create.isPending}
          >
            {create.isPending ? t('common:status.processing') : t('bank.setup.button')}
          </Button>
        </SetUpStep>
      </Box>
    );
  }
  return <BankTransferForm account={account.data} initialFeedback={feedback} />;
}

/** A step of setting the bank account up: a titled card. */
function SetUpStep({
  title,
  intro,
  centered = false,
  children,
}: {
  title: string;
  intro: string;
  centered?: boolean;
  children: ReactNode;
}) {
  return (
    // A step inside the tab's card, not a card of its own: a rule above it sets it apart.
    <Box
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        pt: 2,
        ...(centered ? { textAlign: 'center' } : {}),
      }}
    >
      <TitleAndIntro title={title} intro={intro} variant="h6" component="h3" introGap={2} />
      {children}
    </Box>
  );
}

function AccountNumbers({ account }: { account: BankAccount }) {
  const { t } = useTranslation('banking');
  return (
    <OutlinedSection
      title={t('bank.account.title')}
      heading={{ variant: 'subtitle1', component: 'h3', sx: { fontWeight: 700, mb: 1 } }}
      sx={{ p: 2, mb: 3, bgcolor: 'grey.50' }}
    >
      <DetailRows
        rows={[
          {
            label: t('bank.account.accountNumber'),
            value: (
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {account.accountNumber}
              </Box>
            ),
          },
          {
            label: t('bank.account.routingNumber'),
            value: (
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {account.routingNumber}
              </Box>
            ),
          },
        ]}
      />
    </OutlinedSection>
  );
}

type Values = { receiver: string; amount: string; description: string };
/** What the person confirms: the receiver as it will be sent, the amount in cents. */
type Review = { receiver: string; amount: Cents; description: string };

function BankTransferForm({
  account,
  initialFeedback,
}: {
  account: BankAccount;
  initialFeedback: Feedback | null;
}) {
  const { t } = useTranslation('banking');
  const locale = useLocale();
  const send = useSendBankPayment();
  const verified = useVerifiedAction();
  const [values, setValues] = useState<Values>({ receiver: '', amount: '', description: '' });
  const [invalid, setInvalid] = useState<keyof Values | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const [review, setReview] = useState<Review | null>(null);
  const shown = feedback ?? initialFeedback;

  const change = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));

  // The spec's checks, in its order, one message above the form.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvalid(null);
    const receiver = values.receiver.trim();
    if (!receiver || !values.amount.trim()) {
      setInvalid(!receiver ? 'receiver' : 'amount');
      setFeedback({ severity: 'error', text: t('bank.errors.required') });
      return;
    }
    // A number input hands over "12.5" whatever the language; more than 2 decimals is refused.
    const amount = parseAmount(values.amount, 'en');
    if (amount === null || amount <= 0) {
      setInvalid('amount');
      setFeedback({ severity: 'error', text: t('bank.errors.invalidAmount') });
      return;
    }
    setFeedback(null);
    // The identity is checked afresh before the review (spec §4); the unverified go to verify.
    const result = await verified.run(() =>
      setReview({
        // "(305) 555-0123" is the U.S. number +13055550123; an e-mail goes as typed.
        receiver: (looksLikePhone(receiver) && toE164(receiver, 'US')) || receiver,
        amount,
        description: values.description.trim(),
      }),
    );
    if (result === 'error') {
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
    }
  };

  // Nothing moves until the person confirms what they reviewed; any answer returns to the form.
  const transfer = async (chosen: Review) => {
    try {
      await send.mutateAsync(chosen);
      setValues({ receiver: '', amount: '', description: '' });
      setFeedback({ severity: 'success', text: t('bank.success') });
    } catch (failure) {
      setFeedback(
        moneyErrorFeedback(t, failure, 'common:status.genericError', locale, {
          recipient_not_found: 'bank.errors.recipient_not_found',
        }),
      );
    } finally {
      setReview(null);
    }
  };

  if (review) {
    return (
      <Box>
        <AccountNumbers account={account} />
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('bank.review.title')}
          </Typography>
          <DetailRows
            rows={[
              { label: t('bank.review.to'), value: review.receiver },
              { label: t('bank.review.amount'), value: formatUsd(review.amount, locale) },
              { label: t('bank.review.fee'), value: t('bank.review.free') },
              ...(review.description
                ? [{ label: t('bank.review.description'), value: review.description }]
                : []),
              {
                label: t('bank.review.total'),
                value: formatUsd(review.amount, locale),
                strong: true,
              },
            ]}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void transfer(review)}
              disabled={send.isPending}
            >
              {send.isPending ? t('common:status.processing') : t('bank.review.confirm')}
            </Button>
            <Button onClick={() => setReview(null)} disabled={send.isPending}>
              {t('bank.review.back')}
            </Button>
          </Box>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <AccountNumbers account={account} />
      <FeedbackMessage feedback={shown} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <TextField
          name="receiver"
          label={t('bank.fields.receiver')}
          helperText={t('bank.fields.receiverHint')}
          value={values.receiver}
          onChange={change('receiver')}
          error={invalid === 'receiver'}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={send.isPending}
        />
        <UsdAmountField
          name="amount"
          type="number"
          label={t('bank.fields.amount')}
          value={values.amount}
          onChange={change('amount')}
          error={invalid === 'amount'}
          required
          disabled={send.isPending}
          htmlInput={{ min: 0.01, step: 0.01 }}
        />
        <TextField
          name="description"
          label={t('bank.fields.description')}
          value={values.description}
          onChange={change('description')}
          disabled={send.isPending}
          slotProps={{ htmlInput: { maxLength: 140 } }}
        />
        <MoneySubmitButton
          label={t('bank.submit')}
          pending={send.isPending}
          checking={verified.checking}
          checkingLabel={t('common:identityCheck.checking')}
        />
      </Box>
    </Box>
  );
}
