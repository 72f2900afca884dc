/**
 * Success and failure toasts, one toaster for the whole app. A failure is said once: the same failure again
 * replaces its toast instead of stacking a second, and a new attempt at anything (every mutation, through
 * `useApiMutation`) clears the failures still on screen, which are about the attempt before.
 *
 * Fluent's toaster is not part of the first screen (issue #18: the sign-in page's weight): `AppToaster` mounts it
 * from its own chunk (toaster-host.tsx) when the first toast is asked for, and what is asked meanwhile is shown
 * once it is there. The signed-in frame fetches that chunk ahead (`preloadToaster`), so a toast after sign-in
 * shows at once.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastIntent = 'success' | 'error';

/** What the toaster is asked to do: show a toast, or dismiss the failures on screen. */
export type ToastRequest = { kind: 'show'; intent: ToastIntent; title: string; body?: string } | { kind: 'clear' };

/** The mounted toaster takes requests through this (toaster-host.tsx); null until it is mounted. */
let host: ((request: ToastRequest) => void) | null = null;
/** Toasts asked for before the toaster was mounted, shown in order once it is. */
let waiting: ToastRequest[] = [];
let wanted = false;
const listeners = new Set<() => void>();

const loadHost = () => import('./toaster-host');
const ToasterHost = lazy(loadHost);

/** Fetches the toaster's chunk without mounting it (the signed-in frame, so the first toast is not delayed). */
export function preloadToaster(): void {
  void loadHost();
}

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function send(request: ToastRequest): void {
  if (host) return host(request);
  if (request.kind === 'clear') {
    // Nothing is on screen yet: the failures still waiting are about the attempt before.
    waiting = waiting.filter((r) => r.kind !== 'show' || r.intent !== 'error');
    return;
  }
  waiting.push(request);
  want();
}

/** Called by the toaster once mounted (and with null when it leaves): it takes the waiting requests first. */
export function connectToaster(receive: ((request: ToastRequest) => void) | null): void {
  host = receive;
  if (!receive) return;
  const pending = waiting;
  waiting = [];
  for (const request of pending) receive(request);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The app's one toaster: nothing until a toast is first asked for, then Fluent's, from its own chunk. */
export function AppToaster() {
  const mount = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return mount ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
}

export type Notify = {
  success: (title: string, body?: string) => void;
  error: (title: string, body?: string) => void;
  /** Dismisses every failure toast still on screen: a new attempt starts. */
  clearErrors: () => void;
};

const notify: Notify = {
  success: (title, body) => send({ kind: 'show', intent: 'success', title, ...(body ? { body } : {}) }),
  error: (title, body) => send({ kind: 'show', intent: 'error', title, ...(body ? { body } : {}) }),
  clearErrors: () => send({ kind: 'clear' }),
};

/** The app's toasts (the same object on every render). */
export function useNotify(): Notify {
  return notify;
}
