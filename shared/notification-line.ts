/**
 * A notification's line in a language, from that language's `notifications` texts: the renderer passes its
 * loaded namespace (it never bundles the whole catalogue, docs/i18n.md), the server notification-text.ts's
 * whole catalogue. Stored params are language-free (names, YYYY-MM-DD days); the days are written here in the
 * language's DD-MMM-YYYY, and a missing actor is the system's name.
 */

/** One language's `notifications` namespace. */
export type NotificationTexts = Translation<Resources['notifications']>;
import { parseNotificationBody, type Notification, type NotificationBody } from './contracts/notifications.js';
import { isInAppLink } from './in-app-link.js';
import { formatDay } from './i18n/format.js';
import type { Language } from './i18n/languages.js';
import type { Resources } from './i18n/resources.js';
import type { Translation } from './i18n/translation.js';
import type { NotificationType } from './notifications.js';

export function notificationTextIn(
  texts: NotificationTexts,
  language: Language,
  type: NotificationType,
  params: NotificationBody['params'],
  actorName: string | null,
): string {
  const values: Record<string, string> = { actor: actorName ?? texts.system };
  for (const [key, value] of Object.entries(params)) values[key] = String(value);
  const start = params['startDate'];
  const end = params['endDate'];
  if (typeof start === 'string' && typeof end === 'string')
    values['dates'] =
      start === end ? formatDay(start, language) : `${formatDay(start, language)} – ${formatDay(end, language)}`;
  return texts.types[type].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A notification as the app shows it: the title of a native one, its line, and the page it opens (an in-app
 * path only, else null). Null when its body is not a notification's.
 */
export function notificationLineIn(
  texts: NotificationTexts,
  language: Language,
  n: Pick<Notification, 'type' | 'body' | 'actor'>,
): { title: string; text: string; link: string | null } | null {
  const body = parseNotificationBody(n.body);
  if (!body) return null;
  return {
    title: texts.system,
    text: notificationTextIn(texts, language, n.type, body.params, n.actor?.name ?? null),
    link: body.link && isInAppLink(body.link) ? body.link : null,
  };
}
