import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressForm } from '@/features/accounts/components/address-form';
import { PhoneStep } from '@/features/phone/components/phone-step';
import type { MissingDetailStepProps } from '@/lib/missing-details';
import { useSession } from '@/lib/session';

/**
 * The missing-detail slot (lib/missing-details.tsx): the home address (the accounts feature's
 * form, prefilled with the ZIP code from sign-up or verification) or the phone (the phone
 * feature's send-code-and-check step, prefilled with the profile's number), each saved through
 * the profile API, then `onDone` so the flow continues where it was.
 */
export function MissingDetailStep({
  need,
  purpose,
  onDone,
  onCancel,
  cancelLabel,
}: MissingDetailStepProps) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const { user } = useSession();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users are taken to the new step.
  useEffect(() => heading.current?.focus(), []);
  const leave = cancelLabel ?? t('needs.cancel');
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography
          id={titleId}
          ref={heading}
          tabIndex={-1}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 700, outline: 'none' }}
        >
          {t(`needs.${need}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {purpose === 'onboarding'
            ? t('needs.onboardingPhone')
            : t(`needs.${need}.body`, { purpose: t(`needs.purposes.${purpose}`) })}
        </Typography>
      </Box>
      {need === 'address' ? (
        <AddressForm
          address={user?.homeAddress ?? null}
          knownPostalCode={user?.zipCode}
          submitLabel={t('needs.address.submit')}
          onSaved={onDone}
          onCancel={onCancel}
          cancelLabel={leave}
        />
      ) : (
        <PhoneStep onVerified={onDone} onSkip={onCancel} skipLabel={leave} />
      )}
    </Box>
  );
}
