import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { useExternalSignIn } from '@/lib/capabilities';
import { QueryBoundary } from '@/lib/query-boundary';

/**
 * "Continuar con {provider}": a full-page redirect to the provider through the server,
 * which keeps the state, nonce and PKCE verifier. Hidden when the server has no provider.
 */
export function ExternalSignInButton(props: { placement?: 'top' | 'bottom' }) {
  // Its own query boundary: the sign-up modal opens outside the pages' one.
  return (
    <QueryBoundary>
      <ProviderButton {...props} />
    </QueryBoundary>
  );
}

function ProviderButton({ placement = 'top' }: { placement?: 'top' | 'bottom' }) {
  const { t, i18n } = useTranslation('accounts');
  const provider = useExternalSignIn();
  if (!provider) return null;
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const button = (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      href={`/api/auth/external/start?lang=${lang}`}
    >
      {t('external.continueWith', { provider: provider.providerName })}
    </Button>
  );
  const divider = <Divider sx={{ my: 2 }}>{t('external.or')}</Divider>;
  return (
    <Box>
      {placement === 'bottom' && divider}
      {button}
      {placement === 'top' && divider}
    </Box>
  );
}
