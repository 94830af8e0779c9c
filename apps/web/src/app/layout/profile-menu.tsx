import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '@/lib/session-context';
import { ACCOUNT_LINKS } from './nav-links';

type ProfileMenuProps = { id: string; anchor: HTMLElement | null; onClose: () => void };

/** The profile menu of wide screens: the account's pages, then signing out. */
export default function ProfileMenu({ id, anchor, onClose }: ProfileMenuProps) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {ACCOUNT_LINKS.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          {t(link.key)}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={async () => {
          onClose();
          await logout();
          navigate('/login');
        }}
      >
        {t('nav.logout')}
      </MenuItem>
    </Menu>
  );
}
