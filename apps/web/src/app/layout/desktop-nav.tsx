import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '@/lib/session';
import { primaryLinks } from './nav-links';

/**
 * The navigation bar of wide screens (from 1200 px; phones keep the slide-out menu): where money
 * moves, the current page marked. The account's pages and signing out are in
 * DesktopAccount (desktop-account.tsx).
 */
export function DesktopNav() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  return (
    <Box
      component="nav"
      aria-label={t('nav.bar')}
      sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 0.5, ml: 3 }}
    >
      {primaryLinks(isAuthenticated).map((link) => (
        <Button
          key={link.to}
          component={NavLink}
          to={link.to}
          end
          sx={{
            color: 'text.primary',
            fontWeight: 600,
            '&.active': { color: 'primary.main', boxShadow: 'inset 0 -3px 0 currentColor' },
            borderRadius: 0,
            minHeight: 48,
          }}
        >
          {t(link.key)}
        </Button>
      ))}
    </Box>
  );
}
