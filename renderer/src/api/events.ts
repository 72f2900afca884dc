/** Session events the HTTP client raises and the session provider reacts to; framework-free on purpose. */
export type SessionEvent = 'refreshed' | 'network-error' | 'ended';

type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of [...listeners]) listener(event);
}
