import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import { cents, formatUsd } from '@pago/shared/money';
import { getPhoneCountry, isPhoneCountry } from '@pago/shared/phone-countries';
import { formatReference } from '@pago/shared/reference';
import { REMITTANCE_CONTACTS, REMITTANCE_RIGHTS } from '@pago/shared/remittance-rights';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { formatCurrency, formatRate, useLocale } from '@/lib/format';
import { downloadReceipt } from '../api/remittances';
import { formatDayTime } from '../lib/format-day';
import { useMinutesLeft } from '../lib/use-minutes-left';

/** The rule's statements in the language of the page (remittance-rights.ts: one text for all). */
export function useRights() {
  return REMITTANCE_RIGHTS[useLocale()];
}

/**
 * The figures the Remittance Transfer Rule requires before paying and on the receipt, with its
 * own labels: in dollars what is sent, the fees, the taxes and the total; the rate; in the payout
 * currency what is sent, other fees and what the recipient gets; and when it is available.
 */
export function DisclosureRows({ disclosure }: { disclosure: RemittanceDisclosure }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const { labels } = useRights();
  const usd = (value: number) => formatUsd(cents(value), locale);
  const foreign = (value: string) => formatCurrency(value, disclosure.payoutCurrency, locale);
  return (
    <DetailRows
      rows={[
        { id: 'amount', label: labels.transferAmount, value: usd(disclosure.transferAmountCents) },
        { id: 'fees', label: labels.transferFees, value: usd(disclosure.transferFeeCents) },
        { id: 'taxes', label: labels.transferTaxes, value: usd(disclosure.transferTaxesCents) },
        { id: 'total', label: labels.total, value: usd(disclosure.totalCents), strong: true },
        {
          id: 'rate',
          label: labels.exchangeRate,
          value: t('disclosure.rateValue', {
            rate: formatRate(disclosure.exchangeRate, locale),
            currency: disclosure.payoutCurrency,
          }),
        },
        {
          id: 'amountForeign',
          label: labels.transferAmountForeign,
          value: foreign(disclosure.transferAmountForeign),
        },
        { id: 'otherFees', label: labels.otherFees, value: foreign(disclosure.otherFeesForeign) },
        {
          id: 'toRecipient',
          label: labels.totalToRecipient,
          value: foreign(disclosure.totalToRecipient),
          strong: true,
        },
        {
          id: 'availableBy',
          label: labels.availableBy,
          value: formatDayTime(disclosure.availableBy, locale),
        },
      ]}
    />
  );
}

/** The disclosure: its figures and the statements about other fees and taxes. */
export function Disclosure({ disclosure }: { disclosure: RemittanceDisclosure }) {
  const rights = useRights();
  return (
    <Box data-testid="disclosure" sx={{ display: 'grid', gap: 1.5 }}>
      <DisclosureRows disclosure={disclosure} />
      {disclosure.recipientMayReceiveLess && (
        <Typography variant="body2">{rights.recipientMayReceiveLess}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {rights.otherFeesNote}
      </Typography>
    </Box>
  );
}

/**
 * The sender's 30 minutes to cancel for a full refund: the minutes left, or once they are over
 * and the partner can still stop it, that cancelling is still possible.
 */
export function CancelTimeLeft({ cancelBy }: { cancelBy: string }) {
  const { t } = useTranslation('remittances');
  const left = useMinutesLeft(cancelBy);
  return (
    <Typography variant="body2" data-testid="cancel-time-left">
      {left > 0 ? t('cancel.timeLeft', { count: left }) : t('cancel.stillPossible')}
    </Typography>
  );
}

/** The rights the rule gives the sender and whom to reach: Pago, the state regulator, the CFPB. */
export function RightsAndContacts() {
  const { t } = useTranslation('remittances');
  const rights = useRights();
  const { pago, stateRegulator, cfpb } = REMITTANCE_CONTACTS;
  const tel = (phone: string) => <Link href={`tel:${phone.replace(/-/g, '')}`}>{phone}</Link>;
  const web = (url: string) => (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {url.replace(/^https:\/\//, '')}
    </Link>
  );
  const contacts = [
    {
      name: rights.contactPago,
      lines: [
        [t('contacts.phone'), tel(pago.phone)],
        [t('contacts.email'), <Link href={`mailto:${pago.email}`}>{pago.email}</Link>],
        [t('contacts.web'), web(pago.web)],
      ],
    },
    {
      name: `${rights.contactRegulator}: ${stateRegulator.name}`,
      lines: [[t('contacts.web'), web(stateRegulator.web)]],
    },
    {
      name: rights.contactCfpb,
      lines: [
        [t('contacts.phone'), tel(cfpb.phone)],
        [t('contacts.tty'), tel(cfpb.tty)],
        [t('contacts.web'), web(cfpb.web)],
      ],
    },
  ] as const;
  return (
    <Box data-testid="rights" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('receipt.rights')}
      </Typography>
      <Typography variant="body2">{rights.cancellation}</Typography>
      <Typography variant="body2">{rights.errorResolution}</Typography>
      <Typography variant="subtitle2" component="h4">
        {rights.contactsTitle}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {contacts.map((contact) => (
          <li key={contact.name}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {contact.name}
            </Typography>
            {contact.lines.map(([label, value]) => (
              <Typography key={label} variant="body2">
                {label}: {value}
              </Typography>
            ))}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The receipt the rule requires: the disclosure again, the recipient, the reference and date,
 * the cancellation right with the time left, the error-resolution right, the contacts, and the
 * same receipt as a PDF in the language of the page.
 */
export function RemittanceReceipt({ tracking }: { tracking: RemittanceTracking }) {
  const { t } = useTranslation('remittances');
  const locale = useLocale();
  const rights = useRights();
  const { transfer, recipient, disclosure } = tracking;
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const country =
    recipient && isPhoneCountry(recipient.country)
      ? getPhoneCountry(recipient.country).name[locale]
      : (recipient?.country ?? '');
  const download = async () => {
    setDownloading(true);
    setFailed(false);
    try {
      await downloadReceipt(
        transfer.id,
        locale,
        t('receipt.filename', { reference: formatReference(transfer.reference) }),
      );
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Box data-testid="receipt" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {rights.receipt}
      </Typography>
      <DetailRows
        rows={[
          {
            id: 'recipient',
            label: rights.labels.recipient,
            value: recipient
              ? [recipient.fullName, country, recipient.payout.payerName]
                  .filter(Boolean)
                  .join(' · ')
              : (transfer.counterparty?.name ?? ''),
          },
          {
            id: 'reference',
            label: rights.labels.reference,
            value: formatReference(transfer.reference),
          },
          {
            id: 'date',
            label: rights.labels.date,
            value: formatDayTime(transfer.createdAt, locale),
          },
        ]}
      />
      {disclosure && <Disclosure disclosure={disclosure} />}
      {tracking.cancellable && <CancelTimeLeft cancelBy={tracking.cancelBy} />}
      <RightsAndContacts />
      {failed && (
        <Alert severity="error" role="alert">
          {t('receipt.downloadFailed')}
        </Alert>
      )}
      <Button
        variant="outlined"
        onClick={() => void download()}
        disabled={downloading}
        sx={{ justifySelf: 'start' }}
      >
        {downloading ? t('receipt.downloading') : t('receipt.download')}
      </Button>
    </Box>
  );
}
