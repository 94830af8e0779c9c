import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CASH_DEPOSIT_FEE_RULE,
  CASH_DEPOSIT_LIMITS,
  type CashStore,
} from '@pago/shared/contracts/cash-deposits';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { ApiError } from '@/lib/api-client';
import { useCapability } from '@/lib/capabilities';
import { formatDateTime, useLocale } from '@/lib/format';
import { missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { useCashBarcode, useCashDeposits, useCashStores } from '../api/cash-deposits';
import { Barcode } from '../components/barcode';
import { ZipSearch } from '../components/zip-search';

/**
 * Cash at stores: stores near a ZIP code, the barcode to show at the chosen store's register
 * (large, high contrast, its digits under it), how it works, the fee rule and limits, and the
 * cash deposits made so far.
 */
export default function CashDepositPage() {
  const { t } = useTranslation('cashDeposits');
  usePageTitle(t('title'));
  const { user } = useSession();
  const available = useCapability('bankAccount');
  const verified = isIdentityVerified(user);
  const [store, setStore] = useState<CashStore | null>(null);
  const defaultZip = user?.homeAddress?.postalCode.slice(0, 5) ?? '';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      {!available ? (
        <Alert severity="info" role="note">
          {t('liveMode')}
        </Alert>
      ) : (
        <>
          {!verified && <IdentityNotice notice={t('verifyNotice')} verify={t('verify')} />}
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 3, md: 4 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
              alignItems: 'start',
            }}
          >
            <Box sx={{ display: 'grid', gap: 3 }}>
              <BarcodeSection store={store} verified={verified} />
              <Stores initialZip={defaultZip} selected={store} onSelect={setStore} />
            </Box>
            <Box sx={{ display: 'grid', gap: 3 }}>
              <HowItWorks />
              <FeesAndHistory />
            </Box>
          </Box>
        </>
      )}
    </Container>
  );
}

function BarcodeSection({ store, verified }: { store: CashStore | null; verified: boolean }) {
  const { t } = useTranslation('cashDeposits');
  const locale = useLocale();
  const barcode = useCashBarcode(store && verified ? store.storeId : null);
  const MissingDetailStep = useMissingDetailStep();
  // The account opens with the first barcode: the home address or phone the bank needs for it is
  // asked right here, then the barcode is asked for again. "Cancelar" leaves the retry.
  const need = barcode.isError ? missingDetailOf(barcode.error) : null;
  const [declined, setDeclined] = useState(false);
  return (
    <SectionCard title={t('barcode.title')}>
      {!verified ? (
        <Typography>{t('barcode.notVerified')}</Typography>
      ) : !store ? (
        <Typography color="text.secondary">{t('barcode.choose')}</Typography>
      ) : barcode.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={170} />
        </Loading>
      ) : need && !declined ? (
        <MissingDetailStep
          need={need}
          purpose="cashDeposit"
          onDone={() => void barcode.refetch()}
          onCancel={() => setDeclined(true)}
        />
      ) : barcode.isError ? (
        <LoadFailed
          onRetry={() => {
            setDeclined(false);
            void barcode.refetch();
          }}
          message={
            barcode.error instanceof ApiError && barcode.error.status === 403
              ? t('barcode.notVerified')
              : t('barcode.loadFailed')
          }
        />
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>{t('barcode.at', { store: store.name })}</Typography>
          <Barcode
            value={barcode.data.barcodeNumber}
            label={t('barcode.label', { number: barcode.data.barcodeNumber })}
          />
          <Alert severity="info" role="note">
            {t('barcode.brightness')}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t('barcode.expires', { date: formatDateTime(barcode.data.expiresAt, locale) })}
          </Typography>
        </>
      )}
    </SectionCard>
  );
}

