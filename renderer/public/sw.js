/**
 * Teambeat's service worker in the web build: it shows the notifications the server pushes (Web Push,
 * server/src/modules/notifications/web-push.ts) and opens their link when one is clicked. It caches nothing:
 * the app works as it does without it. Plain JavaScript, since Vite copies renderer/public as it is; it is
 * served at /sw.js so that its scope is the whole app (renderer/src/platform/web-push.ts registers it).
 *
 * A push's payload is JSON { title, body, link, id }: id makes the notification's tag, so a message sent again
 * replaces the one shown instead of stacking; link is a path in the app.
 */

// The app's name, not a translation: it is shown only when a payload has no title (not one of ours).
const FALLBACK_TITLE = 'Teambeat';

// A new version takes over at once: it keeps no state an open page relies on.
self.addEventListener('install', () => self.skipWaiting());
// Open pages come under this worker without a reload, so a click can navigate them.
self.addEventListener('activate', (event) => event.waitUntil(clients.claim()));

function payloadOf(data) {
  try {
    const value = data ? data.json() : null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

const text = (value) => (typeof value === 'string' ? value : '');

self.addEventListener('push', (event) => {
  const message = payloadOf(event.data);
  // Subscriptions are userVisibleOnly: every push shows a notification, or the browser shows its own.
  const options = { body: text(message.body), icon: '/favicon.svg', data: { link: text(message.link) } };
  // The same tag as the page's own notifications (renderer/src/platform/web.ts), so the two replace each other.
  if (typeof message.id === 'number' || text(message.id)) options.tag = `teambeat-${message.id}`;
  event.waitUntil(self.registration.showNotification(text(message.title) || FALLBACK_TITLE, options));
});

/** The link when it is a path of this app (same origin), else null: a pushed link never leads elsewhere. */
function appPath(link) {
  if (!link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  const url = new URL(link, self.location.origin);
  return url.origin === self.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

async function openApp(link) {
  const path = appPath(link);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => 'focus' in client);
  if (!open) return clients.openWindow(path ?? '/');
  // Focusing may be refused (the click's permission to raise a window spent): the page is still navigated.
  const focused = await open.focus().catch(() => open);
  if (!path) return focused;
  try {
    return await (focused ?? open).navigate(path);
  } catch {
    // A page this worker does not control cannot be navigated by it: open the link beside it instead.
    return clients.openWindow(path);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(text(event.notification.data && event.notification.data.link)));
});
