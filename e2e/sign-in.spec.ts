import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

test.describe('sign-in page', () => {
  test('a wrong password shows the spec’s message and keeps the user on the page', async ({
    loginPage,
    page,
    consoleErrors,
  }) => {
    await loginPage.open();
    await loginPage.enterEmail(ADMIN.email);
    await expect(page.getByText('Northwind Labs')).toBeVisible();
    await loginPage.enterPassword('Not-the-password1!');
    await expect(loginPage.errorMessage()).toHaveText('E-mail or password is incorrect');
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginPage.password()).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('the keyboard alone signs in: e-mail, Enter, the password typed at once, Enter', async ({
    loginPage,
    page,
    consoleErrors,
  }) => {
    await loginPage.open();
    await expect(loginPage.email()).toBeFocused();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Enter');
    // No click, no wait for the password field: what is typed now is the password.
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    expect(consoleErrors).toEqual([]);
  });

  test('after Continue the password field has the focus', async ({ loginPage, page }) => {
    await loginPage.open();
    await loginPage.enterEmail(ADMIN.email);
    await expect(page.getByText('Northwind Labs')).toBeVisible();
    await expect(loginPage.password()).toBeFocused();
    await page.keyboard.type('Not-the-password1!');
    await page.keyboard.press('Enter');
    await expect(loginPage.errorMessage()).toHaveText('E-mail or password is incorrect');
  });

  test('an e-mail outside every company domain is refused in place', async ({ loginPage, page }) => {
    await loginPage.open();
    await loginPage.enterEmail('someone@unknown-company.example');
    await expect(page.getByText('Failed to authorize email domain')).toBeVisible();
    await expect(loginPage.password()).toHaveCount(0);
  });

  test('an invalid address is flagged before any request', async ({ loginPage, page }) => {
    // A first visit logs nothing at all: not even the refused refresh of a session that never existed.
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && requests.push(r.url()));
    await loginPage.open();
    expect(logged).toEqual([]);
    await loginPage.enterEmail('not-an-address');
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('sign-up shows the password rules and "Passwords do not match" early', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Abcdef1!');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Abcdef1?');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('More than 6 characters (met)')).toBeAttached();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot of the sign-in page (${scheme})`, async ({ page, loginPage }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await loginPage.open();
      await snapshot(page, 'sign-in-email', scheme);
      await loginPage.enterEmail(ADMIN.email);
      await expect(loginPage.password()).toBeVisible();
      await loginPage.password().fill(DEMO_PASSWORD);
      await snapshot(page, 'sign-in-password', scheme);
    });
  }
});
