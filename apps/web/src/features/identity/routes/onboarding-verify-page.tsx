import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function OnboardingVerifyPage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('onboarding.title'));
  return (
    <ComingSoon title={t('onboarding.title')} message={t('common:status.comingWithIdentity')} />
  );
}
