import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import { openSignupModal } from '@/lib/events';
import { useSession } from '@/lib/session';
import { ACCOUNT_LINKS, primaryLinks } from './nav-links';

/**
 * The navigation bar of wide screens (from 1200 px; phones keep the slide-out menu): where money
 * moves, the current page marked. The account's pages and signing out are in DesktopAccount.
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

/** The profile menu: the account's pages, then signing out. */
function ProfileMenu() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const initial = user?.name?.trim().charAt(0).toUpperCase() ?? '';
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('nav.account')}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 44, minHeight: 44, borderRadius: '50%', p: 0.5 }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 36,
            height: 36,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
          }}
        >
          {initial || (
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4" />
            </svg>
          )}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {ACCOUNT_LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {t(link.key)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={async () => {
            close();
            await logout();
            navigate('/login');
          }}
        >
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** The end of the wide screens' bar: the profile menu, or signing in and creating an account. */
export function DesktopAccount() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <ProfileMenu />;
  return (
    <Box sx={{ display: 'flex', gap: 1, ml: 1 }}>
      <Button component={NavLink} to="/login">
        {t('nav.login')}
      </Button>
      <Button variant="contained" onClick={openSignupModal}>
        {t('nav.signUp')}
      </Button>
    </Box>
  );
}
