/**
 * Every settings tab saves: the admin changes a value in General, Feedback, Productivity, Leaves and Holidays,
 * reloads the page and sees it kept. Two bugs this guards: the Productivity tab once sent PUT to a PATCH
 * route and could not save at all ("The requested item does not exist"), and a save refreshed a copy of
 * the signed-in user's data that nothing read, so the header kept the old company name until the next
 * session check. Each value is put back at the end, so other specs see the demo company as seeded.
 */
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

async function openTab(page: Page, tab: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: tab }).click();
}

test.describe('settings', () => {
  test.beforeEach(async ({ page }) => {
    await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('General: the company name is saved, shown in the header at once, and kept after a reload', async ({ page }) => {
    await openTab(page, 'General');
    const form = page.getByRole('form', { name: 'General settings' });
    const name = form.getByLabel('Company name');
    const original = await name.inputValue();
    const renamed = `${original} E2E`;
    await name.fill(renamed);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Company name saved', { exact: true }).first()).toBeVisible();
    // No reload: the header reads the same signed-in data the save refreshed.
    await expect(page.getByTestId('tenant-name')).toHaveText(renamed);
    await page.reload();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(form.getByLabel('Company name')).toHaveValue(renamed);
    await expect(page.getByTestId('tenant-name')).toHaveText(renamed);

    await form.getByLabel('Company name').fill(original);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('tenant-name')).toHaveText(original);
  });

  test('Feedback: the comment limit and the rating deviation are saved, kept after a reload and used by the give form', async ({
    page,
  }) => {
    await openTab(page, 'Feedback');
    const form = page.getByRole('form', { name: 'Giving feedback settings' });
    const limit = form.getByLabel('Comment character limit');
    const deviation = form.getByLabel('Rating deviation that needs a comment');
    await expect(limit).toHaveValue('500');
    await expect(deviation).toHaveValue('1');
    await limit.fill('5001');
    await expect(form.getByText('Enter a whole number from 1 to 5000')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await limit.fill('300');
    await deviation.fill('1.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Giving feedback settings saved', { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await expect(form.getByLabel('Comment character limit')).toHaveValue('300');
    await expect(form.getByLabel('Rating deviation that needs a comment')).toHaveValue('1.5');
    // The other feedback settings share the tab.
    await expect(page.getByRole('form', { name: 'Feedback request settings' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Responsibility matrix settings' })).toBeVisible();
    await page.goto('/feedback/personal');
    await expect(page.getByText('0 / 300')).toBeVisible();

    await openTab(page, 'Feedback');
    await form.getByLabel('Comment character limit').fill('500');
    await form.getByLabel('Rating deviation that needs a comment').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Giving feedback settings saved', { exact: true }).first()).toBeVisible();
  });

  test('Productivity: the working hours and the latest check-out are saved and kept after a reload', async ({
    page,
  }) => {
    await openTab(page, 'Productivity');
    const form = page.getByRole('form', { name: 'Productivity settings' });
    const hours = form.getByLabel('Working hours per day');
    const original = await hours.inputValue();
    const changed = original === '7.5' ? '8' : '7.5';
    await hours.fill(changed);
    const latest = form.getByLabel('Latest check-out of a shift');
    await expect(latest).toHaveValue('06:00');
    await latest.fill('07:30');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/tenant/productivity-settings') && r.request().method() !== 'GET',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Productivity settings saved', { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Productivity' }).click();
    await expect(form.getByLabel('Working hours per day')).toHaveValue(changed);
    await expect(form.getByLabel('Latest check-out of a shift')).toHaveValue('07:30');

    await form.getByLabel('Working hours per day').fill(original);
    await form.getByLabel('Latest check-out of a shift').fill('06:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Productivity settings saved', { exact: true }).first()).toBeVisible();
  });

  test('Leaves: an added leave type is listed after a reload', async ({ page }) => {
    const name = `E2E Settings ${Date.now().toString(36)}`;
    await openTab(page, 'Leaves');
    await page.getByRole('button', { name: 'Add leave type' }).click();
    const form = page.getByRole('form', { name: 'Add leave type' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Yearly quota (working days)').fill('4');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await page.reload();
    await page.getByRole('tab', { name: 'Leaves' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    // Switched off again, so request dialogs of other specs do not offer it.
    await row.getByRole('switch', { name: `${name} active` }).click();
    await expect(page.getByText('Leave type deactivated', { exact: true }).first()).toBeVisible();
    await expect(row.getByRole('switch')).not.toBeChecked();
  });

  test('Holidays: an added holiday is listed after a reload', async ({ page }) => {
    const name = `E2E Holiday ${Date.now().toString(36)}`;
    await openTab(page, 'Holidays');
    // Next year, so no working day another spec counts this year changes.
    await page.getByRole('button', { name: 'Next year' }).click();
    const heading = page.getByRole('heading', { name: /Public holidays \d{4}/ });
    const year = Number((await heading.textContent())?.match(/\d{4}/)?.[0]);
    await page.getByRole('button', { name: 'Add holiday' }).click();
    const form = page.getByRole('form', { name: 'Add holiday' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Date').fill(`${year}-03-11`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await page.reload();
    await page.getByRole('tab', { name: 'Holidays' }).click();
    await page.getByRole('button', { name: 'Next year' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(`11-Mar-${year}`);
  });
});

test('Jobs: the leave jobs run at start-up is listed for the administrator', async ({ page }) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await openTab(page, 'Jobs');
  const table = page.getByRole('table', { name: 'Job runs' });
  // The scheduled jobs run every few minutes of the test clock, and other specs run the leave jobs by hand: the
  // search keeps the leave jobs alone, and the start-up run is the one the schedule started.
  await page.getByPlaceholder('Search by job').fill('leave');
  const row = table.getByRole('row').filter({ hasText: 'Leave jobs' }).filter({ hasText: 'Schedule' }).last();
  await expect(row).toContainText('Succeeded');
  await expect(table.getByRole('row').filter({ hasText: 'Badge images' })).toHaveCount(0);
  await snapshot(page, 'settings-jobs', 'light');
});
