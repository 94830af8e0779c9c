import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatUsd } from '@pago/shared/money';
import { cashPickupState } from '@pago/shared/remittance-status';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '@/lib/format';
import { formatPhone } from '@/lib/phone';
import { invalidateMoney, useReceipt } from '@/lib/wallet';

const SEVERITY: Record<Transfer['status'], AlertColor> = {
  completed: 'success',
  delivered: 'success',
  processing: 'info',
  failed: 'error',
  refunded: 'warning',
};

/**
 * Where the last transfer stands. A remittance is 'processing' until the payout partner delivers
 * it or it fails and is refunded, seconds to days later; this follows it while the page is open,
 * and links to its receipt and tracking page (the success message that also does clears itself).
 */
export function TransferTracker({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  const client = useQueryClient();
  const receipt = useReceipt(transfer.id);
  const current = receipt.data ?? transfer;
  const firstStatus = useRef(transfer.status);

  // A refund puts money back: the balance and the activity change when the status does.
  useEffect(() => {
    if (current.status !== firstStatus.current) invalidateMoney(client);
  }, [current.status, client]);

  const who =
    current.kind === 'p2p' && current.counterparty?.userId
      ? current.counterparty.name
      : typeof current.details.recipientName === 'string'
        ? current.details.recipientName
        : formatPhone(String(current.details.recipientPhone ?? current.counterparty?.name ?? ''));
  const values = {
    who,
    amount: formatUsd(current.amountCents, locale),
    total: formatUsd(current.totalCents, locale),
  };
  // Cash waiting at the agent is ready for pickup, not delivered (remittance-status.ts).
  const cash = cashPickupState(current);
  const key =
    current.kind === 'p2p'
      ? 'p2p'
      : cash === 'ready_for_pickup'
        ? 'readyForPickup'
        : cash === 'picked_up'
          ? 'pickedUp'
          : current.status;

  return (
    <Alert
      severity={SEVERITY[current.status]}
      role="status"
      icon={
        current.status === 'processing' ? (
          <CircularProgress size={20} thickness={5} color="inherit" aria-hidden />
        ) : undefined
      }
      action={
        current.kind === 'remittance' ? (
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={`/transfers/${current.id}`}
          >
            {t('send.receiptLink')}
          </Button>
        ) : undefined
      }
      sx={{ mt: 2 }}
    >
      {t(`send.tracker.${key}`, values)}
    </Alert>
  );
}
