/**
 * Web Push in the browser build: the service worker (renderer/public/sw.js) shows what the server pushes,
 * and this subscribes the browser with the server's VAPID public key. Framework-free, so a settings toggle
 * (or anything else) can call it. It asks for the Notification permission, so call it from a user's click,
 * never on load: browsers ignore or penalise prompts nobody asked for, and Safari refuses them. Once the
 * permission is granted, calling it again asks nothing and registers the current subscription again (the
 * browser may have replaced it).
 *
 * The desktop shell shows native notifications instead (PlatformApi.notify); this is for kind 'web'.
 */

/** What the server keeps per browser: token is the PushSubscription's JSON, deviceId names this browser. */
export type PushRegistration = { token: string; deviceId: string };

export type PushSubscribeResult = 'subscribed' | 'denied' | 'unsupported';

const SERVICE_WORKER_URL = '/sw.js';
const DEVICE_ID_KEY = 'teambeat.push.deviceId';

/** Whether this browser can receive Web Push here: a secure context with service workers and the Push API. */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's id when it was ever subscribed, without making one (signing out forgets its subscription). */
export function knownPushDeviceId(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(DEVICE_ID_KEY);
  } catch {
    return null;
  }
}

/** This browser's id for the server's device list: made once and kept, so subscribing again replaces a row. */
export function pushDeviceId(storage: Storage = localStorage): string {
  const existing = storage.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const id = crypto.randomUUID();
  storage.setItem(DEVICE_ID_KEY, id);
  return id;
}

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Subscribes this browser to the server's pushes and registers the subscription with `register`. Answers
 * 'unsupported' when the browser cannot (no service worker or Push API, or not a secure context) and 'denied'
 * when the person refuses notifications (or refused them before: browsers do not ask twice). Registering the
 * worker, subscribing at the push service or `register` may fail (offline, no push service): that rejects.
 */
export async function subscribeToPush(options: {
  /** The server's VAPID public key, base64url (a raw P-256 point). */
  publicKey: string;
  register: (registration: PushRegistration) => Promise<void>;
  /** The renderer has no console (lint): a caller that wants the denial noted passes its logger. */
  log?: (message: string) => void;
}): Promise<PushSubscribeResult> {
  if (!isPushSupported()) return 'unsupported';
  // Asked first, before anything is awaited: some browsers only prompt while the click's activation lasts.
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    options.log?.(`Web Push: notifications are ${permission === 'denied' ? 'blocked' : 'not allowed'} here`);
    return 'denied';
  }
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = base64urlToBytes(options.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the server's keys were replaced) cannot be reused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await options.register({ token: JSON.stringify(subscription), deviceId: pushDeviceId() });
  return 'subscribed';
}
