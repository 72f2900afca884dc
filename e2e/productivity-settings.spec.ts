/**
 * Settings › Productivity: the office networks (one per line, IPv4 or IPv6, with a CIDR prefix or not), the
 * weekend days and the company's time zone (a picker) are refused early when wrong, saved, and kept after a
 * reload. The values are put back at the end, so later specs of the worker see the demo company as seeded.
 */
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test, ZONE } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

async function openProductivity(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Productivity' }).click();
  const form = page.getByRole('form', { name: 'Productivity settings' });
  await expect(form.getByLabel('Office networks')).toBeVisible();
  return form;
}

test('Productivity: office networks, weekend days and the time zone are saved and kept after a reload', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  let form = await openProductivity(page);
  const weekend = form.getByRole('group', { name: 'Weekend days' });
  const networks = form.getByLabel('Office networks');
  const zone = form.getByRole('combobox', { name: 'Time zone' });

  // As seeded: Saturday and Sunday, no office networks (which the tab explains), the company's zone.
  await expect(weekend.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(weekend.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(weekend.getByRole('checkbox', { name: 'Friday' })).not.toBeChecked();
  await expect(networks).toHaveValue('');
  await expect(form.getByText(/^No office networks: only punches on a biometric device count/)).toBeVisible();
  await expect(zone).toHaveValue(ZONE);

  // A wrong network is named under the field before anything is sent.
  await networks.fill('192.168.10.0/24\n10.0.0.0/33');
  await expect(
    form.getByText('“10.0.0.0/33” is not an IPv4 or IPv6 address or range, such as 192.168.10.0/24 or 2001:db8::/48'),
  ).toBeVisible();
  await networks.fill('192.168.10.0/24\n2001:db8:10::/48\n203.0.113.7');
  await expect(form.getByText(/is not an IPv4 or IPv6 address/)).toHaveCount(0);
  await expect(form.getByText(/^No office networks/)).toHaveCount(0);

  // Every day a weekend day is refused: at least one working day.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await weekend.getByRole('checkbox', { name: day }).check();
  await expect(form.getByText('At least one day of the week must be a working day')).toBeVisible();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday'])
    await weekend.getByRole('checkbox', { name: day }).uncheck();
  await weekend.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await expect(form.getByText('At least one day of the week must be a working day')).toHaveCount(0);

  // The zone is picked from the list, narrowed by typing.
  await zone.fill('');
  await zone.pressSequentially('Europe/Ber');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await expect(zone).toHaveValue('Europe/Berlin');
  await snapshot(page, 'settings-productivity-networks', 'light');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenant/productivity-settings') && r.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Productivity settings saved', { exact: true }).first()).toBeVisible();

  await page.reload();
  form = await openProductivity(page);
  await expect(form.getByLabel('Office networks')).toHaveValue('192.168.10.0/24\n2001:db8:10::/48\n203.0.113.7');
  const days = form.getByRole('group', { name: 'Weekend days' });
  await expect(days.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await expect(days.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(days.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');

  // Back as seeded.
  await form.getByLabel('Office networks').fill('');
  await days.getByRole('checkbox', { name: 'Friday' }).uncheck();
  await days.getByRole('checkbox', { name: 'Sunday' }).check();
  await form.getByRole('combobox', { name: 'Time zone' }).fill(ZONE);
  const restored = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenant/productivity-settings') && r.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await restored).status()).toBe(200);
  await page.reload();
  form = await openProductivity(page);
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(ZONE);
  await expect(form.getByLabel('Office networks')).toHaveValue('');
  expect(consoleErrors).toEqual([]);
});
