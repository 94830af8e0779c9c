import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthMethod } from '@/lib/auth-method';

/**
 * How this session signed in, said only when it is an external provider (its name and the
 * provider account's e-mail): a password sign-in is the ordinary case and needs no words.
 */
export function SignInMethod() {
  const { t } = useTranslation('banking');
  const method = useAuthMethod().data;
  if (method?.method !== 'external') return null;
  return (
    <Typography color="text.secondary" data-testid="auth-method" sx={{ mb: 2 }}>
      {t('signInMethod.external', { provider: method.providerName, email: method.email })}
    </Typography>
  );
}
