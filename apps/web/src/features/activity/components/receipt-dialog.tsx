import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isCardTransfer, type TransferReceipt } from '@pago/shared/contracts/transfers';
import { deliveryOption } from '@pago/shared/delivery-times';
import { type Cents, formatUsd } from '@pago/shared/money';
import { getPhoneCountry, isPhoneCountry } from '@pago/shared/phone-countries';
import { formatReference } from '@pago/shared/reference';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetailRow, DetailRows } from '@/components/ui/detail-rows';
import { Loading } from '@/components/ui/query-state';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { formatCurrency, formatDateTime, formatRate, useLocale } from '@/lib/format';
import { useReceipt } from '@/lib/wallet';
import {
  atmNetworkKey,
  authorizedClearedText,
  cardPlace,
  cardStatusColor,
  cardStatusKey,
  declineText,
  maskedLast4,
} from '../lib/card-transfer';
import { useTransferActions } from '../lib/transfer-actions';
import {
  bankName,
  bankSide,
  counterpartyName,
  historyNoteKey,
  kindKey,
  STATUS_COLOR,
  statusKey,
} from '../lib/transfer-text';

/** "7KQ2MX9C4T" as people read it: the one reference format (packages/shared/src/reference.ts). */
export const groupReference = formatReference;

/**
 * Printing while a receipt is open prints the receipt alone, from the top of the first page: the
 * app behind the dialog, the dialog's title and buttons go, and its boxes stop scrolling.
 */
const printOnlyTheReceipt = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body > :not(.MuiDialog-root), .MuiBackdrop-root, .MuiDialogTitle-root, .MuiDialogActions-root':
          { display: 'none !important' },
        '.MuiDialog-root, .MuiDialog-container, .MuiDialog-paper, .MuiDialogContent-root': {
          position: 'static !important',
          overflow: 'visible !important',
          height: 'auto !important',
          maxHeight: 'none !important',
          boxShadow: 'none !important',
          transform: 'none !important',
        },
        '[data-receipt-print-title]': { display: 'block !important' },
      },
    }}
  />
);

