import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotificationBellSlot } from '@/features/notifications/components/notification-bell-slot';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';
import { DesktopAccount } from './desktop-account';

// The drawer's code arrives when the menu is first opened; the bar's links, on a wide screen only.
const NavMenu = lazy(() => import('./nav-menu'));
const DesktopNav = lazy(async () => ({ default: (await import('./desktop-nav')).DesktopNav }));

/** The width from which the bar replaces the menu button (MUI's `lg`, as their styles say). */
const WIDE = '(min-width: 1200px)';

/** Whether the screen is wide enough for the navigation bar, following resizes. */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia?.(WIDE).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(WIDE);
    if (!query) return;
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

export function Header() {
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const wide = useWideScreen();

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: { xs: 56, sm: 64 },
          px: { xs: 2, sm: 3 },
        }}
      >
        <IconButton
          edge="start"
          sx={{ display: { lg: 'none' } }}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="nav-menu"
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          {/* Drawn inline: MUI's SvgIcon would add its code to the first load for one icon. */}
          <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
          </svg>
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            fontWeight: 800,
            fontSize: 24,
            color: 'primary.main',
            letterSpacing: -0.5,
            textDecoration: 'none',
          }}
        >
          Pago
        </Box>
        {wide && (
          <Suspense fallback={null}>
            <DesktopNav />
          </Suspense>
        )}
        <Box sx={{ flex: 1 }} />
        <NotificationBellSlot />
        <Box
          role="group"
          aria-label={t('language.switcher')}
          sx={{ display: 'flex', alignItems: 'center', color: 'text.secondary' }}
        >
          {LANGUAGES.slice()
            .reverse()
            .map((language, index) => (
              <Box key={language} component="span" sx={{ display: 'flex', alignItems: 'center' }}>
                {index > 0 && (
                  <Box component="span" aria-hidden="true" sx={{ px: 0.25 }}>
                    |
                  </Box>
                )}
                <Button
                  size="small"
                  lang={language}
                  aria-pressed={i18n.language === language}
                  aria-label={t(`language.${language}`)}
                  onClick={() => changeLanguage(language)}
                  sx={{
                    minWidth: 44,
                    fontWeight: i18n.language === language ? 800 : 500,
                    color: i18n.language === language ? 'primary.main' : 'text.secondary',
                  }}
                >
                  {language.toUpperCase()}
                </Button>
              </Box>
            ))}
        </Box>
        {wide && <DesktopAccount />}
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <NavMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
