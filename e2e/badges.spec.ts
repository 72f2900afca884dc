/**
 * Badges end to end (docs/recognition.md "Badges"), as people act: HR gives a badge and the receiver sees
 * it in My badges after a reload; an employee asks a contribution badge, their team lead approves it (confirmed) and
 * the employee holds it; the administrator adds a badge with an uploaded image in Badge Control, and it is
 * there after a reload.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, LEAD, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** A demo account with the HR role (server/src/seed/demo.ts). */
const HR = { email: 'grace.malik@northwind.example', name: 'Grace Malik' };

async function pickBadge(page: Page, scope: ReturnType<Page['getByRole']>, name: string) {
  await scope.getByRole('combobox', { name: 'Badge' }).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

async function myBadgeCard(page: Page, badge: string) {
  await page.goto('/my-badges');
  await expect(page.getByRole('heading', { level: 1, name: 'Badges' })).toBeVisible();
  return page
    .getByRole('list', { name: 'My badges' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: badge, exact: true }) });
}

test('HR gives a badge and the receiver sees it in My badges after a reload', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  test.slow();
  const comment = `Calm and clear during the release ${Date.now().toString(36)}`;
  await new LoginPage(page).signIn(HR.email, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Badges' }).click();
  await expect(page).toHaveURL(/\/badges$/);
  const form = page.getByRole('form', { name: 'Give a badge' });
  // All three are required, each said on its field.
  await form.getByRole('button', { name: 'Give badge' }).click();
  await expect(form.getByText('This field is required')).toHaveCount(3);
  await pickBadge(page, form, 'Team Player');
  await form.getByRole('combobox', { name: 'Colleague' }).click();
  await form.getByRole('combobox', { name: 'Colleague' }).pressSequentially('Omar');
  await page.getByRole('option', { name: /Omar Iqbal/ }).click();
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: 'Give badge' }).click();
  await expect(page.getByText('Badge given', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Given lately' })).toContainText('Omar Iqbal received Team Player');
  await snapshot(page, 'badges-give', 'light');

  const { page: omar } = await signedIn(EMPLOYEE.email);
  let card = await myBadgeCard(omar, 'Team Player');
  await expect(card).toContainText(`From ${HR.name}`);
  await expect(card).toContainText(comment);
  await omar.reload();
  card = omar
    .getByRole('list', { name: 'My badges' })
    .getByRole('listitem')
    .filter({ has: omar.getByRole('img', { name: 'Team Player', exact: true }) });
  await expect(card).toContainText(comment);
  await expect(card.getByRole('img', { name: 'Team Player' })).toBeVisible();
  await snapshot(omar, 'my-badges', 'light');
  expect(consoleErrors).toEqual([]);
});

test('an employee asks a contribution badge, their team lead approves it, and the employee holds it', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  test.slow();
  const description = `Mentored the two summer interns ${Date.now().toString(36)}`;
  const { page: omar } = await signedIn(EMPLOYEE.email);
  await omar.goto('/contributions');
  const form = omar.getByRole('form', { name: 'Ask for a badge' });
  await pickBadge(omar, form, 'Mentor');
  await form.getByRole('combobox', { name: 'Contribution type' }).click();
  await omar.getByRole('option', { name: 'Mentoring' }).click();
  await form.getByRole('textbox', { name: 'What you did' }).fill(description);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(omar.getByText('Request sent', { exact: true }).first()).toBeVisible();
  const mine = omar
    .getByRole('list', { name: 'My contributions' })
    .getByRole('listitem')
    .filter({ hasText: description });
  await expect(mine.getByTestId('badge-request-status')).toHaveText('Pending');

  // Omar's lead decides it from the list of contributions to decide (their team members' requests: the Team
  // Lead role holds approve-team-badge-requests), confirming the final step.
  await new LoginPage(page).signIn(LEAD.email, DEMO_PASSWORD);
  await page.goto('/contributions');
  const request = page
    .getByRole('list', { name: 'Contributions to decide' })
    .getByRole('listitem')
    .filter({ hasText: description });
  await expect(request).toContainText(`Mentor for ${EMPLOYEE.name}`);
  await request.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Approve Mentor for ${EMPLOYEE.name}?` });
  await expect(confirm).toContainText('An approval is final');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(request.getByTestId('badge-request-status')).toHaveText('Approved');
  await expect(page.getByText('Approved: the badge was given', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Contributions to decide' })
      .getByRole('listitem')
      .filter({ hasText: description })
      .getByTestId('badge-request-status'),
  ).toHaveText('Approved');
  await snapshot(page, 'badges-contributions', 'light');

  const card = await myBadgeCard(omar, 'Mentor');
  await expect(card).toContainText(description);
  await expect(card).toContainText('for a contribution');
  await omar.goto('/contributions');
  await expect(
    omar
      .getByRole('list', { name: 'My contributions' })
      .getByRole('listitem')
      .filter({ hasText: description })
      .getByTestId('badge-request-status'),
  ).toHaveText('Approved');
  expect(consoleErrors).toEqual([]);
});

test('Badge Control adds a badge with an uploaded image, and it is there after a reload', async ({
  page,
  frame,
  consoleErrors,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Night Shift Hero ${stamp}`;
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#8844cc' } })
    .png()
    .toBuffer();
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await frame.openPage('Badge Control');
  await expect(page).toHaveURL(/\/badge\/management$/);
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await snapshot(page, 'badge-control', 'light');

  await page.getByRole('button', { name: 'Add badge' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add badge' });
  // Nothing chosen: the image, the name and the category are each asked for.
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Upload an image')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: png });
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByRole('img', { name })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Values' }).click();
  await dialog.getByLabel('Description').fill('Kept the lights on overnight.');
  await dialog.getByRole('checkbox', { name: 'Company badge' }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Badge added', { exact: true }).first()).toBeVisible();

  await page.reload();
  await page.getByRole('searchbox').fill(stamp);
  const row = table.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Values');
  await expect(row).toContainText('Kept the lights on overnight.');
  await expect(row).toContainText('Company');
  const image = row.getByRole('img', { name });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