/** One transfer's receipt: parties, amounts, the rate and payout of a remittance, its history. */
export function ReceiptDialog({
  transferId,
  onClose,
}: {
  transferId: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('activity');
  const receipt = useReceipt(transferId);
  const Actions = useTransferActions();

  return (
    <ResponsiveDialog open={transferId !== null} onClose={onClose} title={t('receipt.title')}>
      <DialogContent>
        {receipt.isPending ? (
          <Loading>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Loading>
        ) : receipt.isError ? (
          <Alert severity="error" role="alert">
            {t('receipt.loadFailed')}
          </Alert>
        ) : (
          <ReceiptBody receipt={receipt.data} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {receipt.data && <ReceiptActions receipt={receipt.data} />}
        {receipt.data && <Actions transfer={receipt.data} place="receipt" />}
        <Button onClick={onClose}>{t('receipt.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

function ReceiptBody({ receipt }: { receipt: TransferReceipt }) {
  const { t } = useTranslation('activity');
  const locale = useLocale();
  const historyId = useId();
  const usd = (value: Cents) => formatUsd(value, locale);
  const details = receipt.details;
  const text = (key: string) =>
    typeof details[key] === 'string' ? (details[key] as string) : null;
  // A refund comes back from Pago, whatever phone the failed payout was for; bank money names
  // the user's bank.
  const card = isCardTransfer(receipt);
  const bank = bankSide(receipt);
  const other =
    (receipt.kind === 'remittance_refund'
      ? null
      : card
        ? cardPlace(receipt)
        : bank
          ? 'name' in bank
            ? bank.name
            : t(bank.key)
          : counterpartyName(receipt)) ?? t('receipt.pago');
  const you = t('receipt.you');
  const [from, to] = receipt.direction === 'out' ? [you, other] : [other, you];

  const rows: DetailRow[] = [
    { label: t('receipt.type'), value: t(kindKey(receipt)) },
    {
      label: t('receipt.status'),
      value: (
        <Chip
          size="small"
          variant="outlined"
          color={card ? cardStatusColor(receipt) : STATUS_COLOR[receipt.status]}
          label={t(card ? cardStatusKey(receipt) : statusKey(receipt, receipt.status))}
        />
      ),
    },
    { label: t('receipt.date'), value: formatDateTime(receipt.createdAt, locale) },
    { label: t('receipt.from'), value: from },
    { label: t('receipt.to'), value: to },
  ];
  const country = text('recipientCountry');
  if (receipt.kind === 'remittance' && country) {
    rows.push({
      label: t('receipt.country'),
      value: isPhoneCountry(country) ? getPhoneCountry(country).name[locale] : country,
    });
  }
  const last4 = text('last4');
  if (card && last4) rows.push({ label: t('card.card'), value: maskedLast4(last4) });
  const network = card ? atmNetworkKey(receipt) : null;
  if (network) rows.push({ label: t('card.atmNetwork'), value: t(network) });
  const decline = card ? declineText(t, receipt) : null;
  if (decline) rows.push({ label: t('card.declinedBecause'), value: decline });
  const amounts = card ? authorizedClearedText(t, receipt, locale) : null;
  if (amounts) rows.push({ label: t('card.amounts'), value: amounts });
  rows.push({ label: t('receipt.amount'), value: usd(receipt.amountCents) });
  if (receipt.direction === 'out') {
    rows.push({ label: t('receipt.fee'), value: usd(receipt.feeCents) });
  }
  rows.push({ label: t('receipt.total'), value: usd(receipt.totalCents), strong: true });

  const rate = text('fxRate');
  const payoutAmount = text('payoutAmount');
  const payoutCurrency = text('payoutCurrency');
  if (rate && payoutAmount && payoutCurrency) {
    rows.push({
      label: t('receipt.rate'),
      value: t('receipt.rateValue', { rate: formatRate(rate, locale), currency: payoutCurrency }),
    });
    rows.push({
      label: t('receipt.payout'),
      value: formatCurrency(payoutAmount, payoutCurrency, locale),
      strong: true,
    });
  }
  const speed = text('speed');
  if (receipt.kind === 'bank_withdrawal' && (speed === 'standard' || speed === 'instant')) {
    rows.push({ label: t('receipt.speed'), value: t(`receipt.bankSpeeds.${speed}`) });
  } else if (speed === 'standard' || speed === 'express') {
    // The corridor's own time (shared delivery-times), as the send screens said it.
    rows.push({
      label: t('receipt.speed'),
      value: deliveryOption(text('recipientCountry') ?? '', speed, locale),
    });
  }
  const account = text('accountAtBiller');
  if (account) rows.push({ label: t('receipt.accountAtBiller'), value: account });
  const note = text('memo') || text('description') || text('note');
  if (note) rows.push({ label: t('receipt.note'), value: note });

  return (
    <Box data-receipt>
      {printOnlyTheReceipt}
      <Typography
        data-receipt-print-title
        variant="h5"
        component="p"
        sx={{ display: 'none', fontWeight: 700, mb: 2 }}
      >
        {t('receipt.printTitle')}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {t('receipt.reference')}:{' '}
        <Box
          component="span"
          data-testid="receipt-reference"
          sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: '0.08em' }}
        >
          {groupReference(receipt.reference)}
        </Box>
      </Typography>
      <DetailRows rows={rows} />
      {receipt.statusHistory.length > 0 && (
        <Box component="section" aria-labelledby={historyId} sx={{ mt: 3 }}>
          <Typography
            id={historyId}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {t('receipt.history')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
            {receipt.statusHistory.map((entry) => (
              <li key={`${entry.status}-${entry.at}`}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {t(statusKey(receipt, entry.status))}
                </Typography>
                <Typography component="span" color="text.secondary">
                  {` · ${formatDateTime(entry.at, locale)}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {card
                    ? t(`card.historyNote.${entry.status}`)
                    : t(historyNoteKey(receipt, entry.status), {
                        bank: bankName(receipt) ?? t('receipt.yourBank'),
                      })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** Print (or save as PDF, from the print dialog) and share: the system sheet, else a copy. */
function ReceiptActions({ receipt }: { receipt: TransferReceipt }) {
  const { t } = useTranslation('activity');
  const locale = useLocale();
  const [copied, setCopied] = useState(false);
  const text = t('receipt.shareText', {
    reference: groupReference(receipt.reference),
    kind: t(kindKey(receipt)),
    amount: formatUsd(receipt.totalCents, locale),
    date: formatDateTime(receipt.createdAt, locale),
    status: t(
      isCardTransfer(receipt) ? cardStatusKey(receipt) : statusKey(receipt, receipt.status),
    ),
  });
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('receipt.title'), text });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to a copy.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
        {copied ? t('receipt.copied') : ''}
      </Typography>
      <Button onClick={() => window.print()}>{t('receipt.print')}</Button>
      <Button onClick={() => void share()}>{t('receipt.share')}</Button>
    </>
  );
}
