/**
 * Function Setup: the administrator adds a function, edits it, picks its members, switches it off and sees
 * every value again after a reload; the CSV report downloads (docs/feedback.md, "Functions").
 */
import { readFile } from 'node:fs/promises';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { CataloguePage } from './pages/catalogue-page.js';
import { figure } from './pages/figures.js';
import { snapshot } from './screenshots.js';

test('adds, edits, staffs and deactivates a function, and the values stay after a reload', async ({
  page,
  consoleErrors,
}) => {
  const catalogue = new CataloguePage(page);
  await catalogue.open('Function Setup', ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/function\/management$/);
  await catalogue.waitForRows();
  for (const seeded of ['Engineering', 'Design', 'Quality Assurance', 'Product', 'People Operations'])
    await expect(catalogue.row(seeded).first()).toBeVisible();
  await snapshot(page, 'functions', 'light');

  // The function dashboard counts what is added and switched off.
  const counts = async () => ({
    total: await figure(page, 'Function counts', 'Functions'),
    inactive: await figure(page, 'Function counts', 'Inactive'),
  });
  const before = await counts();
  const stamp = Date.now().toString(36);
  const name = `Security ${stamp}`;
  let dialog = await catalogue.openAdd('Add function');
  await dialog.getByLabel('Name').fill(name);
  await catalogue.save(dialog, 'Add function', 'Function added');
  // The latest changed first.
  await expect(catalogue.rows().first()).toContainText(name);

  // A taken name, in another case, is refused naming the field.
  dialog = await catalogue.openAdd('Add function');
  await dialog.getByLabel('Name').fill('engineering');
  await dialog.getByRole('button', { name: 'Add function' }).click();
  await expect(dialog.getByText('A function with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await catalogue.openEdit(name);
  await dialog.getByLabel('Description').fill('Keeps our systems and data safe.');
  await catalogue.save(dialog, 'Save changes', 'Function updated');

  await catalogue
    .row(name)
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
  await catalogue.save(dialog, 'Save members', 'Members saved');

  await catalogue.deactivate(name, 'Function deactivated');
  await expect.poll(counts).toEqual({ total: before.total + 1, inactive: before.inactive + 1 });

  const saved = await catalogue.reloadAndFind(name, { search: stamp });
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
