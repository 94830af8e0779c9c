import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Notification } from '@pago/shared/contracts/notifications';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { formatDateTime, useLocale } from '@/lib/format';
import { visuallyHidden } from '@/lib/visually-hidden';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { notificationText } from './notification-text';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
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
          {notificationText(t, notification, locale)}
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
      {unread && (
        <Button
          size="small"
          onClick={() => markRead.mutate(notification.id)}
          disabled={markRead.isPending}
          sx={{ flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}
        >
          {t('markRead')}
        </Button>
      )}
    </Box>
  );
}

/** The notification center: newest first, unread ones marked, each or all marked read. */
export function NotificationCenter() {
  const { t } = useTranslation('notifications');
  const pages = useNotifications();
  const markAll = useMarkAllRead();
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
  const items = pages.data.pages.flatMap((page) => page.items);
  const unreadCount = pages.data.pages[0]?.unreadCount ?? 0;
  return (
    <Box component="section" aria-labelledby="notifications-list-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="notifications-list-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {unreadCount > 0 ? t('unreadCount', { count: unreadCount }) : t('allRead')}
        </Typography>
        {unreadCount > 0 && (
          <Button variant="outlined" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {t('markAllRead')}
          </Button>
        )}
      </Box>
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
            <NotificationItem key={notification.id} notification={notification} />
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
