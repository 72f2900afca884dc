import { DEMO_PASSWORD, EMPLOYEE, EMPLOYEE_NAV, expect, test } from './fixtures.js';

test('an employee without admin permissions sees no admin entries and gets 403 from admin routes', async ({
  loginPage,
  frame,
  page,
  request,
  consoleErrors,
}) => {
  const token = await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await frame.expectSignedInAs(EMPLOYEE.name);
  expect(await frame.navEntries()).toEqual(EMPLOYEE_NAV);
  // Home's shortcuts offer his own workforce pages, never an administration page.
  await expect(page.getByRole('group', { name: 'Attendance', exact: true })).toBeVisible();
  for (const admin of [
    'Employee Directory',
    'Roles & Permissions',
    'Function Setup',
    'Feedback Management',
    'Biometric Devices',
    'Settings',
  ])
    await expect(page.getByRole('group', { name: admin, exact: true })).toHaveCount(0);

  // Typing the address does not open the page either.
  await page.goto('/employee/management');
  await expect(page.getByRole('heading', { name: 'You don’t have access to this page' })).toBeVisible();

  // And the API refuses the employee's own token on admin routes.
  for (const route of [
    '/api/employees',
    '/api/roles',
    '/api/permissions',
    '/api/functions',
    '/api/feedback-categories',
  ]) {
    const answer = await request.get(route, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status(), route).toBe(403);
    expect((await answer.json()).error.code).toBe('FORBIDDEN');
  }
  const created = await request.post('/api/employees', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Sneaky', email: 'sneaky@northwind.example' },
  });
  expect(created.status()).toBe(403);
  expect(consoleErrors).toEqual([]);
});

test('an unknown address shows the 404 page with a way back', async ({ loginPage, page }) => {
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
