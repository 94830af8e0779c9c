import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MenuIcon } from '@/components/ui/icons';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';

// The drawer's code arrives when the menu is first opened.
const NavMenu = lazy(() => import('./nav-menu'));

export function Header() {
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="nav-menu"
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          sx={{ fontWeight: 800, fontSize: 24, color: 'primary.main', letterSpacing: -0.5 }}
        >
          Pago
        </Link>
        <Box sx={{ flex: 1 }} />
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
      </Toolbar>
      {menuLoaded && (
        <Suspense fallback={null}>
          <NavMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
