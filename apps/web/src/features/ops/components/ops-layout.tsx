import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import type { StaffMember } from '@pago/shared/contracts/ops';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';

const MenuIcon = createSvgIcon(<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />, 'Menu');
const DRAWER_WIDTH = 248;

/** One entry of the console's navigation: where it goes and its words (already translated). */
export type OpsNavItem = { to: string; label: string };

/**
 * The console's frame: a dark bar (so no one mistakes it for the customer's app) with the staff
 * member and sign-out, the navigation (a side list on a desktop, a drawer on a phone) and the page.
 */
export function OpsLayout({
  staff,
  nav,
  onSignOut,
  children,
}: {
  staff: StaffMember;
  nav: OpsNavItem[];
  onSignOut(): void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('ops');
  const [open, setOpen] = useState(false);

  const languages = (color: 'inherit' | 'primary') => (
    <Box role="group" aria-label={t('shell.language')} sx={{ display: 'flex' }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          color={color}
          size="small"
          aria-pressed={i18n.language === language}
          onClick={() => changeLanguage(language)}
          sx={{ minWidth: 36, fontWeight: i18n.language === language ? 700 : 400 }}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Box>
  );

  const list = (
    <Box component="nav" aria-label={t('shell.menu')}>
      <List>
        {nav.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={() => setOpen(false)}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }}>
        {t('shell.sessionNote')}
      </Typography>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar
        position="fixed"
        sx={{ bgcolor: 'grey.900', zIndex: (theme) => theme.zIndex.drawer + 1 }}
        elevation={0}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.openMenu')}
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, flexGrow: 1 }} noWrap>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('title')}
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {t('shortTitle')}
            </Box>
          </Typography>
          <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
            <Typography variant="body2" sx={{ lineHeight: 1.2 }}>
              {staff.name}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              {t(`roles.${staff.role}`)}
            </Typography>
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>{languages('inherit')}</Box>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={onSignOut}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('shell.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        // A dialog to assistive technology: it carries the menu's name.
        slotProps={{ paper: { 'aria-label': t('shell.menu') } }}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <Box sx={{ p: 2, pb: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{staff.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`roles.${staff.role}`)}
          </Typography>
          {languages('primary')}
        </Box>
        {list}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {list}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
