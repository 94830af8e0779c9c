import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { openSignupModal } from '@/lib/events';
import { useSession } from '@/lib/session-context';

// The menu's code (MUI's Menu, its popover and transitions) arrives on the first click.
const ProfileMenu = lazy(() => import('./profile-menu'));

/** The avatar's width: the place the account button takes while the session is being checked. */
const AVATAR = 44;

/** The account button: the user's initial, opening the profile menu. */
function AccountButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuId = useId();
  const initial = user?.name?.trim().charAt(0).toUpperCase() ?? '';
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('nav.account')}
        onClick={(event) => {
          setMenuLoaded(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ minWidth: AVATAR, minHeight: AVATAR, borderRadius: '50%', p: 0.5 }}
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
      {menuLoaded && (
        <Suspense fallback={null}>
          <ProfileMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The end of the wide screens' bar: the profile menu, or signing in and creating an account.
 * Part of the first load, unlike the bar's links: it sits right of the language switcher's
 * left edge, so a late arrival would push the switcher aside under a reader's pointer. While a
 * stored session is being checked it holds the avatar's place.
 */
export function DesktopAccount() {
  const { t } = useTranslation();
  const { isAuthenticated, loading } = useSession();
  if (isAuthenticated) return <AccountButton />;
  if (loading) return <Box aria-hidden="true" sx={{ width: AVATAR, height: AVATAR }} />;
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
