import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { openSignupModal } from '@/lib/events';
import { useSession } from '@/lib/session';
import { primaryLinks } from './nav-links';

/**
 * The navigation bar of wide screens (from 1200 px; phones keep the slide-out menu): the same
 * links as the menu, the current page marked, then log in / sign up or log out.
 */
export function DesktopNav() {
  const { t } = useTranslation();
  const { isAuthenticated, logout } = useSession();
  const navigate = useNavigate();
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
      {isAuthenticated ? (
        <Button
          sx={{ color: 'text.secondary', ml: 1 }}
          onClick={async () => {
            await logout();
            navigate('/login');
          }}
        >
          {t('nav.logout')}
        </Button>
      ) : (
        <>
          <Button component={NavLink} to="/login" sx={{ ml: 1 }}>
            {t('nav.barLogin')}
          </Button>
          <Button variant="contained" onClick={openSignupModal}>
            {t('nav.barSignUp')}
          </Button>
        </>
      )}
    </Box>
  );
}
