/**
 * The Tenant and Demo data tabs (issue 11): the company logo is uploaded (a wrong one refused in place),
 * shown in the header and on the sign-in page, and removed after a confirmation; the time zone is saved and
 * kept after a reload; demo data is switched off after a confirmation, leaving the directory and the
 * productivity figures, and on again. HR, who may view the settings but not change them, sees them
 * read-only. Everything is put back at the end, so later specs see the demo company as seeded.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { readJsonAs } from './api-client.js';
import { ADMIN, DEMO_PASSWORD, expect, PRIYA, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { ProductivityPage } from './pages/productivity-page.js';
import { snapshot } from './screenshots.js';

const HR = { email: 'grace.malik@northwind.example', name: 'Grace Malik' };

async function openTab(page: Page, tab: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: tab }).click();
}

/** A real PNG of a size, as the file chooser hands it over. */
async function pngFile(name: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const LOGO = 'img[src^="/api/tenant-logos/"]';

test.describe('tenant settings', () => {
  test('the logo is checked, uploaded, shown in the header and on the sign-in page, and removed after a confirmation', async ({
    page,
  }) => {
    await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await openTab(page, 'Tenant');
    await expect(page.getByText('No logo: the company’s initials show instead.')).toBeVisible();
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);

    // Too wide: refused before anything is sent, with the spec's limit.
    await page.getByTestId('logo-file').setInputFiles(await pngFile('wide.png', 1200, 100));
    await expect(page.getByText('Logo must be less than 1000 pixels wide')).toBeVisible();

    await page.getByTestId('logo-file').setInputFiles(await pngFile('logo.png', 400, 120));
    await expect(page.getByText('Logo saved', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Logo must be less than 1000 pixels wide')).toBeHidden();
    // The header shows it at once, and after a reload.
    const header = page.getByTestId('tenant-logo');
    await expect(header).toHaveAttribute('src', /^\/api\/tenant-logos\/[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('tab', { name: 'Tenant' }).click();
    await expect(page.getByTestId('tenant-logo')).toBeVisible();
    expect(await page.getByTestId('tenant-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await expect(page.getByTestId('settings-logo').locator(LOGO)).toBeVisible();
    await snapshot(page, 'settings-tenant', 'light');

    // The sign-in page shows it once the address names the company.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Work e-mail').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const signInLogo = page.getByRole('form', { name: 'Sign in' }).locator(LOGO);
    await expect(signInLogo).toBeVisible();
    expect(await signInLogo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(120);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Removing asks first; cancelling keeps it.
    await openTab(page, 'Tenant');
    await page.getByRole('button', { name: 'Remove logo' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the company logo?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('tenant-logo')).toBeVisible();
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Logo removed', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Tenant' }).click();
    await expect(page.getByText('No logo: the company’s initials show instead.')).toBeVisible();
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);
  });

  test('the time zone is saved, kept after a reload, and shows a change made on the Productivity tab', async ({
    page,
  }) => {
    await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await openTab(page, 'Tenant');
    const zone = page.getByTestId('tenant-time-zone');
    await expect(zone).toHaveValue('Asia/Karachi');
    const form = page.getByRole('form', { name: 'Time zone settings' });
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The zone is picked from the list, narrowed by typing (the picker of the Productivity tab and devices).
    await zone.fill('');
    await zone.pressSequentially('Europe/Par');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Time zone saved', { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Tenant' }).click();
    await expect(page.getByTestId('tenant-time-zone')).toHaveValue('Europe/Paris');
    // The Productivity tab edits the same setting, and the Tenant tab shows its change at once (no reload).
    await page.getByRole('tab', { name: 'Productivity' }).click();
    const productivity = page.getByRole('form', { name: 'Productivity settings' });
    const productivityZone = productivity.getByRole('combobox', { name: 'Time zone' });
    await expect(productivityZone).toHaveValue('Europe/Paris');
    await productivityZone.fill('');
    await productivityZone.pressSequentially('Asia/Kar');
    await page.getByRole('option', { name: 'Asia/Karachi' }).click();
    await productivity.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Productivity settings saved', { exact: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Tenant' }).click();
    await expect(zone).toHaveValue('Asia/Karachi');
  });

  test('someone who may view but not change the settings sees them read-only', async ({ page }) => {
    await new LoginPage(page).signIn(HR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await openTab(page, 'General');
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    const name = page.getByTestId('company-name');
    await expect(name).toHaveAttribute('readonly', '');
    await expect(name).toHaveAttribute('aria-readonly', 'true');
    await expect(
      page.getByRole('form', { name: 'General settings' }).getByRole('button', { name: 'Save' }),
    ).toHaveCount(0);
    await page.getByRole('tab', { name: 'Tenant' }).click();
    await expect(page.getByRole('button', { name: 'Upload logo' })).toHaveCount(0);
    await expect(page.getByTestId('tenant-time-zone')).toHaveAttribute('readonly', '');
    await page.getByRole('tab', { name: 'Demo data' }).click();
    await expect(page.getByTestId('demo-switch')).toBeDisabled();
    await snapshot(page, 'settings-demo-read-only', 'light');
  });

  test('demo data is switched off after a confirmation, leaving the directory and the productivity figures, and on again', async ({
    page,
    baseURL,
  }) => {
    // Three visits to the dashboard over the whole demo company, and two switches that reload every query.
    test.slow();
    await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    const productivity = new ProductivityPage(page);
    const people = page.getByRole('group', { name: 'People' });
    // The card's figure: its first line that is only a number.
    const peopleCount = async () =>
      Number(
        (await people.innerText())
          .split('\n')
          .map((line) => line.trim().replace(/[,\s]/g, ''))
          .find((line) => /^\d+$/.test(line)),
      );
    await productivity.open();
    await productivity.waitForOverview();
    const before = await peopleCount();
    expect(before).toBeGreaterThan(10);

    await openTab(page, 'Demo data');
    const demo = page.getByTestId('demo-switch');
    await expect(demo).toBeChecked();
    await demo.click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch demo data off?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(demo).toBeChecked();
    await demo.click();
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('Demo data switched off', { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Demo data' }).click();
    await expect(page.getByTestId('demo-switch')).not.toBeChecked();

    await page.goto('/employee/management');
    await page.getByRole('searchbox', { name: /Search by name/ }).fill(PRIYA.name);
    await expect(page.getByRole('table', { name: 'Employees' }).getByText(PRIYA.name)).toHaveCount(0);
    // Only the company's own active people are left: the administrator, and whoever other specs of this worker
    // added (read now, not assumed).
    const own = await readJsonAs<{ total: number }>(baseURL!, ADMIN.email, '/api/employees?status=active&pageSize=10');
    expect(own.total).toBeGreaterThanOrEqual(1);
    expect(own.total).toBeLessThan(before);
    await productivity.open();
    await productivity.waitForOverview();
    await expect.poll(peopleCount).toBe(own.total);

    await openTab(page, 'Demo data');
    await page.getByTestId('demo-switch').click();
    await expect(page.getByText('Demo data switched on', { exact: true }).first()).toBeVisible();
    await page.goto('/employee/management');
    await page.getByRole('searchbox', { name: /Search by name/ }).fill(PRIYA.name);
    await expect(page.getByRole('table', { name: 'Employees' }).getByText(PRIYA.name)).toBeVisible();
    await productivity.open();
    await productivity.waitForOverview();
    await expect.poll(peopleCount).toBe(before);
  });
});

test('the user menu offers the desktop app, saying so when this server has no installers configured', async ({
  page,
}) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Get the desktop app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Teambeat for Windows and Mac' });
  await expect(
    dialog.getByText('No desktop installers are available from this server yet.', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
