import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';

const STEPS = ['accountCreated', 'emailVerified', 'identity', 'dashboard'] as const;

/**
 * Sign-up's four steps (spec §2): the account and the e-mail are done, identity verification is
 * the current step, and Dashboard Access is done once the identity is verified.
 */
export function VerificationStepper({ verified }: { verified: boolean }) {
  const { t } = useTranslation('identity');
  const active = verified ? STEPS.length : 2;
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      component="ol"
      aria-label={t('onboarding.steps.label')}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {STEPS.map((step, index) => (
        <Step
          key={step}
          component="li"
          completed={index < active}
          aria-current={index === active ? 'step' : undefined}
          sx={{ px: { xs: 0.5, sm: 1 } }}
        >
          <StepLabel>
            {t(`onboarding.steps.${step}`)}
            <Box component="span" sx={visuallyHidden}>
              {` (${t(index < active ? 'onboarding.steps.done' : index === active ? 'onboarding.steps.current' : 'onboarding.steps.todo')})`}
            </Box>
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
