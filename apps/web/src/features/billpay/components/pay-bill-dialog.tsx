import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BillType } from '@pago/shared/bill-categories';
import { easternDate, isBankingDate, isCalendarDate } from '@pago/shared/bill-dates';
import type { Biller } from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailRows } from '@/components/ui/detail-rows';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/format';
import { type MissingDetail, missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { useBalance, useLimits } from '@/lib/wallet';
import { useBillers, usePayBill, useScheduleBill } from '../api/billpay';
import { paymentFailureDetail } from '../lib/payment-error';
import { formatDay, methodText } from './bill-text';

export const MEMO_MAX = 140;
const ACCOUNT_PATTERN = /^[A-Za-z0-9-]{4,34}$/;

type When = 'now' | 'date';
type Values = {
  payeeId: string;
  accountId: string;
  amount: string;
  memo: string;
  payDate: string;
};
type Field = keyof Values;
type Ready = {
  biller: Biller;
  accountId: string;
  amount: Cents;
  memo: string;
  /** null: pay now. */
  payDate: string | null;
  monthly: boolean;
};

type Props = {
  billType: BillType | null;
  /** A biller chosen from the directory's search. */
  billerId?: string | null;
  onClose(): void;
  /** The payment went through (or was scheduled); the dialog is closing. */
  /** `paid`: the payment made now (its receipt and reference); none for a scheduled one. */
  onPaid(billType: BillType, scheduled: boolean, paid?: Transfer): void;
};

/**
 * Paying one bill: choose the company, give the account number there and the amount (and a
 * memo if wanted), review, pay. The pressed Pay button shows Processing while it runs.
 */
export function PayBillDialog({ billType, billerId = null, onClose, onPaid }: Props) {
  const { t } = useTranslation('billpay');
  return (
    <ResponsiveDialog
      open={billType !== null}
      onClose={onClose}
      title={billType && t(`payments.${billType}`)}
    >
      {billType && (
        <PayBillSteps
          key={`${billType}-${billerId ?? ''}`}
          billType={billType}
          billerId={billerId}
          onClose={onClose}
          onPaid={onPaid}
        />
      )}
    </ResponsiveDialog>
  );
}

function PayBillSteps({ billType, billerId, onClose, onPaid }: Props & { billType: BillType }) {
  const { t } = useTranslation('billpay');
  const locale = useLocale();
  const billers = useBillers({ paymentType: billType });
  const balance = useBalance();
  const limits = useLimits();
  const pay = usePayBill();
  const scheduleBill = useScheduleBill();
  const today = easternDate(new Date());
  const [values, setValues] = useState<Values>({
    payeeId: billerId ?? '',
    accountId: '',
    amount: '',
    memo: '',
    payDate: '',
  });
  const [when, setWhen] = useState<When>('now');
  const [monthly, setMonthly] = useState(false);
  const pending = pay.isPending || scheduleBill.isPending;
  const chosen = billers.data?.find((b) => b.id === values.payeeId);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [ready, setReady] = useState<Ready | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // The home address or phone the bank asked for on "Pagar" (the account opens on the first
  // bill): asked here, then the same payment is confirmed again.
  const [need, setNeed] = useState<MissingDetail | null>(null);
  const MissingDetailStep = useMissingDetailStep();
  const usd = (amount: Cents) => formatUsd(amount, locale);

  const change = (name: Field) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const biller = billers.data?.find((b) => b.id === values.payeeId);
    if (!biller) found.payeeId = t('pay.errors.billerRequired');
    const accountId = values.accountId.trim();
    if (!accountId) found.accountId = t('pay.errors.accountRequired');
    else if (!ACCOUNT_PATTERN.test(accountId)) found.accountId = t('pay.errors.accountInvalid');
    const amount = values.amount.trim() ? parseAmount(values.amount, locale) : null;
    if (!values.amount.trim()) found.amount = t('pay.errors.amountRequired');
    else if (amount === null || amount <= 0) found.amount = t('pay.errors.amountInvalid');
    else if (amount > TRANSFER_LIMITS.perTransaction) {
      found.amount = t('pay.errors.amountOverLimit', {
        limit: usd(TRANSFER_LIMITS.perTransaction),
      });
    } else if (limits.data && amount > limits.data.day.remainingCents) {
      found.amount = t('pay.errors.overToday', { remaining: usd(limits.data.day.remainingCents) });
    } else if (limits.data && amount > limits.data.month.remainingCents) {
      found.amount = t('pay.errors.overMonth', {
        remaining: usd(limits.data.month.remainingCents),
      });
    }
    const memo = values.memo.trim();
    if (memo.length > MEMO_MAX) found.memo = t('pay.errors.memoTooLong', { max: MEMO_MAX });
    if (when === 'date') {
      if (!isCalendarDate(values.payDate)) found.payDate = t('pay.errors.dateRequired');
      else if (values.payDate < today) found.payDate = t('pay.errors.datePast');
      else if (!isBankingDate(values.payDate)) found.payDate = t('pay.errors.dateNotBusinessDay');
    }
    setProblems(found);
    const first = (['payeeId', 'accountId', 'amount', 'memo', 'payDate'] as const).find(
      (name) => found[name],
    );
    if (first) {
      // Take keyboard and screen-reader users to the first field to fix; its message is described.
      (event.currentTarget as HTMLFormElement)
        .querySelector<HTMLElement>(`[name="${first}"]`)
        ?.focus();
      return;
    }
    if (!biller || amount === null) return;
    setFailure(null);
    setReady({
      biller,
      accountId,
      amount,
      memo,
      payDate: when === 'date' ? values.payDate : null,
      monthly: when === 'date' && monthly,
    });
  };

  const confirm = async () => {
    if (!ready) return;
    setFailure(null);
    const body = {
      paymentType: billType,
      payeeId: ready.biller.id,
      amount: ready.amount,
      accountId: ready.accountId,
      memo: ready.memo,
    };
    try {
      if (ready.payDate) {
        await scheduleBill.mutateAsync({
          ...body,
          payDate: ready.payDate,
          repeat: ready.monthly ? 'monthly' : 'once',
        });
        onPaid(billType, true);
      } else {
        onPaid(billType, false, await pay.mutateAsync(body));
      }
    } catch (error) {
      const missing = missingDetailOf(error);
      if (missing) setNeed(missing);
      else setFailure(error);
    }
  };

  const close = () => {
    if (!pending) onClose();
  };
  const whenText = (r: Ready) =>
    r.payDate
      ? r.monthly
        ? t('pay.when.monthlyFrom', { date: formatDay(r.payDate, locale) })
        : formatDay(r.payDate, locale)
      : t('pay.when.today');

  if (ready && need) {
    return (
      <DialogContent>
        <MissingDetailStep
          need={need}
          purpose="billPay"
          onDone={() => {
            setNeed(null);
            void confirm();
          }}
          onCancel={() => setNeed(null)}
        />
      </DialogContent>
    );
  }

  if (ready) {
    const identity = failure instanceof ApiError && failure.code === 'identity_not_verified';
    return (
      <>
        <DialogContent>
          {failure !== null && (
            <Alert
              severity="error"
              role="alert"
              sx={{ mb: 2 }}
              action={
                identity ? (
                  <Button
                    color="inherit"
                    size="small"
                    component={RouterLink}
                    to="/onboarding/verify"
                  >
                    {t('identity.verify')}
                  </Button>
                ) : undefined
              }
            >
              {t('pay.failed', { detail: paymentFailureDetail(t, failure, locale) })}
            </Alert>
          )}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('pay.review.title')}
          </Typography>
          <DetailRows
            rows={[
              { label: t('pay.review.biller'), value: ready.biller.name },
              { label: t('pay.review.method'), value: methodText(t, ready.biller) },
              { label: t('pay.review.when'), value: whenText(ready) },
              { label: t('pay.review.account'), value: `••••${ready.accountId.slice(-4)}` },
              ...(ready.memo ? [{ label: t('pay.review.memo'), value: ready.memo }] : []),
              { label: t('pay.review.amount'), value: usd(ready.amount) },
              { label: t('pay.review.fee'), value: t('pay.review.noFee') },
              { label: t('pay.review.total'), value: usd(ready.amount) },
            ]}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setReady(null)} disabled={pending}>
            {t('pay.back')}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={pending}>
            {pending
              ? t('pay.processing')
              : ready.payDate
                ? t('pay.confirmSchedule', { amount: usd(ready.amount) })
                : t('pay.confirm', { amount: usd(ready.amount) })}
          </Button>
        </DialogActions>
      </>
    );
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(problems[name]),
  });

  return (
    <Box component="form" noValidate onSubmit={review}>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        {balance.data && (
          <Typography color="text.secondary">
            {t('pay.balance', { balance: usd(balance.data.availableBalanceCents) })}
          </Typography>
        )}
        {limits.data && (
          <Typography variant="body2" color="text.secondary" role="note">
            {t('pay.roomLeft', {
              perTransfer: usd(limits.data.perTransactionCents),
              today: usd(limits.data.day.remainingCents),
              month: usd(limits.data.month.remainingCents),
            })}
          </Typography>
        )}
        {billers.isPending ? (
          <Loading>
            <Skeleton variant="rounded" height={56} />
          </Loading>
        ) : billers.isError ? (
          <LoadFailed onRetry={billers.refetch} message={t('pay.billersFailed')} />
        ) : (
          <TextField
            select
            {...field('payeeId')}
            label={t('pay.fields.biller')}
            helperText={problems.payeeId}
            // The first option ("Choose the company") is always shown: keep the label above it.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('pay.fields.billerPlaceholder')}</option>
            {billers.data.map((biller) => (
              <option key={biller.id} value={biller.id}>
                {biller.name}
              </option>
            ))}
          </TextField>
        )}
        {chosen && (
          <Typography variant="body2" color="text.secondary" role="note">
            {methodText(t, chosen)}
          </Typography>
        )}
        <TextField
          {...field('accountId')}
          label={t('pay.fields.accountId')}
          helperText={problems.accountId ?? t('pay.fields.accountIdHint')}
          autoComplete="off"
          spellCheck={false}
          slotProps={{ htmlInput: { maxLength: 34 } }}
        />
        <UsdAmountField
          {...field('amount')}
          label={t('pay.fields.amount')}
          helperText={problems.amount ?? t('pay.fields.amountHint')}
        />
        <TextField
          {...field('memo')}
          label={t('pay.fields.memo')}
          helperText={problems.memo}
          slotProps={{ htmlInput: { maxLength: MEMO_MAX } }}
        />
        <RadioGroup
          aria-label={t('pay.when.label')}
          value={when}
          onChange={(event) => setWhen(event.target.value as When)}
        >
          <FormControlLabel value="now" control={<Radio />} label={t('pay.when.now')} />
          <FormControlLabel value="date" control={<Radio />} label={t('pay.when.date')} />
        </RadioGroup>
        {when === 'date' && (
          <>
            <TextField
              {...field('payDate')}
              type="date"
              label={t('pay.fields.payDate')}
              helperText={problems.payDate ?? t('pay.fields.payDateHint')}
              slotProps={{ htmlInput: { min: today }, inputLabel: { shrink: true } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={monthly}
                  onChange={(event) => setMonthly(event.target.checked)}
                />
              }
              label={t('pay.when.monthly')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{t('pay.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!billers.data}>
          {t('pay.continue')}
        </Button>
      </DialogActions>
    </Box>
  );
}
