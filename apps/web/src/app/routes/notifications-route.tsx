import NotificationsPage from '@/features/notifications/routes/notifications-page';
import { PushDevice } from '@/features/push/components/push-device';

/** `/notifications` with the push feature's switch for this device (web features stay apart). */
export default function NotificationsRoute() {
  return <NotificationsPage device={<PushDevice />} />;
}
