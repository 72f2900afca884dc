/**
 * Feedback Management: the administrator adds, edits and deactivates a category and an attribute, and
 * sees every value again after a reload (docs/feedback.md, "Categories and attributes").
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { CataloguePage } from './pages/catalogue-page.js';
import { snapshot } from './screenshots.js';

test('adds, edits and deactivates a category, and the values stay after a reload', async ({ page, consoleErrors }) => {
  const catalogue = new CataloguePage(page);
  await catalogue.open('Feedback Management', ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/feedback\/management$/);
  const categoriesCard = page.getByRole('group', { name: 'Active categories' });
  await expect(categoriesCard).toContainText('5');
  await expect(categoriesCard).toContainText('of 5 in total');
  await catalogue.waitForRows();
  // The seeded categories, by name.
  await expect(catalogue.rows().first()).toContainText('Collaboration');
  await snapshot(page, 'feedback-management', 'light');

  const stamp = Date.now().toString(36);
  const name = `Wellbeing ${stamp}`;
  let dialog = await catalogue.openAdd('Add category');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('#12ab34');
  const synonyms = dialog.getByRole('textbox', { name: 'Synonyms' });
  await synonyms.fill('calm');
  await synonyms.press('Enter');
  await synonyms.fill('Balance,');
  await expect(dialog.getByRole('button', { name: 'Remove calm' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Balance' })).toBeVisible();
  await snapshot(page, 'feedback-category-dialog', 'light');
  await catalogue.save(dialog, 'Add category', 'Category added');
  await expect(categoriesCard).toContainText('of 6 in total');

  // A name taken in another case is refused under the field, once: no banner above the form repeats it.
  dialog = await catalogue.openAdd('Add category');
  await dialog.getByLabel('Name').fill('quality');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByText('A category with this name already exists.')).toBeVisible();
  await expect(dialog.locator('.fui-MessageBar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await catalogue.search(stamp);
  await expect(catalogue.row(name)).toHaveCount(1);
  dialog = await catalogue.openEdit(name);
  await dialog.getByLabel('Description').fill('Energy, rest and a sustainable pace.');
  await catalogue.save(dialog, 'Save changes', 'Category updated');

  await catalogue.deactivate(name, 'Category deactivated', (confirm) =>
    expect(confirm).toContainText('Inactive categories are not offered in new feedback'),
  );
  await expect(categoriesCard).toContainText('5');

  const saved = await catalogue.reloadAndFind(name, { search: stamp });
  await expect(saved).toContainText('calm');
  await expect(saved).toContainText('Balance');
  await expect(saved).toContainText('Energy, rest and a sustainable pace.');
  await expect(saved.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  dialog = await catalogue.openEdit(name);
  await expect(dialog.getByRole('textbox', { name: 'Colour', exact: true })).toHaveValue('#12AB34');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The refused duplicate is the only error Chromium logs.
  expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});

test('adds an attribute, moves it to another category, deactivates it, and the values stay after a reload', async ({
  page,
  consoleErrors,
}) => {
  const catalogue = new CataloguePage(page);
  await catalogue.open('Feedback Management', ADMIN.email, DEMO_PASSWORD);
  await page.getByRole('tab', { name: 'Attributes' }).click();
  await catalogue.waitForRows();
  await snapshot(page, 'feedback-attributes', 'light');

  const stamp = Date.now().toString(36);
  const name = `Mentoring ${stamp}`;
  let dialog = await catalogue.openAdd('Add attribute');
  // Without a category the dialog says what is missing.
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog.getByText('Choose a category', { exact: true }).last()).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Collaboration' }).click();
  const synonyms = dialog.getByRole('textbox', { name: 'Synonyms' });
  await synonyms.fill('coaching');
  await synonyms.press('Enter');
  await catalogue.save(dialog, 'Add attribute', 'Attribute added');
  // The newest first.
  await expect(catalogue.rows().first()).toContainText(name);

  dialog = await catalogue.openEdit(name);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Delivery' }).click();
  await dialog.getByLabel('Description').fill('Helps others grow.');
  await catalogue.save(dialog, 'Save changes', 'Attribute updated');

  await catalogue.deactivate(name, 'Attribute deactivated');

  const saved = await catalogue.reloadAndFind(name, { search: stamp, tab: 'Attributes' });
  await expect(saved).toContainText('Delivery');
  await expect(saved).toContainText('coaching');
  await expect(saved).toContainText('Helps others grow.');
  await expect(saved.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  expect(consoleErrors).toEqual([]);
});
