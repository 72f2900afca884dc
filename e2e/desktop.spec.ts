/**
 * The renderer as the desktop shell runs it: window.teambeat is the shell's PlatformApi. The shell
 * itself cannot run here (no Electron binary), so this stands in for the preload with the same contract:
 * the server address is remembered only after it answers /api/health (plain http only to a private address,
 * confirmed), the refresh token lives with the "main process", not in a cookie, and is never handed back. The shell's own side is tested under Node in electron/.
 */
import { defineDesktop, type DesktopWindow } from './desktop-session.js';
import { DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';

test('the desktop app asks for the company server on first start, then signs in with a keychain token', async ({
  page,
  loginPage,
  consoleErrors,
}) => {
  await defineDesktop(page, () => {
    const state = { server: null as string | null, token: null as string | null };
    (window as unknown as { teambeatState: typeof state }).teambeatState = state;
    const desktop = window as unknown as DesktopWindow;
    desktop.teambeat = desktop.teambeatDesktop(state, {
      getServerUrl: async () => state.server,
      // The shell probes from the main process; the page's CSP only lets this stand-in reach its own
      // origin, which is the one Teambeat server of the e2e run.
      setServerUrl: async (url: string, options?: { confirmPlainHttp?: boolean }) => {
        // The shell refuses unconfirmed plain http (electron/server-url.ts).
        if (url.startsWith('http:') && !options?.confirmPlainHttp) throw new Error('Confirm the http address.');
        const origin = new URL(url).origin;
        const answer = origin === location.origin ? await fetch(`${origin}/api/health`) : null;
        if (!answer?.ok) throw new Error('No Teambeat server answers at this address.');
        state.server = url;
      },
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect to your company' })).toBeVisible();
  const field = page.getByLabel('Server address');
  await field.fill('teambeat');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the address your administrator gave you')).toBeVisible();
  // Plain http only to a private or loopback address, and only after ticking the confirmation.
  await field.fill('http://203.0.113.9');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Use https://. Plain http:// is allowed only for')).toBeVisible();
  await field.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('confirm below that it is your office network server')).toBeVisible();
  await page.getByRole('checkbox', { name: /office network/ }).check();
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

test('the tray shows today’s attendance, checks in on its command and reports a refused one natively', async ({
  page,
  loginPage,
  consoleErrors,
}) => {
  await defineDesktop(page, () => {
    type Stand = {
      token: string | null;
      trays: { signedIn: boolean; attendance?: { state: string; workedMinutes: number } | null }[];
      notes: { title: string; body: string }[];
      listeners: ((command: string) => void)[];
    };
    const state: Stand = { token: null, trays: [], notes: [], listeners: [] };
    (window as unknown as { teambeatState: Stand }).teambeatState = state;
    const desktop = window as unknown as DesktopWindow;
    desktop.teambeat = desktop.teambeatDesktop(state, {
      notify: async (n: { title: string; body: string }) => void state.notes.push(n),
      setTrayState: (s: Stand['trays'][number]) => void state.trays.push(s),
      onTrayCommand: (listener: (command: string) => void) => {
        state.listeners.push(listener);
        return () => void state.listeners.splice(state.listeners.indexOf(listener), 1);
      },
    });
  });
  const lastTray = () =>
    page.evaluate(
      () =>
        (
          window as unknown as { teambeatState: { trays: { attendance?: { state: string } | null }[] } }
        ).teambeatState.trays.at(-1)?.attendance?.state ?? null,
    );
  const command = (name: string) =>
    page.evaluate((c) => {
      for (const l of (window as unknown as { teambeatState: { listeners: ((c: string) => void)[] } }).teambeatState
        .listeners)
        l(c);
    }, name);

  await page.goto('/login');
  await loginPage.enterEmail(EMPLOYEE.email);
  await loginPage.enterPassword(DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(lastTray).toBe('not-checked-in');

  // The tray's Check in: the server records it, the tray and the card on Home follow.
  const checkedIn = page.waitForResponse((r) => r.url().endsWith('/api/attendance/check-in') && r.ok());
  await command('check-in');
  expect(((await (await checkedIn).json()) as { attendance: { source: string } }).attendance.source).toBe('desktop');
  await expect.poll(lastTray).toBe('checked-in');
  await expect(page.getByTestId('attendance-state')).toHaveText('Checked in');

  // Checking out within the first minute is refused: the spec's text arrives as a native notification.
  await command('check-out');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { teambeatState: { notes: unknown[] } }).teambeatState.notes))
    .toEqual([{ title: 'Check-out failed', body: 'Check-out must be at least 1 minute after check-in.' }]);
  expect(await lastTray()).toBe('checked-in');

  // Leave today as the seed had it, for the specs after this one.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Attendance' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete attendance' }).click();
  await expect(page.getByTestId('attendance-state')).toHaveText('Not checked in');
  await expect.poll(lastTray).toBe('not-checked-in');
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});
