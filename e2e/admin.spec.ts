import { ADMIN, ADMIN_NAV, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

test.describe('the demo administrator', () => {
  test('signs in, sees the admin sidebar, adds an employee in the directory and signs out', async ({
    loginPage,
    frame,
    directory,
    page,
    consoleErrors,
  }) => {
    await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
    await frame.expectSignedInAs(ADMIN.name);
    expect(await frame.navEntries()).toEqual(ADMIN_NAV);

    await directory.open();
    await expect(page).toHaveURL(/\/employee\/management$/);
    await expect(page.getByTestId('pager-range')).toHaveText(/^1–10 of 60$/);

    const employee = await directory.addUniqueEmployee('Zoe Tester', 'E2E');
    await directory.search(employee.email);
    await expect(directory.rows()).toHaveCount(1);
    await expect(directory.row(employee.name)).toContainText(employee.employeeId);
    await expect(directory.row(employee.name)).toContainText('Employee');
    await expect(directory.row(employee.name)).toContainText('Active');

    await frame.signOut();
    await expect(page.getByLabel('Work e-mail')).toBeVisible();
    // Signed out means signed out: a protected page sends us back to sign-in.
    await page.goto('/employee/management');
    await expect(page).toHaveURL(/\/login\?next=%2Femployee%2Fmanagement$/);
    expect(consoleErrors).toEqual([]);
  });

  test('changes an employee’s e-mail: it waits for confirmation at the new address, also after a reload', async ({
    loginPage,
    frame,
    directory,
    page,
    consoleErrors,
  }) => {
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await directory.open();
    const employee = await directory.addUniqueEmployee('Mo Mover', 'MV');
    await directory.search(employee.email);
    const row = directory.row(employee.name);
    await expect(row).toHaveCount(1);
    const newEmail = `mo.new.${employee.stamp}@northwind.example`;
    let dialog = await directory.openEdit(employee.name);
    await dialog.getByLabel('Work e-mail').fill(newEmail);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`the new e-mail ${newEmail} applies once`).first()).toBeVisible();
    // The directory keeps the old address until the new one is confirmed, after a reload too.
    await page.reload();
    await directory.search(employee.email);
    await expect(row).toHaveCount(1);
    dialog = await directory.openEdit(employee.name);
    await expect(dialog.getByLabel('Work e-mail')).toHaveValue(employee.email);
    await expect(dialog.getByText(`Pending confirmation at ${newEmail}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(consoleErrors).toEqual([]);

    // The confirmation form refuses a wrong code in place (Chromium logs the 400 answer).
    await frame.signOut();
    await page.getByRole('link', { name: 'Confirm a new e-mail' }).click();
    const form = page.getByRole('form', { name: 'Confirm your new e-mail' });
    await form.getByLabel('New work e-mail').fill(newEmail);
    await form.getByLabel('Code from the e-mail').fill('000000');
    await form.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await expect(form.getByText('The code is invalid or has expired.')).toBeVisible();
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  test('pages and sorts the directory and opens Roles & Permissions', async ({ loginPage, frame, directory, page }) => {
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await directory.open();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('pager-range')).toHaveText(/^11–20 of \d+$/);
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page.getByTestId('pager-range')).toHaveText(/^1–25 of \d+$/);
    await page.getByRole('columnheader', { name: 'ID', exact: true }).getByRole('button').click();
    await expect(directory.rows().first().locator('td').first()).toHaveText('1');

    // Deactivate and reactivate someone, each behind a confirmation.
    await directory.search('quinn');
    const quinn = directory.rows().first();
    await expect(quinn).toContainText('Quinn');
    const name = await directory.nameIn(quinn);
    await directory.chooseAction(name, 'Deactivate', quinn);
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate employee?' });
    await expect(confirm).toContainText(`${name} will be signed out everywhere`);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Employee deactivated', { exact: true }).first()).toBeVisible();
    await expect(quinn).toContainText('Inactive');
    await directory.chooseAction(name, 'Activate', quinn);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
    await expect(quinn).toContainText('Active');

    await frame.openPage('Roles & Permissions');
    const roles = page.getByRole('table', { name: 'Roles' });
    await expect(roles.locator('tbody tr').filter({ hasText: 'Default' })).toHaveCount(1);
    await expect(roles.locator('tbody tr').filter({ hasText: 'Default' })).toContainText('Employee');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots of the frame and the directory (${scheme})`, async ({ loginPage, frame, directory, page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
      await frame.expectSignedInAs(ADMIN.name);
      await snapshot(page, 'frame-home', scheme);
      await directory.open();
      await snapshot(page, 'directory', scheme);
      await page.getByRole('button', { name: 'Add employee' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Add employee' }).click();
      await snapshot(page, 'directory-add-dialog', scheme);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await frame.openPage('Roles & Permissions');
      await expect(page.getByRole('table', { name: 'Roles' }).locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
      await snapshot(page, 'roles', scheme);
      await page.getByRole('button', { name: 'Edit Employee' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Employee' });
      await dialog.getByRole('button', { name: /Personal feedback/ }).click();
      await snapshot(page, 'role-dialog', scheme);
    });
  }
});
