import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { ReceiptDialog } from '@/features/activity/components/receipt-dialog';
import { type PaySent, PaySomeone } from '@/features/transfers/components/pay-someone';
import { SendResult } from '@/features/transfers/components/send-result';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';

/**
 * "Pagar a alguien de Pago" (`/pay?to=<username or phone>`): the P2P path, apart from sending
 * home. After a send, its result (with the receipt from the wallet feature) takes the form's
 * place at the top; "Enviar otra vez" starts a new form for the same person.
 */
export default function PayPage() {
  const { t } = useTranslation(['transfers', 'moneymover', 'activity']);
  usePageTitle(t('pay.title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = params.get('to')?.trim() || null;
  const [sent, setSent] = useState<PaySent | null>(null);
  const [again, setAgain] = useState<PaySent | null>(null);
  // Each new form is a new component: nothing of the last send's messages stays.
  const [round, setRound] = useState(0);
  const [receiptId, setReceiptId] = useState<string | null>(null);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        {t('pay.title')}
      </Typography>
      {!isIdentityVerified(user) && (
        <IdentityNotice
          notice={t('moneymover:identity.notice')}
          verify={t('moneymover:identity.verify')}
        />
      )}
      {sent ? (
        <SendResult
          transfer={sent.transfer}
          person={`${sent.person.name} (@${sent.person.username})`}
          onReceipt={() => setReceiptId(sent.transfer.id)}
          onAgain={() => {
            setAgain(sent);
            setSent(null);
            setRound((n) => n + 1);
          }}
          onDone={() => navigate('/dashboard')}
        />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('pay.intro')}
          </Typography>
          <PaySomeone key={round} to={to} again={again} onSent={setSent} />
          <Box sx={{ mt: 4 }}>
            <Button component={RouterLink} to="/send-home">
              {t('pay.sendHome')}
            </Button>
          </Box>
        </>
      )}
      <ReceiptDialog transferId={receiptId} onClose={() => setReceiptId(null)} />
    </Container>
  );
}
