import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { PageLoading } from '@/components/ui/page-loading';
import { AddressForm } from '@/features/accounts/components/address-form';
import { BankTransferPanel } from '@/features/banking/components/bank-transfer-panel';
import { RequestMoneyForm } from '@/features/requests/components/request-money-form';
import { RequestsInbox } from '@/features/requests/components/requests-inbox';
import { SendMoneyForm } from '@/features/transfers/components/send-money-form';
import { AvailableBalanceCard } from '@/features/wallet/components/available-balance-card';
import { usePageTitle } from '@/lib/page-title';
import { looksLikePhone } from '@/lib/phone';
import { isIdentityVerified, useSession } from '@/lib/session';

const TABS = ['send', 'request', 'bank'] as const;
type TabId = (typeof TABS)[number];

function isTab(value: string | null): value is TabId {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * Send Money, Request Money and Bank Transfer, with the available balance. `?tab=` chooses the
 * tab and `?to=` (a username or phone, from a profile's QR code) fills in the other person.
 * Visitors see what each tab does and are asked to log in to act.
 */
export default function MoneyMoverPage() {
  // The tabs' namespaces load with the page, not one by one as each tab first opens.
  const { t } = useTranslation(['moneymover', 'transfers', 'requests', 'banking', 'wallet']);
  const { isAuthenticated, loading, user } = useSession();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = isTab(tabParam) ? tabParam : 'send';
  const to = params.get('to')?.trim() || null;
  const baseId = useId();
  usePageTitle(t('title'));

  const selectTab = (next: TabId) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  if (loading) return <PageLoading label={t('common:status.loading')} />;
  // A username (a profile's QR code, an older link) is paid on the P2P path, not sent home.
  if (tab === 'send' && to && !looksLikePhone(to)) {
    return <Navigate replace to={`/pay?${new URLSearchParams({ to })}`} />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 44 } }} gutterBottom>
        {t('title')}
      </Typography>
      {isAuthenticated && !isIdentityVerified(user) && (
        <IdentityNotice notice={t('identity.notice')} verify={t('identity.verify')} />
      )}
      <AvailableBalanceCard signedIn={isAuthenticated} />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) => selectTab(value)}
          variant="fullWidth"
          aria-label={t('tabsLabel')}
        >
          {TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`tabs.${id}.label`)}
              id={`${baseId}-tab-${id}`}
              aria-controls={`${baseId}-panel-${id}`}
              sx={{ px: { xs: 1, sm: 2 }, minWidth: 0 }}
            />
          ))}
        </Tabs>
        {TABS.map((id) => (
          <Box
            key={id}
            role="tabpanel"
            hidden={tab !== id}
            id={`${baseId}-panel-${id}`}
            aria-labelledby={`${baseId}-tab-${id}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            {tab === id && (
              <>
                <Typography sx={{ mb: 3 }} color={isAuthenticated ? 'text.secondary' : undefined}>
                  {t(`tabs.${id}.description`)}
                </Typography>
                {isAuthenticated ? (
                  <SignedInPanel tab={id} to={to} />
                ) : (
                  <>
                    <Box component="ul" sx={{ pl: 3, mb: 3, color: 'text.secondary' }}>
                      {(t(`tabs.${id}.fields`, { returnObjects: true }) as string[]).map(
                        (field) => (
                          <li key={field}>{field}</li>
                        ),
                      )}
                    </Box>
                    <Button
                      variant="contained"
                      component={RouterLink}
                      to="/login"
                      state={{
                        from: {
                          pathname: '/moneymover',
                          search: params.toString() ? `?${params}` : '',
                        },
                      }}
                    >
                      {t(`tabs.${id}.loginToAct`)}
                    </Button>
                  </>
                )}
              </>
            )}
          </Box>
        ))}
      </Paper>
    </Container>
  );
}

function SignedInPanel({ tab, to }: { tab: TabId; to: string | null }) {
  switch (tab) {
    case 'send':
      return <SendMoneyForm to={to} />;
    case 'request':
      return (
        <>
          <RequestMoneyForm to={to} />
          <RequestsInbox />
        </>
      );
    case 'bank':
      return <BankPanel />;
  }
}

/** Bank Transfer, asking the home address (the accounts feature's form) before the bank account. */
function BankPanel() {
  const { t } = useTranslation('banking');
  const { user } = useSession();
  return (
    <BankTransferPanel
      addressStep={{
        hasAddress: Boolean(user?.homeAddress),
        render: ({ onSaved, onCancel }) => (
          <AddressForm
            address={user?.homeAddress ?? null}
            onSaved={onSaved}
            onCancel={onCancel}
            submitLabel={t('bank.setup.addressContinue')}
          />
        ),
      }}
    />
  );
}
