/**
 * Notifications as the API exchanges them (feedback §7, docs/notifications.md): the list with its three
 * counts, marking read, ignoring, a person's channel settings, and the browser's push subscription.
 */
import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TYPE_NAMES,
  notificationPreferencesSchema,
  SUGGESTION_TYPES,
} from '../notifications.js';
import { idSchema } from './common.js';

export const notificationCountsSchema = z
  .object({
    /** Everything that wants the person: unread notifications and open action items. */
    unread: z.number().int(),
    unreadEnable: z.number().int(),
    /** Open action items, read or not: they count until done or ignored. */
    unreadAction: z.number().int(),
  })
  .meta({ id: 'NotificationCounts' });
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

/** What `body` holds once parsed (the spec's JSON text): the texts' values, the page, and metaData. */
export const notificationBodySchema = z.object({
  /** Values for the type's text (names, dates, counts), already in the recipient's words. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The in-app page the notification opens. */
  link: z.string().nullable(),
  metaData: z
    .object({
      requestedTo: z.number().int().nullable(),
      requestedToTeam: z.number().int().nullable(),
      attribute: z.number().int().nullable(),
    })
    .nullable(),
});
export type NotificationBody = z.infer<typeof notificationBodySchema>;

/** The body's JSON text read back; null when it is not what a notification holds. */
export function parseNotificationBody(text: string): NotificationBody | null {
  try {
    const parsed = notificationBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPE_NAMES),
    kind: z.enum(NOTIFICATION_KINDS),
    suggestionType: z.enum(SUGGESTION_TYPES).nullable(),
    isRead: z.boolean(),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** JSON text of a NotificationBody (the spec's shape); parseNotificationBody reads it. */
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_LIST_TYPES = ['all', ...NOTIFICATION_KINDS] as const;
export type NotificationListType = (typeof NOTIFICATION_LIST_TYPES)[number];
export const NOTIFICATION_PAGE_LIMIT = 50;

export const notificationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_LIMIT).default(10),
  type: z.enum(NOTIFICATION_LIST_TYPES).default('all'),
  suggestion_type: z.enum(SUGGESTION_TYPES).optional(),
});

export const notificationListSchema = notificationCountsSchema
  .extend({
    notifications: z.array(notificationSchema),
    /** Whether a next page exists. */
    hasMore: z.boolean(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markAsReadBodySchema = z.strictObject({
  /** The notifications to mark; none named marks every unread one. */
  ids: z.array(idSchema).max(200).optional(),
});

export const notificationSettingsSchema = z
  .object({
    preferences: notificationPreferencesSchema,
    /** The server's VAPID public key (base64url) a browser subscribes to push with. */
    pushPublicKey: z.string(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBodySchema = z.strictObject({ preferences: notificationPreferencesSchema });

export const registerDeviceTokenBodySchema = z.strictObject({
  /** The browser's PushSubscription as JSON text. */
  token: z.string().min(1).max(4000),
  /** A stable id of this browser install, so a new subscription replaces its old one. */
  deviceId: z.string().trim().min(8).max(100),
});

export const deviceIdParamsSchema = z.strictObject({ deviceId: z.string().min(8).max(100) });

/** What the live stream sends (docs/notifications.md "Live"): new notifications and the counts. */
export type NotificationStreamEvent =
  | { event: 'counts'; data: NotificationCounts }
  | { event: 'notification'; data: Notification & { counts: NotificationCounts } };
