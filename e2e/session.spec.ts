/**
 * The access token expires while the app is open. The test makes the token the app holds expire: every
 * request carrying it reaches the server with a genuinely expired token (same claims, signed with the
 * server's key, exp in the past), which is exactly what the server sees when the real token runs out.
 */
import type { Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { ADMIN, DEMO_PASSWORD, expect, test, type TestServer } from './fixtures.js';
import type { AppFrame } from './pages/app-frame.js';
import type { LoginPage } from './pages/login-page.js';

async function expiredTwin(token: string, secret: string): Promise<string> {
  const claims = decodeJwt(token);
  const key = new TextEncoder().encode(secret);
  // Access tokens are stamped and checked on the real clock (not the server's test clock).
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ tid: claims['tid'], sid: claims['sid'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(key);
}

/**
 * From now on, requests with `token` carry its expired twin instead; but the notifications' live stream: a
 * reconnect of it would meet the expired token first and refresh on its own, before the page's call these
 * tests watch (it failed CI once so).
 */
async function expire(page: Page, token: string, secret: string): Promise<void> {
  const expired = await expiredTwin(token, secret);
  await page.route('**/api/**', async (route) => {
    const headers = route.request().headers();
    if (route.request().url().includes('/api/notification/stream')) return route.continue();
    if (headers['authorization'] === `Bearer ${token}`)
      return route.continue({ headers: { ...headers, authorization: `Bearer ${expired}` } });
    return route.continue();
  });
}

/**
 * Signs the administrator in and leaves Home for Roles & Permissions in the app, keeping its token (Home's
 * today card refreshes on its own and would meet the expired token first); then that token expires.
 */
async function signInThenExpire(f: { loginPage: LoginPage; frame: AppFrame; page: Page; server: TestServer }) {
  const token = await f.loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await f.frame.expectSignedInAs(ADMIN.name);
  await f.frame.openPage('Roles & Permissions');
  await expect(f.page.getByRole('heading', { level: 1, name: 'Roles & Permissions' })).toBeVisible();
  await expire(f.page, token, f.server.jwtSecret);
}

test('an expired access token is refreshed transparently and the request retried', async ({
  loginPage,
  frame,
  directory,
  page,
  server,
}) => {
  await signInThenExpire({ loginPage, frame, page, server });

  const statuses: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) statuses.push(`${r.status()} ${r.request().method()} ${url.pathname}`);
  });

  await frame.openPage('Employee Directory');
  await directory.waitForRows();
  await expect(page).toHaveURL(/\/employee\/management$/);

  // The first call was refused as expired, the refresh succeeded, the same call then succeeded. (A call of
  // the page left behind may still answer meanwhile: only the directory's own calls are looked at first.)
  expect(statuses.find((s) => s.endsWith(' /api/employees'))).toBe('401 GET /api/employees');
  expect(statuses).toContain('200 POST /api/auth/refresh');
  const refreshAt = statuses.indexOf('200 POST /api/auth/refresh');
  expect(statuses.slice(refreshAt)).toContain('200 GET /api/employees');
  // The token-refresh event re-verifies the session.
  await expect.poll(() => statuses).toContain('200 GET /api/auth/verify');
  await frame.expectSignedInAs(ADMIN.name);
});

test('when the refresh is refused the user is signed out and sent to /login', async ({
  loginPage,
  frame,
  page,
  context,
  server,
}) => {
  await signInThenExpire({ loginPage, frame, page, server });
  // Without the refresh cookie the server refuses the refresh ("Failed to sign in").
  await context.clearCookies();
  await frame.nav().getByRole('link', { name: 'Employee Directory' }).click();
  // Back on sign-in, with the page they were opening remembered for after it.
  await expect(page).toHaveURL(/\/login\?next=%2Femployee%2Fmanagement$/);
  await expect(page.getByLabel('Work e-mail')).toBeVisible();
});

test('the session survives a reload through the refresh cookie', async ({ loginPage, frame, page }) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await frame.expectSignedInAs(ADMIN.name);
  await page.goto('/role/management');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles & Permissions' })).toBeVisible();
});
