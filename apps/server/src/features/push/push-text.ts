import type { Language } from '@pago/shared/contracts/accounts';
import type { NotificationData, NotificationType } from '@pago/shared/contracts/notifications';
import type { PushPayload } from '@pago/shared/contracts/push';
import { notificationTarget } from '@pago/shared/notification-target';
import { notificationEmail } from '../../providers/email/notification-templates';

/** A phone shows about this much of a notification's body; longer bodies are cut at a word. */
const BODY_MAX = 180;

/**
 * What a pushed notification says: the e-mail's subject as the title and its first paragraph
 * after the greeting as the body, in the user's language (one text per type, written once, for
 * every type a feature adds), and the page the web app's notification center opens for it.
 */
export function pushPayload(
  language: Language,
  n: {
    id: string;
    type: NotificationType;
    data: NotificationData;
    createdAt: Date;
    timeZone: string;
    actorName: string | null;
  },
): PushPayload {
  const email = notificationEmail(language, {
    type: n.type,
    data: n.data,
    createdAt: n.createdAt,
    timeZone: n.timeZone,
    name: '',
    actorName: n.actorName,
  });
  const [, first = ''] = email.text.split('\n\n');
  return {
    id: n.id,
    title: email.subject,
    body: first.length > BODY_MAX ? `${first.slice(0, first.lastIndexOf(' ', BODY_MAX))}…` : first,
    url: notificationTarget({ type: n.type, data: n.data }),
    language,
  };
}
