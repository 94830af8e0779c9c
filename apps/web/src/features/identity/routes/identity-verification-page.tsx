import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function IdentityVerificationPage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('verification.title'));
  return (
    <ComingSoon title={t('verification.title')} message={t('common:status.comingWithIdentity')} />
  );
}
