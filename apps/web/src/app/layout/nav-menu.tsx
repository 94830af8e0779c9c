import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { openSignupModal } from '@/lib/events';
import { useSession } from '@/lib/session';
import { ACCOUNT_LINKS, type NavLinkItem, primaryLinks } from './nav-links';

function Links({ links, onClose }: { links: readonly NavLinkItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <List>
      {links.map((link) => (
        <ListItem key={link.to} disablePadding>
          <ListItemButton component={RouterLink} to={link.to} onClick={onClose}>
            <ListItemText primary={t(link.key)} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The slide-out menu of phones (wide screens have the bar, desktop-nav); the Drawer closes it on
 * Escape and on a click outside (spec §2). Signed out, signing in and creating an account come
 * first; signed in, the money pages, then notifications, profile and security, then signing out.
 */
export default function NavMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { isAuthenticated, logout } = useSession();
  const navigate = useNavigate();

  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      // The drawer is a dialog to assistive technology: it carries the menu's name.
      slotProps={{ paper: { id: 'nav-menu', 'aria-label': t('nav.menu') } }}
    >
      <Box component="nav" aria-label={t('nav.menu')} sx={{ width: 280 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {!isAuthenticated && (
          <Box sx={{ display: 'grid', gap: 1, px: 2, pb: 1 }}>
            <Button component={RouterLink} to="/login" variant="outlined" onClick={onClose}>
              {t('nav.login')}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                onClose();
                openSignupModal();
              }}
            >
              {t('nav.signUp')}
            </Button>
          </Box>
        )}
        <Links links={primaryLinks(isAuthenticated)} onClose={onClose} />
        {isAuthenticated && (
          <>
            <Divider />
            <Links links={ACCOUNT_LINKS} onClose={onClose} />
            <Divider />
            <List>
              <ListItem disablePadding>
                <ListItemButton
                  onClick={async () => {
                    onClose();
                    await logout();
                    navigate('/login');
                  }}
                >
                  <ListItemText primary={t('nav.logout')} />
                </ListItemButton>
              </ListItem>
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
