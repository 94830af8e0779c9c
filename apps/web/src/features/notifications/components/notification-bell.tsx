import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { Notification } from '@pago/shared/contracts/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '@/lib/format';
import { QueryBoundary } from '@/lib/query-boundary';
import { useNotificationStream } from '../api/notification-stream';
import { useUnreadCount } from '../api/notifications';
import { MONEY_IN, notificationTarget } from './notification-target';
import { notificationText } from './notification-text';

/** How long the toast of money received stays (MUI's own default is 6 s; it pauses on hover). */
const TOAST_MS = 8000;

/** The bell, its live stream, and a toast when money arrives (with a way to see it). */
function Bell() {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const [toast, setToast] = useState<Notification | null>(null);
  const live = useNotificationStream(true, (notification) => {
    if (MONEY_IN.includes(notification.type)) setToast(notification);
  });
  const count = useUnreadCount().data ?? 0;
  const close = () => setToast(null);
  return (
    <>
      <BellButton count={count} live={live} />
      <Snackbar
        key={toast?.id}
        open={toast !== null}
        autoHideDuration={TOAST_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        message={toast ? notificationText(t, toast, locale) : ''}
        action={
          toast && (
            <Button
              component={RouterLink}
              to={notificationTarget(toast)}
              onClick={close}
              color="inherit"
              sx={{ fontWeight: 700, textDecoration: 'underline' }}
            >
              {t('toastView')}
            </Button>
          )
        }
      />
    </>
  );
}

function BellButton({ count, live }: { count: number; live: boolean }) {
  const { t } = useTranslation('notifications');
  return (
    <IconButton
      component={RouterLink}
      to="/notifications"
      aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
      data-unread={count}
      // Whether news shows here as it happens (the stream is open): what a test waits for.
      data-live={live}
    >
      <Badge badgeContent={count} max={99} color="error">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 22c1.1 0 2-.9 2-2h-4c0 1.1.9 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z" />
        </svg>
      </Badge>
    </IconButton>
  );
}

/** The bell with the unread count, live; it leads to the notification center. */
export default function NotificationBell() {
  return (
    <QueryBoundary>
      <Bell />
    </QueryBoundary>
  );
}
