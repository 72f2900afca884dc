/**
 * The form dialogs that had no test that saves, reloads and sees the value: change password, the employee
 * dialog (edit) and the device dialog (add, then edit; a push device's network). Each also shows its early field
 * messages once.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

/** A seeded Employee no other spec signs in as (server/src/seed/demo.ts): their password may change here. */
const TARA = { email: 'tara.novak@northwind.example', name: 'Tara Novak' };
const NEW_PASSWORD = 'Changed#Pass2030';

test('change password: the new password signs in after a reload, the old one no longer does', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(TARA.email, DEMO_PASSWORD);
  await frame.expectSignedInAs(TARA.name);
  await frame.userMenu().click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  // Field messages wait for the field to be left or for the submit.
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toContainText('Enter your current password');
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('textbox', { name: /^New password/ }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await expect(dialog).toContainText('Passwords do not match');
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await expect(dialog).not.toContainText('Passwords do not match');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await frame.expectSignedInAs(TARA.name);
  await frame.signOut();
  await loginPage.enterEmail(TARA.email);
  await loginPage.enterPassword(DEMO_PASSWORD);
  await expect(loginPage.errorMessage()).toHaveText('E-mail or password is incorrect');
  await loginPage.signIn(TARA.email, NEW_PASSWORD);
  await frame.expectSignedInAs(TARA.name);

  // Back to the demo password, through the same dialog, for whatever runs next in this worker.
  await frame.userMenu().click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await dialog.getByLabel('Current password').fill(NEW_PASSWORD);
  await dialog.getByRole('textbox', { name: /^New password/ }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('employee dialog: edited fields are kept after a reload', async ({
  loginPage,
  directory,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await directory.open();
  const employee = await directory.addUniqueEmployee('Edit Me', 'ED');

  const openEdit = async (name: string) => {
    await directory.search(employee.email);
    await expect(directory.rows()).toHaveCount(1);
    return directory.openEdit(name);
  };

  let dialog = await openEdit(employee.name);
  // A rule message shows once the field is left, and goes with the fix.
  await dialog.getByLabel('Full name').fill('');
  await dialog.getByLabel('Full name').blur();
  await expect(dialog).toContainText('Enter the employee’s name');
  const renamed = `${employee.name} Renamed`;
  await dialog.getByLabel('Full name').fill(renamed);
  await expect(dialog).not.toContainText('Enter the employee’s name');
  await dialog.getByLabel('Employee ID').fill(`${employee.employeeId}-2`);
  await dialog.getByLabel('Date of joining').fill('2030-01-15');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await directory.waitForRows();
  dialog = await openEdit(renamed);
  await expect(dialog.getByLabel('Full name')).toHaveValue(renamed);
  await expect(dialog.getByLabel('Employee ID')).toHaveValue(`${employee.employeeId}-2`);
  await expect(dialog.getByLabel('Date of joining')).toHaveValue('2030-01-15');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('device dialog: an added device and its edits are kept after a reload', async ({
  loginPage,
  devices,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await devices.open();
  const stamp = Date.now().toString(36).toUpperCase();
  const device = { name: `Gate ${stamp}`, serialNo: `DLG${stamp}`, ipAddress: '10.0.0.7', port: 4370, timeZone: '' };

  const dialog = await devices.openAddDialog();
  await devices.fillDevice(dialog, device);
  await dialog.getByRole('textbox', { name: 'Port', exact: true }).fill('');
  await dialog.getByRole('textbox', { name: 'Port', exact: true }).blur();
  await expect(dialog).toContainText('A port from 1 to 65535');
  await dialog.getByRole('textbox', { name: 'Port', exact: true }).fill('4371');
  await dialog.getByRole('button', { name: 'Add device' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await devices.search(device.serialNo);
  await expect(devices.row(device.name)).toContainText('10.0.0.7:4371');

  let edit = await devices.openEdit(device.name);
  const renamed = `${device.name} North`;
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await edit.getByRole('textbox', { name: 'IP address or host name' }).fill('10.0.0.8');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await devices.search(device.serialNo);
  await expect(devices.row(renamed)).toContainText('10.0.0.8:4371');
  edit = await devices.openEdit(renamed);
  await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(renamed);
  await expect(edit.getByRole('textbox', { name: 'Port', exact: true })).toHaveValue('4371');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expect(consoleErrors).toEqual([]);
});

test('device dialog: a push device’s network is kept after a reload, changed, and removed when emptied', async ({
  loginPage,
  devices,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await devices.open();
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Branch ${stamp}`;
  const network = (dialog: ReturnType<typeof page.getByRole>) =>
    dialog.getByRole('textbox', { name: 'Network it may push from' });

  const dialog = await devices.openAddDialog();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill(`NET${stamp}`);
  await dialog.getByRole('radio', { name: 'Pushed by the device over ADMS' }).check();
  await network(dialog).fill('10.20.0.0/16');
  await dialog.getByRole('button', { name: 'Add device' }).click();
  await expect(dialog).toBeHidden();

  const openEdit = async () => {
    await page.reload();
    await devices.search(`NET${stamp}`);
    return devices.openEdit(name);
  };
  let edit = await openEdit();
  await expect(network(edit)).toHaveValue('10.20.0.0/16');
  await network(edit).fill('10.20.30.0/24');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  edit = await openEdit();
  await expect(network(edit)).toHaveValue('10.20.30.0/24');
  // Emptied on edit, the binding goes: every upload is then held for approval.
  await network(edit).fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  edit = await openEdit();
  await expect(network(edit)).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expect(consoleErrors).toEqual([]);
});
