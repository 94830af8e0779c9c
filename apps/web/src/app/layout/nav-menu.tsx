import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { openSignupModal } from '@/lib/events';
import { useSession } from '@/lib/session';
import { primaryLinks } from './nav-links';

/** The slide-out menu of phones (wide screens have the bar, desktop-nav); the Drawer closes it on Escape and on a click outside (spec §2). */
export default function NavMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { isAuthenticated, logout } = useSession();
  const navigate = useNavigate();

  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { id: 'nav-menu' } }}>
      <Box component="nav" aria-label={t('nav.menu')} sx={{ width: 280 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List>
          {primaryLinks(isAuthenticated).map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={t(link.key)} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <List>
          {isAuthenticated ? (
            <ListItemButton
              onClick={async () => {
                onClose();
                await logout();
                navigate('/login');
              }}
            >
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          ) : (
            <ListItemButton component={RouterLink} to="/login" onClick={onClose}>
              <ListItemText primary={t('nav.login')} />
            </ListItemButton>
          )}
        </List>
        {!isAuthenticated && (
          <Box sx={{ px: 2, pt: 1 }}>
            <Button
              fullWidth
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
      </Box>
    </Drawer>
  );
}
