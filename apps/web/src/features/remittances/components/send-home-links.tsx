import Button from '@mui/material/Button';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sendAgainPath, trackingPath } from '../lib/send-home';

type Remittance = Pick<Transfer, 'id' | 'kind' | 'direction' | 'amountCents' | 'details'>;

/**
 * A sent remittance's two ways on, for activity rows and receipts: "Send again" (the send-home
 * flow with its recipient and amount) and its tracking page. Nothing for other transfers. Its words
 * are the wallet's (activity and receipts), kept out of the shell's `common`.
 */
export function SendHomeLinks({
  transfer,
  track = true,
}: {
  transfer: Remittance;
  track?: boolean;
}) {
  const { t } = useTranslation('wallet');
  if (transfer.kind !== 'remittance' || transfer.direction !== 'out') return null;
  const again = sendAgainPath(transfer);
  return (
    <>
      {track && (
        <Button component={RouterLink} to={trackingPath(transfer.id)} size="small">
          {t('sendHome.track')}
        </Button>
      )}
      {again && (
        <Button component={RouterLink} to={again} size="small">
          {t('sendHome.sendAgain')}
        </Button>
      )}
    </>
  );
}
