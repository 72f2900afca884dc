/**
 * A failure is said once (issue 11): the same refusal twice shows one toast, not two stacked, and the next attempt
 * clears it, so an old failure never sits next to the new attempt's outcome.
 */
import type { Page } from '@playwright/test';
import { apiAs } from './api-client.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

test('a repeated failure shows one toast, and the next attempt clears it', async ({
  loginPage,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Productivity' }).click();
  const form = page.getByRole('form', { name: 'Productivity settings' });
  const networks = form.getByLabel('Office networks');
  await expect(networks).toHaveValue('');

  const refusal = page.getByText('Ensure all fields are filled correctly.', { exact: true });
  await networks.fill('10.0.0.0/33');
  const save = form.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(refusal).toHaveCount(1);
  await save.click();
  await save.click();
  // The third refusal replaced the first two: still one on screen (the field says why, under it).
  await expect(refusal).toHaveCount(1);
  await expect(form.getByText(/“10\.0\.0\.0\/33” is not an IPv4 or IPv6 address/)).toBeVisible();

  // A valid attempt: the old refusal goes at once, the outcome shows alone.
  await networks.fill('');
  await save.click();
  await expect(page.getByText('Productivity settings saved', { exact: true }).first()).toBeVisible();
  await expect(refusal).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

/**
 * No failure toast titled `title` comes: a toast would be dispatched in the handler that shows the form's message
 * and rendered a moment later, so the spec waits that moment for it, and it must not come.
 */
async function expectNoToast(page: Page, title: string): Promise<void> {
  await expect(page.getByText(title, { exact: true }).waitFor({ timeout: 1500 })).rejects.toThrow();
}

/*
 * A form on screen says its own failure, once (docs/architecture.md, "Failures in forms"): the field a refusal
 * names shows it under the field, the banner only what no field says, and no toast repeats either.
 */
test('a refusal naming a field shows under that field only: no banner, no toast', async ({
  loginPage,
  page,
  baseURL,
}) => {
  const name = `E2E Once ${Date.now().toString(36)}`;
  const admin = await apiAs(baseURL!, ADMIN.email);
  expect((await admin.post('/api/roles', { data: { name, permissions: [] } })).status()).toBe(201);
  await admin.dispose();

  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/role/management');
  await page.getByRole('button', { name: 'Add role' }).click();
  const form = page.getByRole('form', { name: 'Add role' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add role' }).click();

  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoToast(page, 'Failed to add role');
  // Said once, under the field: no banner above the form repeats it.
  await expect(page.getByText('A role with this name already exists.', { exact: true })).toHaveCount(1);
  await expect(form.locator('.fui-MessageBar')).toHaveCount(0);
});

test('a refusal naming no field shows in the form’s banner only: no toast', async ({ loginPage, page, baseURL }) => {
  // Years ahead, so no working day another spec counts changes.
  const date = `${new Date().getUTCFullYear() + 3}-05-13`;
  const admin = await apiAs(baseURL!, ADMIN.email);
  expect((await admin.post('/api/holidays', { data: { name: 'E2E Once', date } })).status()).toBe(201);
  await admin.dispose();

  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Holidays' }).click();
  await page.getByRole('button', { name: 'Add holiday' }).click();
  const form = page.getByRole('form', { name: 'Add holiday' });
  await form.getByLabel('Name').fill('E2E Once again');
  await form.getByLabel('Date').fill(date);
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(form.getByRole('alert').filter({ hasText: 'There is already a holiday on this date.' })).toBeVisible();
  await expectNoToast(page, 'The holiday was not added');
  await expect(page.getByText('There is already a holiday on this date.', { exact: true })).toHaveCount(1);
});
