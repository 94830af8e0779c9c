import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { isCardTransfer, type Transfer } from '@pago/shared/contracts/transfers';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '@/lib/format';
import {
  atmFeeCents,
  authorizedClearedText,
  cardLine,
  cardStatusColor,
  cardStatusKey,
  declineText,
} from '../lib/card-transfer';
import { useTransferActions } from '../lib/transfer-actions';
import {
  bankName,
  counterpartyName,
  kindKey,
  originKey,
  STATUS_COLOR,
  signedCents,
  statusKey,
} from '../lib/transfer-text';

/**
 * "+$50.00" / "−$104.49": the sign says which way the money went. `cents`: another amount of the
 * same transfer (an ATM withdrawal's cash, its fee being a line of its own).
 */
export function SignedAmount({ transfer, cents }: { transfer: Transfer; cents?: Cents }) {
  const locale = useLocale();
  const signed = signedCents(transfer);
  const text = formatUsd(cents ?? transfer.totalCents, locale);
  // A declined or released card charge moved no money: its amount is struck through.
  const undone = isCardTransfer(transfer) && transfer.status === 'failed';
  return (
    <Typography
      component="span"
      sx={{
        fontWeight: 700,
        whiteSpace: 'nowrap',
        color: signed > 0 ? 'secondary.main' : 'text.primary',
        textDecoration: undone ? 'line-through' : 'none',
      }}
    >
      {signed > 0 ? `+${text}` : `−${text}`}
    </Typography>
  );
}

/**
 * Transfers as a list: kind, the other party, signed amount, status and date in the active
 * language. Each row opens its receipt.
 */
export function ActivityList({
  transfers,
  onOpen,
}: {
  transfers: Transfer[];
  onOpen(transfer: Transfer): void;
}) {
  const { t } = useTranslation('activity');
  const locale = useLocale();
  const Actions = useTransferActions();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {transfers.map((transfer) => {
        const card = isCardTransfer(transfer);
        const other = card
          ? cardLine(transfer)
          : (bankName(transfer) ?? counterpartyName(transfer));
        const cardNote = card ? declineText(t, transfer) : null;
        const amounts = card ? authorizedClearedText(t, transfer, locale) : null;
        const atmFee = atmFeeCents(transfer);
        const origin = originKey(transfer);
        return (
          <Box
            component="li"
            key={transfer.id}
            sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <ButtonBase
              onClick={() => onOpen(transfer)}
              aria-haspopup="dialog"
              sx={{
                width: '100%',
                textAlign: 'left',
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1.5,
                py: 1.5,
                px: 1,
                borderRadius: 1,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{t(kindKey(transfer))}</Typography>
                {other && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {other}
                  </Typography>
                )}
                {origin && (
                  <Typography variant="body2" color="text.secondary">
                    {t(origin)}
                  </Typography>
                )}
                {(cardNote || amounts) && (
                  <Typography variant="body2" color="text.secondary">
                    {cardNote ?? amounts}
                  </Typography>
                )}
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}
                >
                  <Chip
                    size="small"
                    variant="outlined"
                    color={card ? cardStatusColor(transfer) : STATUS_COLOR[transfer.status]}
                    label={t(card ? cardStatusKey(transfer) : statusKey(transfer, transfer.status))}
                  />
                  <Typography variant="body2" color="text.secondary" component="span">
                    {formatDateTime(transfer.createdAt, locale)}
                  </Typography>
                </Box>
              </Box>
              <SignedAmount
                transfer={transfer}
                {...(atmFee !== null ? { cents: transfer.amountCents } : {})}
              />
            </ButtonBase>
            {atmFee !== null && (
              <Box
                data-testid="atm-fee-line"
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, pb: 1.5, px: 1 }}
              >
                <Typography variant="body2" color="text.secondary">
                  {t('card.atmFee')}
                </Typography>
                <SignedAmount transfer={transfer} cents={atmFee} />
              </Box>
            )}
            <Actions transfer={transfer} place="list" />
          </Box>
        );
      })}
    </Box>
  );
}
