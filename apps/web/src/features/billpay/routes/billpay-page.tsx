import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BILL_CATEGORIES, type BillType } from '@pago/shared/bill-categories';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { useCapability } from '@/lib/capabilities';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { useClearSuccess } from '@/lib/use-clear-success';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { BillPaidConfirmation } from '../components/bill-paid-confirmation';
import { BillerSearch } from '../components/biller-search';
import { PayBillDialog } from '../components/pay-bill-dialog';
import { ScheduledBills } from '../components/scheduled-bills';

type Message = { severity: 'success' | 'warning' | 'error'; text: string };

/**
 * The bill categories (spec §2). Signed in, a bill type opens its payment: the company, the
 * account number there, the amount, then a confirmation. Visitors are asked to log in.
 */
/** A transfer's receipt dialog (the activity's), given by the app shell: features never meet. */
export type ReceiptComponent = ComponentType<{ transferId: string | null; onClose(): void }>;

export default function BillPayPage({ Receipt }: { Receipt?: ReceiptComponent } = {}) {
  const { t } = useTranslation('billpay');
  const { isAuthenticated, user } = useSession();
  const [message, setMessage] = useState<Message | null>(null);
  const [paying, setPaying] = useState<BillType | null>(null);
  // A biller chosen from the directory's search, preselected in the payment.
  const [payingBiller, setPayingBiller] = useState<string | null>(null);
  // The bill type whose button was pressed while the identity is being checked.
  const [checking, setChecking] = useState<BillType | null>(null);
  const verified = useVerifiedAction();
  // Live mode without the banking partner: the bills are shown, not payable, and the page says why.
  const available = useCapability('billPay');
  usePageTitle(t('title'));

  useClearSuccess(message, () => setMessage(null));
  // The confirmation of a bill paid now stays (its reference, its receipt) until dismissed.
  const [lastPaid, setLastPaid] = useState<Transfer | null>(null);
  const [receiptOf, setReceiptOf] = useState<string | null>(null);

  const choose = async (billType: BillType, billerId: string | null = null) => {
    if (!isAuthenticated) {
      setMessage({ severity: 'warning', text: t('loginRequired') });
      return;
    }
    if (verified.checking) return;
    setMessage(null);
    // Paying needs a verified identity, checked afresh (spec §4); the unverified go to verify it.
    setChecking(billType);
    const result = await verified.run(() => {
      setPayingBiller(billerId);
      setPaying(billType);
    });
    setChecking(null);
    if (result === 'error') setMessage({ severity: 'error', text: t('verification.checkFailed') });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <TitleAndIntro
        title={t('title')}
        intro={t('subtitle')}
        variant="h3"
        sx={{ fontSize: { xs: 30, md: 44 } }}
      />
      {!available && (
        <Alert severity="info" role="note" sx={{ mb: 3 }}>
          {t('common:liveMode.billPay')}
        </Alert>
      )}
      {available && isAuthenticated && !isIdentityVerified(user) && (
        <IdentityNotice notice={t('identity.notice')} verify={t('identity.verify')} />
      )}
      {message && (
        <Alert
          severity={message.severity}
          role={message.severity === 'success' ? 'status' : 'alert'}
          sx={{ mb: 3 }}
          action={
            isAuthenticated || message.severity === 'error' ? undefined : (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to="/login"
                state={{ from: { pathname: '/billpay' } }}
              >
                {t('common:nav.login')}
              </Button>
            )
          }
        >
          {message.text}
        </Alert>
      )}
      {isAuthenticated && (
        <BillerSearch
          enabled={available}
          onChoose={(biller) => void choose(biller.paymentType as BillType, biller.id)}
        />
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {BILL_CATEGORIES.map((category) => (
          <Paper key={category.id} component="section" variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(`categories.${category.id}`)}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {category.billTypes.map((billType) => (
                <Box key={billType} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Button
                    variant="outlined"
                    onClick={() => void choose(billType)}
                    aria-haspopup={isAuthenticated ? 'dialog' : undefined}
                    disabled={!available || (checking !== null && checking !== billType)}
                    sx={{ flex: 1, justifyContent: 'flex-start' }}
                  >
                    {checking === billType
                      ? t('verification.checking')
                      : t(`billTypes.${billType}`)}
                  </Button>
                  <Chip
                    label={available ? t('available') : t('unavailable')}
                    color={available ? 'success' : 'default'}
                    variant="outlined"
                    size="small"
                  />
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      {lastPaid && (
        <BillPaidConfirmation
          paid={lastPaid}
          {...(Receipt ? { onReceipt: () => setReceiptOf(lastPaid.id) } : {})}
          onDismiss={() => setLastPaid(null)}
        />
      )}
      <ScheduledBills
        {...(Receipt ? { onReceipt: setReceiptOf } : {})}
        enabled={available && isAuthenticated && isIdentityVerified(user)}
      />
      <PayBillDialog
        billType={paying}
        billerId={payingBiller}
        onClose={() => setPaying(null)}
        onPaid={(billType, scheduled, paid) => {
          setPaying(null);
          setLastPaid(paid ?? null);
          setMessage({
            severity: 'success',
            text: t(scheduled ? 'scheduledOk' : 'paid', { payment: t(`payments.${billType}`) }),
          });
        }}
      />
      {Receipt && <Receipt transferId={receiptOf} onClose={() => setReceiptOf(null)} />}
    </Container>
  );
}
