import Button from '@mui/material/Button';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sendAgainPath, trackingPath } from '../lib/send-home';

type Remittance = Pick<Transfer, 'id' | 'kind' | 'direction' | 'amountCents' | 'details'>;

/**
 * A sent remittance's two ways on, for activity rows and receipts (the app shell puts them there,
 * app/feature-slots.tsx): "Send again" (the send-home flow with its recipient and amount) and, in
 * a receipt, its tracking page. Nothing for other transfers.
 */
export function SendHomeLinks({
  transfer,
  place = 'receipt',
}: {
  transfer: Remittance;
  /** In a list row the row itself opens the receipt, so only "Send again" shows there. */
  place?: 'list' | 'receipt';
}) {
  const { t } = useTranslation('remittances');
  if (transfer.kind !== 'remittance' || transfer.direction !== 'out') return null;
  const again = sendAgainPath(transfer);
  return (
    <>
      {place === 'receipt' && (
        <Button component={RouterLink} to={trackingPath(transfer.id)} size="small">
          {t('links.track')}
        </Button>
      )}
      {again && (
        <Button component={RouterLink} to={again} size="small">
          {t('links.sendAgain')}
        </Button>
      )}
    </>
  );
}
