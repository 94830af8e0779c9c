import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { cents, formatUsd, type Locale } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useBalance } from '@/lib/wallet';
import { formatAccountCreated, kycDisplay } from '../lib/profile-display';
import { Detail, DetailList } from './detail-list';

/** "Account Balance": the ledger balance (live, not the profile's snapshot), the KYC status and the day the account was opened. */
export function BalanceCard({ user, locale }: { user: UserProfile | null; locale: Locale }) {
  const { t } = useTranslation('accounts');
  const kyc = kycDisplay(user?.kyc_status);
  const created = formatAccountCreated(user?.createdAt, locale);
  // The ledger's balance, under the same query key as every other screen that shows it, so a
  // money move anywhere refreshes it here too; the profile's copy only fills in until it loads.
  const ledger = useBalance(user !== null);
  const fromProfile = Number.isSafeInteger(user?.balanceCents)
    ? cents(user?.balanceCents ?? 0)
    : cents(0);
  const balance = ledger.data?.balanceCents ?? fromProfile;

  return (
    <SectionCard title={t('balance.title')}>
      <DetailList>
        <Detail label={t('balance.balance')}>
          <Typography component="span" variant="h4" sx={{ fontWeight: 700 }}>
            {formatUsd(balance, locale)}
          </Typography>
        </Detail>
        <Detail label={t('balance.kycStatus')}>
          <Chip size="small" color={kyc.color} label={t(`balance.kyc.${kyc.key}`)} />
        </Detail>
        <Detail label={t('balance.accountCreated')}>
          {created ? (
            <span>{created}</span>
          ) : (
            <Typography component="span" color="text.secondary">
              {t('balance.unknownDate')}
            </Typography>
          )}
        </Detail>
      </DetailList>
    </SectionCard>
  );
}
