import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ATM_FEES } from '@pago/shared/fees';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useInNetworkAtms } from '../api/cash-deposits';
import { ZipSearch } from './zip-search';

/** The in-network network's name, as the partner's ATM locations give it (the fake's: RedLibre). */
const NETWORK = 'RedLibre';

/** "Cajeros sin comisión cerca de ti": in-network ATMs by ZIP, tied to the month's free withdrawals. */
export function AtmsNearMe() {
  const { t } = useTranslation('cashDeposits');
  const [zip, setZip] = useState('');
  const atms = useInNetworkAtms(zip);
  return (
    <SectionCard title={t('atms.title')}>
      <Typography color="text.secondary">
        {t('atms.intro', { network: NETWORK, count: ATM_FEES.inNetworkFreePerMonth })}
      </Typography>
      <ZipSearch label={t('atms.zip')} action={t('atms.search')} onSearch={setZip} />
      {zip === '' ? null : atms.isPending ? (
        <Loading>
          <Skeleton height={56} />
        </Loading>
      ) : atms.isError ? (
        <LoadFailed onRetry={atms.refetch} message={t('atms.loadFailed')} />
      ) : atms.data.length === 0 ? (
        <Typography>{t('atms.none')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('atms.title')}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
        >
          {atms.data.map((atm) => (
            <Box
              component="li"
              key={`${atm.street}-${atm.name}`}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{atm.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {atm.street}, {atm.city}, {atm.state} {atm.postalCode}
                </Typography>
                {atm.acceptsDeposits && (
                  <Typography variant="body2" color="text.secondary">
                    {t('atms.deposits')}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {t('atms.distance', { miles: atm.distanceMiles.toFixed(1) })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
