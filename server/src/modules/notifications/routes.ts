/** Notifications (shared/endpoints/notifications.ts, docs/notifications.md): each caller's own only. */
import { notificationEndpoints } from '../../../../shared/endpoints/notifications.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { notificationRepository } from './repository.js';

export const notificationRoutes = defineRoutes(notificationEndpoints, {
  listNotifications: (ctx, { query }) => ctx.repo(notificationRepository).list(ctx.caller.employeeId, query),

  markNotificationsRead: (ctx, { body }) => ctx.repo(notificationRepository).markRead(ctx.caller.employeeId, body.ids),

  ignoreNotification: (ctx, { params }) => ctx.repo(notificationRepository).ignore(ctx.caller.employeeId, params.id),

  getNotificationSettings: async (ctx) => ({
    preferences: await ctx.repo(notificationRepository).preferences(ctx.caller.employeeId),
    pushPublicKey: ctx.deps.notifications.pushPublicKey(),
  }),

  saveNotificationSettings: async (ctx, { body }) => {
    const notifications = ctx.repo(notificationRepository);
    await notifications.savePreferences(ctx.caller.employeeId, body.preferences);
    return {
      preferences: await notifications.preferences(ctx.caller.employeeId),
      pushPublicKey: ctx.deps.notifications.pushPublicKey(),
    };
  },

  registerDeviceToken: async (ctx, { body }) => {
    const live = ctx.deps.notifications;
    const subscription = live.parseSubscription(body.token);
    if (!subscription || !(await live.acceptsEndpoint(subscription.endpoint)))
      throw errors.validation([{ path: 'body.token', message: V.pushSubscriptionInvalid }]);
    await ctx.repo(notificationRepository).keepSubscription(ctx.caller.employeeId, body.deviceId, subscription);
    return undefined;
  },

  removeDeviceToken: async (ctx, { params }) => {
    await ctx.repo(notificationRepository).removeSubscription(ctx.caller.employeeId, params.deviceId);
    return undefined;
  },

  streamNotifications: async (ctx, _input, { reply }) => {
    await ctx.deps.notifications.openStream(reply, ctx.tenantId, ctx.caller.employeeId, ctx.caller.tokenExpiresAt);
    return '';
  },
});
