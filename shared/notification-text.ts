/**
 * A notification's line in a language: the bell, the desktop's and the browser's push and the e-mails all
 * read it through notification-line.ts, so they say the same. This module gives it the whole catalogue (the
 * server's and Node tests'); the renderer, which loads its texts on demand, passes its loaded namespace to
 * notification-line.ts itself.
 */
import type { Notification, NotificationBody } from './contracts/notifications.js';
import type { Language } from './i18n/languages.js';
import { resources } from './i18n/resources.js';
import { notificationLineIn, notificationTextIn } from './notification-line.js';
import type { NotificationType } from './notifications.js';

export function notificationText(
  language: Language,
  type: NotificationType,
  params: NotificationBody['params'],
  actorName: string | null,
): string {
  return notificationTextIn(resources[language].notifications, language, type, params, actorName);
}

/**
 * A notification as the app shows it: the title of a native one, its line, and the page it opens (an in-app
 * path only, else null). Null when its body is not a notification's.
 */
export function notificationLine(
  language: Language,
  n: Pick<Notification, 'type' | 'body' | 'actor'>,
): { title: string; text: string; link: string | null } | null {
  return notificationLineIn(resources[language].notifications, language, n);
}
