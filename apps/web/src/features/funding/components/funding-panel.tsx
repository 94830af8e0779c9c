import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedSection } from '@/components/ui/outlined-section';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useCapability } from '@/lib/capabilities';
import { useLinkedBanks } from '../api/funding';
import { BankMoneyForm } from './bank-money-form';

/** "Agregar dinero" from a linked bank and "Retirar a tu banco", side by side on wide screens. */
export function FundingPanel() {
  return (
    <Suspense
      fallback={
        <Loading>
          <Skeleton variant="rounded" height={220} />
        </Loading>
      }
    >
      <FundingForms />
    </Suspense>
  );
}

function FundingForms() {
  const { t } = useTranslation('funding');
  const banks = useLinkedBanks();
  const available = useCapability('bankAccount');
  if (!available) {
    return (
      <Alert severity="info" role="note">
        {t('common:liveMode.bankAccount')}
      </Alert>
    );
  }
  if (banks.isPending) {
    return (
      <Loading>
        <Skeleton variant="rounded" height={220} />
      </Loading>
    );
  }
  if (banks.isError) return <LoadFailed onRetry={banks.refetch} message={t('loadFailed')} />;
  const usable = banks.data.filter((bank) => bank.status !== 'login_required');
  if (usable.length === 0) {
    return (
      <Alert severity="info" role="note">
        {t('noBanks')}
      </Alert>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {(['deposit', 'withdrawal'] as const).map((direction) => (
        <OutlinedSection
          key={direction}
          title={t(direction === 'deposit' ? 'add.title' : 'withdraw.title')}
          heading={{ variant: 'subtitle1', component: 'h3', sx: { fontWeight: 700, mb: 1 } }}
          sx={{ p: 2 }}
        >
          <BankMoneyForm direction={direction} banks={usable} />
        </OutlinedSection>
      ))}
    </Box>
  );
}
