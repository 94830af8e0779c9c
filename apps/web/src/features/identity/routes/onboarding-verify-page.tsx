import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { IdentityFailureReason } from '@pago/shared/contracts/identity';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { useCapability } from '@/lib/capabilities';
import { useMissingDetailStep } from '@/lib/missing-details';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { VerificationStepper } from '../components/verification-stepper';
import { type FlowPhase, useIdentityFlow } from '../lib/use-identity-flow';

/** Spec §9: Verification Complete, then the dashboard 3 s later. */
export const REDIRECT_AFTER_MS = 3000;

/**
 * The last step of signing up (spec §2, §4): the stepper, then the verification itself with the
 * provider chosen for the person, a wait while it is reviewed, and the dashboard when done.
 */
export default function OnboardingVerifyPage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('onboarding.title'));
  const navigate = useNavigate();
  const flow = useIdentityFlow();
  const verified = flow.phase === 'verified';
  // Live mode without an identity vendor: nobody can be verified, and the page says so.
  const canVerify = useCapability('identityVerification');
  const { user } = useSession();
  // Once verified, a phone not yet verified is the next step (skippable): the bank needs one.
  const [phoneStep, setPhoneStep] = useState<'ask' | null>(null);
  const MissingDetailStep = useMissingDetailStep();

  useEffect(() => {
    if (verified && user && !user.phone_verified && phoneStep === null) setPhoneStep('ask');
  }, [verified, user, phoneStep]);

  useEffect(() => {
    if (!verified || phoneStep === 'ask') return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      REDIRECT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [verified, navigate, phoneStep]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <TitleAndIntro
        title={t('onboarding.title')}
        intro={t('onboarding.intro')}
        variant="h3"
        sx={{ fontSize: { xs: 30, md: 40 } }}
      />
      <Paper variant="outlined" sx={{ px: { xs: 1, sm: 3 }, py: 3, mb: 3 }}>
        <VerificationStepper verified={verified} />
      </Paper>
      {flow.settingsFailed && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {t('messages.settingsFailed')}
        </Alert>
      )}
      {flow.message && (
        <Alert
          severity={flow.message.severity}
          role={flow.message.severity === 'error' ? 'alert' : 'status'}
          sx={{ mb: 2 }}
        >
          {t(`messages.${flow.message.key}`)}
        </Alert>
      )}
      {!canVerify && !verified && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('common:liveMode.identityVerification')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 4 },
          display: canVerify || verified ? undefined : 'none',
        }}
      >
        <PhaseContent
          phase={flow.phase}
          provider={flow.provider}
          starting={flow.starting}
          failureReason={flow.identity?.failureReason ?? null}
          onStart={() => void flow.start()}
          phoneNext={phoneStep === 'ask'}
        />
      </Paper>
      {phoneStep === 'ask' && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, mt: 3 }}>
          <MissingDetailStep
            need="phone"
            purpose="onboarding"
            cancelLabel={t('onboarding.phoneNotNow')}
            onDone={() => navigate('/dashboard', { replace: true })}
            onCancel={() => navigate('/dashboard', { replace: true })}
          />
        </Paper>
      )}
    </Container>
  );
}

function PhaseContent({
  phase,
  provider,
  starting,
  failureReason,
  onStart,
  phoneNext = false,
}: {
  phase: FlowPhase;
  /** The phone step comes next on this page: no "taking you to the dashboard". */
  phoneNext?: boolean;
  provider: 'plaid' | 'persona';
  starting: boolean;
  /** Why Pago refused the last attempt, when it did (e.g. the name is not the account's). */
  failureReason: IdentityFailureReason | null;
  onStart(): void;
}) {
  const { t } = useTranslation('identity');
  const heading = useRef<HTMLHeadingElement>(null);

  // The content replaces itself as the verification moves on: keyboard and screen-reader users
  // are taken to its new heading (not on the first render).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [phase]);

  const title = (text: string) => (
    <Typography
      ref={heading}
      tabIndex={-1}
      variant="h5"
      component="h2"
      gutterBottom
      sx={{ outline: 'none' }}
    >
      {text}
    </Typography>
  );

  switch (phase) {
    case 'loading':
      return (
        <Box role="status" sx={{ textAlign: 'center', py: 2, color: 'text.secondary' }}>
          {t('common:status.loading')}
        </Box>
      );
    case 'verified':
      return (
        <Box sx={{ textAlign: 'center' }}>
          <CheckIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
          {title(t('onboarding.verified.title'))}
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t(phoneNext ? 'onboarding.verified.phoneNext' : 'onboarding.verified.body')}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/dashboard" replace>
            {t('onboarding.verified.dashboard')}
          </Button>
        </Box>
      );
    case 'review':
      return (
        <Box sx={{ textAlign: 'center' }}>
          <CircularProgress aria-hidden size={40} sx={{ mb: 2 }} />
          {title(t('onboarding.review.title'))}
          <Typography color="text.secondary">{t('onboarding.review.body')}</Typography>
        </Box>
      );
    case 'start':
    case 'resume':
    case 'retry':
      return (
        <Box>
          {title(t(`onboarding.${phase}.title`))}
          <Typography sx={{ mb: 1 }}>
            {phase === 'retry' && failureReason
              ? t(`failureReasons.${failureReason}`)
              : t(`onboarding.${phase}.body`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t(`onboarding.documents.${provider}`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('onboarding.withProvider', { provider: t(`providers.${provider}`) })}
          </Typography>
          <Button
            variant="contained"
            size="large"
            onClick={onStart}
            disabled={starting}
            startIcon={starting ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {starting ? t('onboarding.starting') : t(`onboarding.${phase}.button`)}
          </Button>
        </Box>
      );
  }
}
