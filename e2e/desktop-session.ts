/**
 * The desktop specs' stand-in for the shell's main-process session (electron/desktop-session.ts), installed in
 * the page before the stand-in PlatformApi: `window.teambeatDesktopSession(state)` answers the
 * `desktopSession` part of the PlatformApi. Like main, it keeps the refresh token in `state.token`, refreshes
 * itself and never hands the token back to the renderer.
 */
import type { Page } from '@playwright/test';

export async function defineDesktopSession(page: Page): Promise<void> {
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
    (window as unknown as { teambeatDesktopSession: typeof session }).teambeatDesktopSession = session;
  });
}
