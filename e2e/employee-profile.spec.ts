/**
 * The employee form's profile fields (docs/workforce.md "Employee profile"): an administrator adds an employee
 * with the suggested employee ID, a job title, a manager, a location, an employment type and a phone; after a
 * reload the edit form shows each value; a new manager is saved and shown after another reload.
 */
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, LEAD, expect, test } from './fixtures.js';

test('an admin adds an employee with the suggested ID and the profile fields, then changes the manager', async ({
  loginPage,
  directory,
  page,
  consoleErrors,
}) => {
  await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
  await directory.open();
  const stamp = Date.now().toString(36);
  const name = `Paula Profile ${stamp}`;
  const email = `paula.${stamp}@northwind.example`;

  await page.getByRole('button', { name: 'Add employee' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await expect(dialog).toBeVisible();
  // Pre-filled with the next number after the highest employee ID, and said to be a suggestion.
  const employeeId = dialog.getByLabel('Employee ID');
  await expect(employeeId).toHaveValue(/\d$/);
  await expect(dialog.getByText('Suggested: the next number after the highest employee ID')).toBeVisible();
  const suggested = await employeeId.inputValue();
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Work e-mail').fill(email);
  await dialog.getByLabel('Job title').fill('Data analyst');
  const manager = dialog.getByRole('combobox', { name: 'Manager' });
  await manager.clear();
  await manager.pressSequentially(LEAD.name.split(' ')[0]!, { delay: 30 });
  await page.getByRole('option', { name: LEAD.name }).first().click();
  await expect(manager).toHaveValue(LEAD.name);
  await dialog.getByRole('textbox', { name: 'Location', exact: true }).fill('Lahore office');
  await dialog.getByRole('combobox', { name: 'Employment type' }).click();
  await page.getByRole('option', { name: 'NFTE' }).click();
  await dialog.getByLabel('Phone').fill('+92 (300) 123-4567');
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Employee added', { exact: true }).first()).toBeVisible();

  await page.reload();
  await directory.waitForRows();
  await directory.search(stamp);
  await expect(directory.row(email)).toContainText(suggested);
  let edit = await directory.openEdit(name, directory.row(email));
  await expect(edit.getByLabel('Employee ID')).toHaveValue(suggested);
  await expect(edit.getByLabel('Job title')).toHaveValue('Data analyst');
  await expect(edit.getByRole('combobox', { name: 'Manager' })).toHaveValue(LEAD.name);
  await expect(edit.getByRole('textbox', { name: 'Location', exact: true })).toHaveValue('Lahore office');
  await expect(edit.getByRole('combobox', { name: 'Employment type' })).toHaveText('NFTE');
  await expect(edit.getByLabel('Phone')).toHaveValue('+92 (300) 123-4567');

  const editManager = edit.getByRole('combobox', { name: 'Manager' });
  await editManager.clear();
  await editManager.pressSequentially(EMPLOYEE.name.split(' ')[0]!, { delay: 30 });
  await page.getByRole('option', { name: EMPLOYEE.name }).first().click();
  await expect(editManager).toHaveValue(EMPLOYEE.name);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await directory.waitForRows();
  await directory.search(stamp);
  edit = await directory.openEdit(name, directory.row(email));
  await expect(edit.getByRole('combobox', { name: 'Manager' })).toHaveValue(EMPLOYEE.name);
  await expect(edit.getByLabel('Job title')).toHaveValue('Data analyst');
  expect(consoleErrors).toEqual([]);
});
