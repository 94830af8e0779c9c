import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CardType, ShippingSpeed } from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { useLocale } from '@/lib/format';
import { type MissingDetail, missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCreateCard } from '../api/cards';
import { ShippingChoice } from './shipping-choice';

/** What ordering needs and what the person has (the page reads identity, bank and profile). */
export type OrderReadiness = {
  verified: boolean;
  /** null while the bank account is looked up. */
  bankAccount: boolean | null;
  /** The profile's one-line home address, where a physical card ships; null when none. */
  address: string | null;
  /** False in live mode while the card partner is not live. */
  available: boolean;
};

const REFUSALS = {
  bank_account_required: 'order.needBank',
  feature_unavailable_in_live_mode: 'liveMode',
};

/**
 * Ordering a card: the virtual one (free, ready at once) and the physical one, mailed to the
 * profile's address (standard free, expedited with its fee). `missing` lists the types the person
 * does not have yet. Says what is missing first (identity, bank account) and where to get it; the
 * home address (or a phone the bank asks for) is asked right here, then the order goes on.
 */
export function OrderCard({
  missing,
  readiness,
}: {
  missing: readonly CardType[];
  readiness: OrderReadiness;
}) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const create = useCreateCard();
  const [feedback, setFeedback] = useFeedback();
  const [shipping, setShipping] = useState<ShippingSpeed>('standard');
  const [confirming, setConfirming] = useState(false);
  // What is asked in place: the address before choosing the shipping (none on the profile), or
  // what the server asked for on ordering (then the same order, same shipping, is sent again).
  const [asking, setAsking] = useState<{ need: MissingDetail; retry: CardType | null } | null>(
    null,
  );
  // The address just saved: the profile's one-line address follows once the session refreshes.
  const [addressSaved, setAddressSaved] = useState(false);
  const MissingDetailStep = useMissingDetailStep();
  const { verified, bankAccount, address, available } = readiness;
  const ready = available && verified && bankAccount === true;
  const hasAddress = address !== null || addressSaved;

  const order = (type: CardType) => {
    setFeedback(null);
    create.mutate(type === 'virtual' ? { type } : { type, shipping }, {
      onSuccess: (card) => {
        setConfirming(false);
        setFeedback({ severity: 'success', text: t(`order.done.${type}`, { last4: card.last4 }) });
      },
      onError: (failure) => {
        const need = missingDetailOf(failure);
        if (need) return setAsking({ need, retry: type });
        setFeedback(moneyErrorFeedback(t, failure, 'order.failed', locale, REFUSALS));
      },
    });
  };

  if (asking) {
    return (
      <MissingDetailStep
        need={asking.need}
        purpose="card"
        onDone={() => {
          const { need, retry } = asking;
          setAsking(null);
          if (need === 'address') setAddressSaved(true);
          if (retry) order(retry);
          else setConfirming(true);
        }}
        onCancel={() => setAsking(null)}
      />
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!available && (
        <Alert severity="info" role="note">
          {t('liveMode')}
        </Alert>
      )}
      {available && !verified && (
        <MissingNote
          text={t('order.needIdentity')}
          to="/onboarding/verify"
          link={t('order.verify')}
        />
      )}
      {available && verified && bankAccount === false && (
        <MissingNote text={t('order.needBank')} to="/direct-deposit" link={t('order.openBank')} />
      )}
      <FeedbackMessage feedback={feedback} />
      {missing.includes('virtual') && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {t('order.virtualTitle')}
          </Typography>
          <Typography color="text.secondary">{t('order.virtualBody')}</Typography>
          <Button
            variant="contained"
            disabled={!ready || create.isPending}
            onClick={() => order('virtual')}
            sx={{ justifySelf: 'start' }}
          >
            {t('order.virtual')}
          </Button>
        </Box>
      )}
      {missing.includes('physical') && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {t('order.physicalTitle')}
          </Typography>
          <Typography color="text.secondary">{t('order.physicalBody')}</Typography>
          {address ? (
            <Typography>
              {t('order.shipsTo')}{' '}
              <Box component="span" sx={{ fontWeight: 600 }}>
                {address}
              </Box>
            </Typography>
          ) : addressSaved ? null : (
            <Alert severity="info" role="note">
              {t('order.needAddress')}
            </Alert>
          )}
          {hasAddress && ready && confirming ? (
            <Box
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 2,
                display: 'grid',
                gap: 1,
              }}
            >
              <ShippingChoice value={shipping} onChange={setShipping} />
              <Typography sx={{ fontWeight: 600 }}>
                {shipping === 'expedited'
                  ? t('order.feeExpedited', {
                      fee: formatUsd(CARD_FEES.expeditedDelivery, locale),
                    })
                  : t('order.feeFree')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={create.isPending}
                  onClick={() => order('physical')}
                >
                  {create.isPending ? t('common:status.processing') : t('order.confirmPhysical')}
                </Button>
                <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
              </Box>
            </Box>
          ) : (
            <Button
              variant="outlined"
              disabled={!ready}
              onClick={() =>
                hasAddress ? setConfirming(true) : setAsking({ need: 'address', retry: null })
              }
              sx={{ justifySelf: 'start' }}
            >
              {t('order.physical')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** What ordering still needs, and a link to where to get it. */
function MissingNote({
  text,
  to,
  link,
  severity = 'warning',
}: {
  text: string;
  to: string;
  link: string;
  severity?: 'warning' | 'info';
}) {
  return (
    <Alert
      severity={severity}
      role="note"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={to}>
          {link}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
