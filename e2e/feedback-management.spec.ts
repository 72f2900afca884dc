/**
 * Feedback Management: the administrator adds, edits and deactivates a category and an attribute, and
 * sees every value again after a reload (docs/feedback.md, "Categories and attributes").
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';
import type { Page } from '@playwright/test';

async function waitForRows(page: Page) {
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
  await expect(table.locator('tbody tr').first()).toBeVisible();
}

function row(page: Page, text: string) {
  return page.getByRole('table').locator('tbody tr').filter({ hasText: text });
}

test('adds, edits and deactivates a category, and the values stay after a reload', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await frame.openPage('Feedback Management');
  await expect(page).toHaveURL(/\/feedback\/management$/);
  const categoriesCard = page.getByRole('group', { name: 'Active categories' });
  await expect(categoriesCard).toContainText('5');
  await expect(categoriesCard).toContainText('of 5 in total');
  await waitForRows(page);
  // The seeded categories, by name.
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Collaboration');
  await snapshot(page, 'feedback-management', 'light');

  const stamp = Date.now().toString(36);
  const name = `Wellbeing ${stamp}`;
  await page.getByRole('button', { name: 'Add category' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('#12ab34');
  const synonyms = dialog.getByRole('textbox', { name: 'Synonyms' });
  await synonyms.fill('calm');
  await synonyms.press('Enter');
  await synonyms.fill('Balance,');
  await expect(dialog.getByRole('button', { name: 'Remove calm' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Balance' })).toBeVisible();
  await snapshot(page, 'feedback-category-dialog', 'light');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Category added', { exact: true }).first()).toBeVisible();
  await expect(categoriesCard).toContainText('of 6 in total');

  // A name taken in another case is refused, naming the field.
  await page.getByRole('button', { name: 'Add category' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByLabel('Name').fill('quality');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByText('Check the field “Name”.')).toBeVisible();
  await expect(dialog.getByText('A category with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox').fill(stamp);
  await expect(row(page, name)).toHaveCount(1);
  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Description').fill('Energy, rest and a sustainable pace.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Category updated', { exact: true }).first()).toBeVisible();

  await row(page, name)
    .getByRole('switch', { name: `Active: ${name}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('Inactive categories are not offered in new feedback');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Category deactivated', { exact: true }).first()).toBeVisible();
  await expect(categoriesCard).toContainText('5');

  await page.reload();
  await waitForRows(page);
  await page.getByRole('searchbox').fill(stamp);
  const saved = row(page, name);
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('calm');
  await expect(saved).toContainText('Balance');
  await expect(saved).toContainText('Energy, rest and a sustainable pace.');
  await expect(saved.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  await saved.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog.getByRole('textbox', { name: 'Colour', exact: true })).toHaveValue('#12AB34');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The refused duplicate is the only error Chromium logs.
  expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});

test('adds an attribute, moves it to another category, deactivates it, and the values stay after a reload', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await frame.openPage('Feedback Management');
  await page.getByRole('tab', { name: 'Attributes' }).click();
  await waitForRows(page);
  await snapshot(page, 'feedback-attributes', 'light');

  const stamp = Date.now().toString(36);
  const name = `Mentoring ${stamp}`;
  await page.getByRole('button', { name: 'Add attribute' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add attribute' });
  // Without a category the dialog says what is missing.
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog.getByText('Choose a category', { exact: true }).last()).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Collaboration' }).click();
  const synonyms = dialog.getByRole('textbox', { name: 'Synonyms' });
  await synonyms.fill('coaching');
  await synonyms.press('Enter');
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Attribute added', { exact: true }).first()).toBeVisible();
  // The newest first.
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText(name);

  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Delivery' }).click();
  await dialog.getByLabel('Description').fill('Helps others grow.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Attribute updated', { exact: true }).first()).toBeVisible();

  await row(page, name)
    .getByRole('switch', { name: `Active: ${name}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Attribute deactivated', { exact: true }).first()).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Attributes' }).click();
  await waitForRows(page);
  await page.getByRole('searchbox').fill(stamp);
  const saved = row(page, name);
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Delivery');
  await expect(saved).toContainText('coaching');
  await expect(saved).toContainText('Helps others grow.');
  await expect(saved.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  expect(consoleErrors).toEqual([]);
});
