import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@pago/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedSection } from '@/components/ui/outlined-section';
import { Loading } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { useBalance } from '@/lib/wallet';

/** The available balance card: the real balance when signed in, an invitation otherwise. */
export function AvailableBalanceCard({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const balance = useBalance(signedIn);

  let body: ReactNode;
  if (!signedIn) body = <Typography>{t('availableBalance.loginToSee')}</Typography>;
  else if (balance.isPending) {
    body = (
      <Loading>
        <Skeleton width={160} height={48} />
      </Loading>
    );
  } else if (balance.isError)
    body = <Typography role="alert">{t('availableBalance.loadFailed')}</Typography>;
  else {
    body = (
      <Typography
        component="p"
        sx={{ fontSize: { xs: 32, sm: 40 }, fontWeight: 800, lineHeight: 1.2 }}
      >
        {formatUsd(balance.data.availableBalanceCents, locale)}
      </Typography>
    );
  }

  return (
    <OutlinedSection
      title={t('availableBalance.title')}
      heading={{ variant: 'overline', component: 'h2', color: 'text.secondary' }}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      {body}
    </OutlinedSection>
  );
}
