/**
 * The desktop specs' stand-in for the shell, installed in the page before the app loads:
 * - `window.teambeatDesktopSession(state)` plays the main-process session (electron/desktop-session.ts), the
 *   `desktopSession` part of the PlatformApi. Like main, it keeps the refresh token in `state.token`,
 *   refreshes itself and never hands the token back to the renderer.
 * - `window.teambeatDesktop(state, parts)` answers a whole stand-in PlatformApi on that session: a desktop
 *   already pointed at this page's server, with no tray, updates or notifications, except for the `parts` a
 *   spec plays itself.
 */
import type { Page } from '@playwright/test';

/** The page's window as the stand-ins see it, for the specs' own init scripts. */
export type DesktopWindow = {
  teambeat: unknown;
  teambeatDesktop: (state: { token: string | null }, parts?: Record<string, unknown>) => unknown;
};

/** Installs the stand-ins, then `standIn`, the spec's own script that sets `window.teambeat` with them. */
export async function defineDesktop(page: Page, standIn: () => void): Promise<void> {
  await page.addInitScript(() => {
    const session = (state: { token: string | null }) => ({
      keep: async (t: string) => void (state.token = t),
      refresh: async () => {
        if (!state.token) return { ok: false, reason: 'ended' };
        const answer = await fetch('/api/auth/refresh', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: state.token, client: 'desktop' }),
        });
        if (!answer.ok) {
          state.token = null;
          return { ok: false, reason: 'ended' };
        }
        const body = (await answer.json()) as { accessToken: string; expiresIn: number; refreshToken: string };
        state.token = body.refreshToken;
        return { ok: true, accessToken: body.accessToken, expiresIn: body.expiresIn };
      },
      signOut: async () => {
        if (state.token) {
          await fetch('/api/auth/sign-out', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ refreshToken: state.token }),
          });
        }
        state.token = null;
      },
      forget: async () => void (state.token = null),
    });
    const desktop = (state: { token: string | null }, parts: Record<string, unknown> = {}) => ({
      kind: 'desktop',
      appVersion: '0.0.0-e2e',
      notify: async () => {},
      openExternal: async () => {},
      desktopSession: session(state),
      getServerUrl: async () => location.origin,
      setServerUrl: async () => {},
      setTrayState: () => {},
      onTrayCommand: () => () => {},
      onOpenLink: () => () => {},
      onUpdateAvailable: () => () => {},
      installUpdate: async () => {},
      ...parts,
    });
    Object.assign(window, { teambeatDesktopSession: session, teambeatDesktop: desktop });
  });
  await page.addInitScript(standIn);
}
