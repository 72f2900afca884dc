/**
 * People pickers as people use them: typing a name key by key. Fluent's combobox clears its selection on the
 * first key that no longer matches it, and a picker that reset its search on that event threw every letter
 * away (the Overview's "Whose overview" showed "Me" again after each key). Checked on the Overview and on
 * the Month view, the two pickers that search as one types.
 */
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';

test('typing a name key by key in a people picker keeps the text and offers the matches', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  const firstName = EMPLOYEE.name.split(' ')[0]!;

  await page.goto('/overview');
  const whose = page.getByRole('combobox', { name: 'Whose overview' });
  await whose.clear();
  await whose.pressSequentially('Engin', { delay: 50 });
  await expect(whose).toHaveValue('Engin');
  await page.getByRole('option', { name: 'Engineering', exact: true }).click();
  await expect(page).toHaveURL(/functionId=\d+/);
  await expect(page.getByRole('heading', { name: 'Feedback overview: Engineering' })).toBeVisible();

  await page.goto('/month-view');
  const employee = page.getByRole('combobox', { name: 'Employee' });
  await employee.clear();
  await employee.pressSequentially(firstName, { delay: 50 });
  await expect(employee).toHaveValue(firstName);
  await page.getByRole('option', { name: EMPLOYEE.name }).first().click();
  await expect(employee).toHaveValue(EMPLOYEE.name);
  expect(consoleErrors).toEqual([]);
});
