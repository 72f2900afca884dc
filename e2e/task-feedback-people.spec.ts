/**
 * Whose task feedback (docs/projects.md "Task feedback"): the administrator, who holds
 * view-task-feedback-all-employees in the demo, picks the Web team's product owner on /task and sees her
 * tasks of the demo's Web Storefront project (server/src/seed/demo-task-feedback.ts); the choice is in the
 * address, so a reload keeps it; "Me" brings back their own. The Task Feedback overview picks the same way.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';

/** The Web team's product owner; in the demo she received feedback on SHOP-106. */
const PERSON = 'Isha Lopez';
const HER_TASK = 'Wishlist: share by link';
/** One of the administrator's own tasks. */
const MY_TASK = 'Account: export order history as CSV';

test('the administrator picks whose task feedback to read on /task and the overview; a reload keeps it', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await page.goto('/task');
  await expect(page.getByRole('heading', { level: 1, name: 'Task feedback' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: MY_TASK })).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Whose tasks' });
  await expect(picker).toHaveValue('Me');
  await picker.click();
  await picker.fill('isha');
  await page.getByRole('option', { name: PERSON }).click();
  await expect(page).toHaveURL(/\/task\?employeeId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Task feedback of ${PERSON}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: HER_TASK })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: MY_TASK })).toHaveCount(0);

  // A reload keeps whose tasks they are.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Task feedback of ${PERSON}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Whose tasks' })).toHaveValue(PERSON);
  await expect(page.getByRole('row').filter({ hasText: HER_TASK })).toBeVisible();
  const url = new URL(page.url());

  // "Me" brings back one's own.
  await page.getByRole('combobox', { name: 'Whose tasks' }).click();
  await page.getByRole('option', { name: 'Me', exact: true }).click();
  await expect(page).toHaveURL(/\/task$/);
  await expect(page.getByRole('row').filter({ hasText: MY_TASK })).toBeVisible();

  // The Task Feedback overview of the same person, by address.
  await page.goto(`/overview?kind=task&${url.searchParams.toString()}`);
  await expect(page.getByText(`The feedback ${PERSON} received on their tasks`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Whose tasks' })).toHaveValue(PERSON);
  await expect(page.getByRole('link', { name: new RegExp(HER_TASK) })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