function Stores({
  initialZip,
  selected,
  onSelect,
}: {
  initialZip: string;
  selected: CashStore | null;
  onSelect(store: CashStore): void;
}) {
  const { t } = useTranslation('cashDeposits');
  const [zip, setZip] = useState(initialZip);
  const stores = useCashStores(zip);
  return (
    <SectionCard title={t('stores.title')}>
      <ZipSearch
        label={t('stores.zip')}
        help={t('stores.zipHelp')}
        action={t('stores.search')}
        initial={initialZip}
        onSearch={setZip}
      />
      {zip === '' ? null : stores.isPending ? (
        <Loading>
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Loading>
      ) : stores.isError ? (
        <LoadFailed onRetry={stores.refetch} message={t('stores.loadFailed')} />
      ) : stores.data.length === 0 ? (
        <Typography>{t('stores.none')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('stores.title')}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}
        >
          {stores.data.map((store) => {
            const chosen = selected?.storeId === store.storeId;
            return (
              <Box
                component="li"
                key={store.storeId}
                sx={{ display: 'grid', gap: 0.5, borderBottom: 1, borderColor: 'divider', pb: 2 }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography sx={{ fontWeight: 600 }}>{store.name}</Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {t('stores.distance', { miles: store.distanceMiles.toFixed(1) })}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {store.street}, {store.city}, {store.state} {store.postalCode}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('stores.phone', { phone: store.phone })}
                </Typography>
                <Button
                  variant={chosen ? 'contained' : 'outlined'}
                  size="small"
                  aria-pressed={chosen}
                  aria-label={`${t('stores.use')}: ${store.name}, ${store.street}`}
                  onClick={() => onSelect(store)}
                  sx={{ justifySelf: 'start', mt: 0.5 }}
                >
                  {chosen ? t('stores.selected') : t('stores.use')}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}

function HowItWorks() {
  const { t } = useTranslation('cashDeposits');
  return (
    <SectionCard title={t('steps.title')}>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {(['store', 'show', 'cash'] as const).map((step) => (
          <li key={step}>
            <Typography>{t(`steps.${step}`)}</Typography>
          </li>
        ))}
      </Box>
    </SectionCard>
  );
}

function FeesAndHistory() {
  const { t } = useTranslation('cashDeposits');
  const locale = useLocale();
  const deposits = useCashDeposits();
  const usd = (amount: number) => formatUsd(amount as Cents, locale);
  return (
    <>
      <SectionCard title={t('fees.title')}>
        <Typography>
          {t('fees.free', { free: usd(CASH_DEPOSIT_FEE_RULE.freePerMonthCents) })}
        </Typography>
        <Typography>
          {t('fees.after', {
            free: usd(CASH_DEPOSIT_FEE_RULE.freePerMonthCents),
            fee: usd(CASH_DEPOSIT_FEE_RULE.feeCents),
          })}
        </Typography>
        <Typography>
          {t('fees.limits', {
            perDeposit: usd(CASH_DEPOSIT_LIMITS.perDeposit),
            perDay: usd(CASH_DEPOSIT_LIMITS.perDay),
            perMonth: usd(CASH_DEPOSIT_LIMITS.perMonth),
          })}
        </Typography>
        {deposits.data && (
          <Typography sx={{ fontWeight: 600 }} data-testid="cash-month">
            {t('fees.month', {
              deposited: usd(deposits.data.month.depositedCents),
              left: usd(deposits.data.month.freeLeftCents),
            })}
          </Typography>
        )}
        <Button component={RouterLink} to="/fees" sx={{ alignSelf: 'flex-start', px: 0 }}>
          {t('fees.seeAll')}
        </Button>
      </SectionCard>
      <SectionCard title={t('history.title')}>
        {deposits.isPending ? (
          <Loading>
            <Skeleton height={56} />
          </Loading>
        ) : deposits.isError ? (
          <LoadFailed onRetry={deposits.refetch} message={t('history.loadFailed')} />
        ) : deposits.data.items.length === 0 ? (
          <Typography color="text.secondary">{t('history.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('history.title')}
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
          >
            {deposits.data.items.map((deposit) => (
              <Box
                component="li"
                key={deposit.id}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{deposit.storeName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(deposit.createdAt, locale)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {deposit.feeCents > 0
                      ? t('history.fee', { fee: usd(deposit.feeCents) })
                      : t('history.noFee')}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {usd(deposit.amountCents)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </SectionCard>
    </>
  );
}
