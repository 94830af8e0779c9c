import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * "Tus datos de cuenta" beside the balance: the wallet is the account, and its account and
 * routing numbers (for a direct deposit: masked, shown, copied) are on /direct-deposit.
 */
export function AccountDetailsLink() {
  const { t } = useTranslation('banking');
  return (
    <Button
      component={RouterLink}
      to="/direct-deposit"
      size="small"
      title={t('accountDetails.hint')}
      sx={{ justifySelf: 'start' }}
    >
      {t('accountDetails.link')}
    </Button>
  );
}
