import Button from '@mui/material/Button';
import { DISPUTABLE_KINDS } from '@pago/shared/contracts/card-disputes';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisputeDialog } from './dispute-dialog';

type Charge = Pick<Transfer, 'id' | 'kind' | 'direction' | 'amountCents' | 'details'>;

/**
 * "Disputar este cargo" in a card charge's receipt (the app shell puts it there,
 * app/feature-slots.tsx); nothing for other transfers, nor in list rows.
 */
export function DisputeAction({
  transfer,
  place,
}: {
  transfer: Charge;
  place: 'list' | 'receipt';
}) {
  const { t } = useTranslation('disputes');
  const [open, setOpen] = useState(false);
  const disputable = (DISPUTABLE_KINDS as readonly string[]).includes(transfer.kind);
  if (place !== 'receipt' || !disputable || transfer.direction !== 'out') return null;
  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)}>
        {t('action')}
      </Button>
      {open && <DisputeDialog charge={transfer} onClose={() => setOpen(false)} />}
    </>
  );
}
