/**
 * Function Setup: the administrator adds a function, edits it, picks its members, switches it off and sees
 * every value again after a reload; the CSV report downloads (docs/feedback.md, "Functions").
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

async function waitForRows(page: Page) {
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
  await expect(table.locator('tbody tr').first()).toBeVisible();
}

function row(page: Page, text: string) {
  return page.getByRole('table').locator('tbody tr').filter({ hasText: text });
}

test('adds, edits, staffs and deactivates a function, and the values stay after a reload', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await frame.openPage('Function Setup');
  await expect(page).toHaveURL(/\/function\/management$/);
  await waitForRows(page);
  for (const seeded of ['Engineering', 'Design', 'Quality Assurance', 'Product', 'People Operations'])
    await expect(row(page, seeded).first()).toBeVisible();
  await snapshot(page, 'functions', 'light');

  const stamp = Date.now().toString(36);
  const name = `Security ${stamp}`;
  await page.getByRole('button', { name: 'Add function' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add function' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add function' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Function added', { exact: true }).first()).toBeVisible();
  // The latest changed first.
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText(name);

  // A taken name, in another case, is refused naming the field.
  await page.getByRole('button', { name: 'Add function' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add function' });
  await dialog.getByLabel('Name').fill('engineering');
  await dialog.getByRole('button', { name: 'Add function' }).click();
  await expect(dialog.getByText('A function with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Description').fill('Keeps our systems and data safe.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Function updated', { exact: true }).first()).toBeVisible();

  await row(page, name)
    .getByRole('button', { name: `Members of ${name}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Members of ${name}` });
  const search = dialog.getByRole('combobox', { name: 'Add employees' });
  await search.pressSequentially('Omar');
  await page
    .getByRole('option', { name: /Omar Iqbal/ })
    .first()
    .click();
  await search.pressSequentially('Grace');
  await page.getByRole('option', { name: /Grace/ }).first().click();
  await expect(dialog.getByText('2 members')).toBeVisible();
  await snapshot(page, 'function-members-dialog', 'light');
  await dialog.getByRole('button', { name: 'Save members' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Members saved', { exact: true }).first()).toBeVisible();

  await row(page, name)
    .getByRole('switch', { name: `Active: ${name}` })
    .click();
  await page
    .getByRole('alertdialog', { name: `Deactivate ${name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Function deactivated', { exact: true }).first()).toBeVisible();

  await page.reload();
  await waitForRows(page);
  await page.getByRole('searchbox').fill(stamp);
  const saved = row(page, name);
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Keeps our systems and data safe.');
  await expect(saved).toContainText('2');
  await expect(saved.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  await saved.getByRole('button', { name: `Members of ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Members of ${name}` });
  await expect(dialog.getByRole('button', { name: 'Remove Omar Iqbal' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('teambeat-functions.csv');
  const csv = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe('Function,Description,Status,Members,Member names,Last changed');
  expect(csv).toContain(`${name},Keeps our systems and data safe.,Inactive,2,`);
  // The refused duplicate is the only error Chromium logs.
  expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});
