/**
 * A failure is said once (issue 11): the same refusal twice shows one toast, not two stacked, and the next attempt
 * clears it, so an old failure never sits next to the new attempt's outcome.
 */
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
