/**
 * The renderer as the desktop shell runs it: window.teambeat is the shell's PlatformApi. The shell
 * itself cannot run here (no Electron binary), so this stands in for the preload with the same contract:
 * the server address is remembered only after it answers /api/health, the refresh token lives in the
 * "keychain", not in a cookie. The shell's own side is tested under Node in electron/.
 */
import { DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';

test('the desktop app asks for the company server on first start, then signs in with a keychain token', async ({
  page,
  loginPage,
  consoleErrors,
}) => {
  await page.addInitScript(() => {
    const state = { server: null as string | null, token: null as string | null };
    (window as unknown as { teambeatState: typeof state }).teambeatState = state;
    (window as unknown as { teambeat: unknown }).teambeat = {
      kind: 'desktop',
      appVersion: '0.0.0-e2e',
      notify: async () => {},
      openExternal: async () => {},
      refreshTokenStore: { get: async () => state.token, set: async (t: string | null) => void (state.token = t) },
      getServerUrl: async () => state.server,
      // The shell probes from the main process; the page's CSP only lets this stand-in reach its own
      // origin, which is the one Teambeat server of the e2e run.
      setServerUrl: async (url: string) => {
        const origin = new URL(url).origin;
        const answer = origin === location.origin ? await fetch(`${origin}/api/health`) : null;
        if (!answer?.ok) throw new Error('No Teambeat server answers at this address.');
        state.server = url;
      },
      setTrayState: () => {},
      onTrayCommand: () => () => {},
      onUpdateAvailable: () => () => {},
      installUpdate: async () => {},
    };
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect to your company' })).toBeVisible();
  const field = page.getByLabel('Server address');
  await field.fill('teambeat');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the address your administrator gave you')).toBeVisible();
  await field.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No Teambeat server answers at this address.')).toBeVisible();
  await field.fill(new URL(page.url()).origin);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/login/);
  // The page stays loaded: navigating would reset this stand-in's memory.
  await loginPage.enterEmail(EMPLOYEE.email);
  await loginPage.enterPassword(DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(
    () => (window as unknown as { teambeatState: { token: string | null } }).teambeatState.token,
  );
  expect(token).toMatch(/^[\w-]{40,}$/);
  expect((await page.context().cookies()).some((c) => c.name === 'tb_refresh')).toBe(false);
  expect(consoleErrors).toEqual([]);
});
