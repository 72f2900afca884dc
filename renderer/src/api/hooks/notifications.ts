/**
 * Notifications (docs/notifications.md): the counts (kept live by the stream, NotificationStream.tsx, and
 * polled every minute only while it is down), the bell's lists a page at a time, marking read, ignoring,
 * a person's channel settings, and the company's Notification tab.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationCounts,
  NotificationList,
  NotificationListType,
} from '../../../../shared/contracts/notifications';
import type { TenantNotificationSettings } from '../../../../shared/contracts/tenant';
import { notificationEndpoints as ep } from '../../../../shared/endpoints/notifications';
import { tenantEndpoints } from '../../../../shared/endpoints/tenant';
import type { NotificationPreferences } from '../../../../shared/notifications';
import { NOTIFICATION_POLL_MS } from '../../../../shared/notifications';
import { useTranslation } from '../../i18n';
import { openStream } from '../client';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: ['notifications', 'counts'] as const,
  lists: ['notifications', 'list'] as const,
  list: (type: NotificationListType) => ['notifications', 'list', type] as const,
  settings: ['notifications', 'settings'] as const,
  tenant: ['tenant', 'notification-settings'] as const,
};

const PAGE = 10;
const NO_COUNTS: NotificationCounts = { unread: 0, unreadEnable: 0, unreadAction: 0 };

/** The counts: the spec's cheap poll (limit 1), every minute while `poll` (the stream is down). */
export function useNotificationCounts(poll: boolean) {
  return useEndpointQuery(
    notificationKeys.counts,
    ep.listNotifications,
    { query: { limit: 1 } },
    {
      select: ({ unread, unreadEnable, unreadAction }): NotificationCounts => ({ unread, unreadEnable, unreadAction }),
      refetchInterval: poll ? NOTIFICATION_POLL_MS : false,
      // The spec: on error the counts read zero rather than a stale number.
      placeholderData: { ...NO_COUNTS, notifications: [], hasMore: false },
    },
  );
}

/** The bell's list of one kind, newest first, ten at a time. */
export function useNotificationList(type: NotificationListType, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(type),
    queryFn: ({ pageParam, signal }) =>
      call(ep.listNotifications, { query: { page: pageParam, limit: PAGE, type } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationList, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled,
  });
}

/** Puts fresh counts in the cache (the stream's, a mutation's answer) without a request. */
export function useSetCounts() {
  const queryClient = useQueryClient();
  return (counts: NotificationCounts) =>
    queryClient.setQueryData(notificationKeys.counts, (old: NotificationList | undefined) => ({
      notifications: old?.notifications ?? [],
      hasMore: old?.hasMore ?? false,
      ...counts,
    }));
}

export function useMarkNotificationsRead() {
  const { t } = useTranslation('notifications');
  const setCounts = useSetCounts();
  return useApiMutation({
    mutationFn: async (ids?: number[]) => {
      const counts = await call(ep.markNotificationsRead, { body: ids ? { ids } : {} });
      setCounts(counts);
      return counts;
    },
    invalidates: [notificationKeys.lists],
    failure: t('bell.markFailed'),
  });
}

export function useIgnoreNotification() {
  const { t } = useTranslation('notifications');
  const setCounts = useSetCounts();
  return useApiMutation({
    mutationFn: async (id: number) => {
      const counts = await call(ep.ignoreNotification, { params: { id } });
      setCounts(counts);
      return counts;
    },
    invalidates: [notificationKeys.lists],
    failure: t('bell.ignoreFailed'),
  });
}

export const useNotificationSettings = () =>
  useEndpointQuery(notificationKeys.settings, ep.getNotificationSettings, {});

export function useSaveNotificationSettings() {
  const { t } = useTranslation('notifications');
  return useApiMutation({
    mutationFn: (preferences: NotificationPreferences) => call(ep.saveNotificationSettings, { body: { preferences } }),
    invalidates: [notificationKeys.settings],
    success: () => t('settingsPage.saved'),
    failure: t('settingsPage.notSaved'),
  });
}

/** Keeps or forgets this browser's push subscription (the settings page's push switch). */
export const registerPushDevice = (token: string, deviceId: string) =>
  call(ep.registerDeviceToken, { body: { token, deviceId } });
export const forgetPushDevice = (deviceId: string) => call(ep.removeDeviceToken, { params: { deviceId } });

export const useTenantNotificationSettings = () =>
  useEndpointQuery(notificationKeys.tenant, tenantEndpoints.getTenantNotificationSettings, {});

/** The Notification tab's save; a refusal's field messages are the tab's to show. */
export function useSaveTenantNotificationSettings() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (changes: Partial<TenantNotificationSettings>) =>
      call(tenantEndpoints.updateTenantNotificationSettings, { body: changes }),
    invalidates: [notificationKeys.tenant],
    success: () => t('notification.saved'),
    failure: t('notification.notSaved'),
  });
}

/** The live stream's response (NotificationStream.tsx reads its events as they arrive). */
export const openNotificationStream = (signal: AbortSignal) => openStream('/notification/stream', signal);
