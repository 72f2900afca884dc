/**
 * Teams (docs/workforce.md, "Teams"): the administrator builds a team (name, two members, a lead and a product
 * owner), sees all of it after a reload, deactivates it after a confirmation and finds it among the inactive
 * teams after a reload; an empty or taken name is refused under the field and changes nothing.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { CataloguePage } from './pages/catalogue-page.js';
import { chooseRowAction } from './pages/row-actions.js';
import { snapshot } from './screenshots.js';

test('builds a team with a lead and a product owner, deactivates it, and refuses bad names', async ({
  page,
  consoleErrors,
}) => {
  const teams = new CataloguePage(page);
  await teams.open('Teams', ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/team\/management$/);
  await teams.waitForRows();
  // The seeded teams, with their member counts.
  await expect(teams.row('Web').first()).toBeVisible();

  const stamp = Date.now().toString(36);
  const first = `Rockets ${stamp}`;
  const name = `Comets ${stamp}`;
  let dialog = await teams.openAdd('Add team');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(first);
  await teams.save(dialog, 'Add team', 'Team added');
  await teams.search(stamp);
  await expect(teams.rows()).toHaveCount(1);

  // Renamed through the row's menu.
  await chooseRowAction(page, teams.row(first), first, 'Rename');
  dialog = page.getByRole('dialog', { name: `Rename ${first}` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await teams.save(dialog, 'Save', 'Team saved');
  await expect(teams.row(name)).toHaveCount(1);

  // Two members: one lead, one product owner.
  await chooseRowAction(page, teams.row(name), name, 'Members and roles');
  dialog = page.getByRole('dialog', { name: `Members of ${name}` });
  const search = dialog.getByRole('combobox', { name: 'Add a member' });
  await search.pressSequentially('Omar');
  await page
    .getByRole('option', { name: /Omar Iqbal/ })
    .first()
    .click();
  await search.pressSequentially('Grace');
  const option = page.getByRole('option', { name: /Grace/ }).first();
  const grace = (await option.innerText()).split(' · ')[0]!.trim();
  expect(grace).toMatch(/^Grace /);
  await option.click();
  await expect(dialog.getByText('2 members')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Role of Omar Iqbal' }).click();
  await page.getByRole('option', { name: 'Lead', exact: true }).click();
  await dialog.getByRole('combobox', { name: `Role of ${grace}` }).click();
  await page.getByRole('option', { name: 'Product owner', exact: true }).click();
  await snapshot(page, 'team-members-dialog', 'light');
  await teams.save(dialog, 'Save members', 'Members saved');

  let row = await teams.reloadAndFind(name, { search: stamp });
  const cells = row.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('2');
  await expect(cells.nth(2)).toHaveText('Omar Iqbal');
  await expect(cells.nth(3)).toHaveText(grace);
  await expect(cells.nth(4)).toHaveText('Active');
  await snapshot(page, 'teams', 'light');
  await chooseRowAction(page, row, name, 'Members and roles');
  dialog = page.getByRole('dialog', { name: `Members of ${name}` });
  await expect(dialog.getByRole('combobox', { name: 'Role of Omar Iqbal' })).toHaveText('Lead');
  await expect(dialog.getByRole('combobox', { name: `Role of ${grace}` })).toHaveText('Product owner');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Bad names: said under the field, nothing saved.
  await chooseRowAction(page, row, name, 'Rename');
  dialog = page.getByRole('dialog', { name: `Rename ${name}` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Web');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A team with this name already exists.')).toBeVisible();
  // Said once: under the field, not again above the form.
  await expect(dialog.locator('.fui-MessageBar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  row = await teams.reloadAndFind(name, { search: stamp });

  // Deactivated after a confirmation: gone from the active teams, listed among the inactive ones.
  await chooseRowAction(page, row, name, 'Deactivate');
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('Members and roles are kept until you reactivate it.');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await teams.expectToast('Team deactivated');
  await page.reload();
  await teams.waitForRows();
  await teams.search(stamp);
  await expect(page.getByText(`No results for “${stamp}”`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Inactive teams' }).click();
  row = teams.row(name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toHaveText('Inactive');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Omar Iqbal');
  // The refused duplicate is the only error Chromium logs.
  expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});
