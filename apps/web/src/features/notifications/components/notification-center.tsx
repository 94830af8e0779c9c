import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Notification } from '@pago/shared/contracts/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { formatDateTime, useLocale } from '@/lib/format';
import { visuallyHidden } from '@/lib/visually-hidden';
import { useMarkAllRead, useNotifications } from '../api/notifications';
import { notificationTarget } from './notification-target';
import { notificationText } from './notification-text';

/** `unread`: not read when the center was opened (the center then marks it read). */
function NotificationItem({
  notification,
  unread,
}: {
  notification: Notification;
  unread: boolean;
}) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1.5,
        px: { xs: 1.5, sm: 2 },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.hover' : 'transparent',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          mt: 1,
          width: 10,
          height: 10,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 40px)', sm: 0 } }}>
        <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
          {unread && <Box component="span" sx={visuallyHidden}>{`${t('unreadPrefix')} `}</Box>}
          <Link
            component={RouterLink}
            to={notificationTarget(notification)}
            color="inherit"
            underline="hover"
          >
            {notificationText(t, notification, locale)}
          </Link>
        </Typography>
        {notification.data.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            “{notification.data.note}”
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(notification.createdAt, locale)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The notification center: newest first, each leading to what it talks about. Opening it marks
 * them read (and any that arrive while it is open); those unread when seen stay marked as new for
 * this visit.
 */
export function NotificationCenter() {
  const { t } = useTranslation('notifications');
  const pages = useNotifications();
  const markAll = useMarkAllRead();
  const seenUnread = useRef(new Set<string>());
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  for (const item of items) if (item.readAt === null) seenUnread.current.add(item.id);
  const unreadCount = pages.data?.pages[0]?.unreadCount ?? 0;
  // Once for each version of the list that has unread ones: the answer reads the list again.
  const marked = useRef(0);
  const { mutate: markAllRead } = markAll;
  const version = pages.dataUpdatedAt;
  useEffect(() => {
    if (unreadCount > 0 && marked.current !== version) {
      marked.current = version;
      markAllRead();
    }
  }, [unreadCount, version, markAllRead]);

  if (pages.isPending) {
    return (
      <Loading>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
        ))}
      </Loading>
    );
  }
  if (pages.isError) {
    return <LoadFailed message={t('loadFailed')} onRetry={() => pages.refetch()} />;
  }
  const fresh = items.filter((item) => seenUnread.current.has(item.id)).length;
  return (
    <Box component="section" aria-labelledby="notifications-list-heading">
      <Typography id="notifications-list-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {fresh > 0 ? t('newCount', { count: fresh }) : t('latest')}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
        >
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              unread={seenUnread.current.has(notification.id)}
            />
          ))}
        </Box>
      )}
      {pages.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {t('loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
