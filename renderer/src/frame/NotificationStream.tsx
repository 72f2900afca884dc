/**
 * The signed-in session's live notifications (docs/notifications.md "Live"): the server-sent event stream
 * keeps the bell's counts and lists current without a reload. A new notification while the window is not
 * in front shows natively (the desktop's, or the browser's when the person allowed it), and the desktop
 * tray shows the open action items. A dropped stream reconnects with backoff (a token that expired is
 * refreshed by openStream); meanwhile the counts poll every minute, the spec's fallback.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { type Notification, type NotificationCounts } from '../../../shared/contracts/notifications';
import { notificationLineIn } from '../../../shared/notification-line';
import {
  notificationKeys,
  openNotificationStream,
  useNotificationCounts,
  useSetCounts,
} from '../api/hooks/notifications';
import { currentLanguage, loadedTexts } from '../i18n';
import { platform } from '../platform';
import { updateTray } from '../platform/tray';
import { notificationStreamUpAtom } from '../session/atoms';

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];
const TITLE_MAX = 200;
const BODY_MAX = 2000;

/** Shows a new notification natively when the person is elsewhere; never throws. */
function showNative(n: Notification) {
  if (typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus()) return;
  const line = notificationLineIn(loadedTexts('notifications', currentLanguage()), currentLanguage(), n);
  if (!line) return;
  void platform
    .notify({
      title: line.title.slice(0, TITLE_MAX),
      body: line.text.slice(0, BODY_MAX),
      id: n.id,
      ...(line.link ? { link: line.link } : {}),
    })
    .catch(() => undefined);
}

export function NotificationStream() {
  const queryClient = useQueryClient();
  const setCounts = useSetCounts();
  const setUp = useSetAtom(notificationStreamUpAtom);
  const handlers = useRef({ setCounts, queryClient });
  handlers.current = { setCounts, queryClient };

  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    // Counts change when something is read, done or ignored, anywhere: the lists follow (only an open panel's
    // list is fetched again; the others are marked stale).
    const onCounts = (counts: NotificationCounts) => {
      handlers.current.setCounts(counts);
      void handlers.current.queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      updateTray({ actionCount: Math.min(Math.max(counts.unreadAction, 0), 1_000_000) });
    };

    async function connect() {
      try {
        const response = await openNotificationStream(controller.signal);
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        attempt = 0;
        setUp(true);
        const parser = createParser({
          onEvent(event) {
            if (event.event === 'counts') onCounts(JSON.parse(event.data) as NotificationCounts);
            if (event.event === 'notification') {
              const { counts, ...notification } = JSON.parse(event.data) as Notification & {
                counts: NotificationCounts;
              };
              onCounts(counts);
              showNative(notification);
            }
          },
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // Refused, unreachable or cut: try again below, unless this component is gone.
      }
      if (controller.signal.aborted) return;
      setUp(false);
      // The server ends a stream when its token expires; a stream that was up reconnects after a second (with a
      // refreshed token), one that keeps failing waits longer each time.
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      attempt += 1;
      timer = setTimeout(() => void connect(), wait);
    }

    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      setUp(false);
    };
  }, [setUp]);
  return null;
}

/** The counts for the bell: polled only while the stream is down. */
export function useLiveNotificationCounts(streamUp: boolean) {
  return useNotificationCounts(!streamUp).data ?? { unread: 0, unreadEnable: 0, unreadAction: 0 };
}
