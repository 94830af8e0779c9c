import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { SendHomeFlow } from '@/features/remittances/components/send-home-flow';
import { InvitePanel } from '@/features/transfers/components/invite-panel';

import { AvailableBalanceCard } from '@/features/wallet/components/available-balance-card';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { PayStep } from './pay-step';
import { type SendChoice, WhoStep } from './send-who-step';

/**
 * One send (`/send`, home's "Enviar"): who first — a Pago user is paid at once, free, with a note;
 * family abroad (saved, or someone new after the calculator) goes through sending home; a U.S.
 * phone nobody on Pago has gets the invitation. `?to=` (a username or phone) starts at paying.
 */
export default function SendPage() {
  const { t } = useTranslation([
    'send',
    'moneymover',
    'transfers',
    'remittances',
    'activity',
    'schedules',
  ]);
  usePageTitle(t('title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  const to = params.get('to')?.trim() || null;
  const [choice, setChoice] = useState<SendChoice | null>(to ? { kind: 'pay', to } : null);

  if (choice?.kind === 'link') return <Navigate to={choice.path} />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        {t(choice ? `heading.${choice.kind}` : 'title')}
      </Typography>
      {!isIdentityVerified(user) && (
        <IdentityNotice
          notice={t('moneymover:identity.notice')}
          verify={t('moneymover:identity.verify')}
        />
      )}
      <AvailableBalanceCard signedIn />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {choice === null ? (
          <>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('who.title')}
            </Typography>
            <WhoStep onChoose={setChoice} />
            {/* Recurring transfers home (features/schedules): "El 1 y el 15, a Mamá". */}
            <Button component={RouterLink} to="/schedules" sx={{ mt: 2 }}>
              {t('schedules:sendLink')}
            </Button>
          </>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Button onClick={() => setChoice(null)} sx={{ justifySelf: 'start' }}>
              {t('back')}
            </Button>
            {choice.kind === 'pay' && <PayStep to={choice.to} />}
            {choice.kind === 'abroad' && (
              <SendHomeFlow
                initial={{ recipientId: choice.recipientId, amount: null }}
                newRecipient={choice.recipientId === null}
                {...(choice.country ? { country: choice.country } : {})}
              />
            )}
            {choice.kind === 'invite' && <InvitePanel phone={choice.phone} amountCents={null} />}
          </Box>
        )}
      </Paper>
    </Container>
  );
}
