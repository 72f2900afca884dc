/**
 * Notifications and action items (feedback §7, docs/notifications.md), under the spec's paths: the list
 * with its counts, marking read, ignoring one, a person's channel settings, the browser's push
 * subscription, and the live stream. Everyone signed in has their own notifications, so no permission is
 * needed: each call reaches the caller's own rows only.
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  deviceIdParamsSchema,
  markAsReadBodySchema,
  notificationCountsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  registerDeviceTokenBodySchema,
} from '../contracts/notifications.js';
import { z } from 'zod';
import { endpoint } from './define.js';

export const notificationEndpoints = {
  listNotifications: endpoint({
    method: 'GET',
    path: '/api/notification/v2',
    access: 'signed-in',
    summary: 'My notifications, newest first, with the unread and open action item counts',
    description:
      'type `action` lists open action items only; `enable` informational ones; `all` both. Done or ignored ' +
      'action items are never listed. suggestion_type keeps the items that suggest giving (GIVE_FEEDBACK) or ' +
      'asking for (ASK_FOR_FEEDBACK) feedback. limit=1 is the cheap count poll.',
    query: notificationListQuerySchema,
    response: notificationListSchema,
  }),
  markNotificationsRead: endpoint({
    method: 'PATCH',
    path: '/api/notification/mark-as-read',
    access: 'signed-in',
    summary: 'Mark the named notifications read, or every unread one when none is named; answers the counts',
    description: 'An action item stays counted until it is done or ignored: reading it does not clear it.',
    body: markAsReadBodySchema,
    response: notificationCountsSchema,
  }),
  ignoreNotification: endpoint({
    method: 'PATCH',
    path: '/api/notification/ignore/:id',
    access: 'signed-in',
    summary: 'Ignore one of my notifications: it is read and leaves my lists (an action item stops counting)',
    description: 'The work itself (a leave request waiting) is not changed: it stays on its own page.',
    params: idParamsSchema,
    response: notificationCountsSchema,
  }),
  getNotificationSettings: endpoint({
    method: 'GET',
    path: '/api/notification/settings',
    access: 'signed-in',
    summary: 'Which categories reach me by e-mail and by push, and the key a browser subscribes to push with',
    response: notificationSettingsSchema,
  }),
  saveNotificationSettings: endpoint({
    method: 'PATCH',
    path: '/api/notification/settings',
    access: 'signed-in',
    summary: 'Switch e-mail and push per category (in the app is always on)',
    body: notificationSettingsBodySchema,
    response: notificationSettingsSchema,
  }),
  registerDeviceToken: endpoint({
    method: 'POST',
    path: '/api/notification/register-device-token',
    access: 'signed-in',
    summary: "Keep this browser's push subscription for me (replacing this device's earlier one)",
    description:
      'token is the PushSubscription as JSON text (an https endpoint and its p256dh and auth keys). A ' +
      'subscription the push service later answers 404 or 410 for is removed.',
    body: registerDeviceTokenBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  removeDeviceToken: endpoint({
    method: 'DELETE',
    path: '/api/notification/device-token/:deviceId',
    access: 'signed-in',
    summary: 'Stop push to this browser (signing out or switching push off); nothing to remove is fine',
    params: deviceIdParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  streamNotifications: endpoint({
    method: 'GET',
    path: '/api/notification/stream',
    access: 'signed-in',
    summary: 'Server-sent events: `counts` at once and on every change, `notification` for each new one',
    description:
      'The stream ends when the access token expires; the client reconnects with a fresh one. A comment ' +
      'line every 25 s keeps proxies from closing it.',
    produces: 'text/event-stream',
    response: z.string().describe('text/event-stream'),
  }),
};
