/**
 * The Project Hub (docs/projects.md), as a product owner uses it: adds a project (a taken name is refused),
 * connects it to a Jira stand-in started here (tools/tracker-sim; a wrong token is refused with Jira's
 * reason), syncs every sprint and follows the progress, reads the Sprint View and the PBI View, keeps a
 * sprint's data points, ignores a task with a reason, staffs the project; every value is there again after
 * a reload.
 */
import { jiraDemoData, startJiraSim, type JiraSim } from '../tools/tracker-sim/jira.js';
import { DEMO_PASSWORD, expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { figure } from './pages/figures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** A seeded Product Owner (server/src/seed/demo.ts), of team Web. */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example', name: 'Isha Lopez' };

let jira: JiraSim;
test.beforeAll(async () => {
  jira = await startJiraSim(jiraDemoData(), { pageSize: 2 });
});
test.afterAll(async () => {
  await jira.close();
});

test('a product owner adds a project, connects it to Jira, syncs it, and keeps sprint data, ignores and members', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await new AppFrame(page).openPage('Project Hub');
  await expect(page).toHaveURL(/\/project\/management$/);

  // The team dashboard above the list counts what the product owner sees.
  const counts = async () => ({
    total: await figure(page, 'Project counts', 'Projects'),
    billable: await figure(page, 'Project counts', 'Billable'),
  });
  const before = await counts();

  // Add: the form names what is missing, then saves and opens the project.
  const stamp = Date.now().toString(36);
  const name = `Web Platform ${stamp}`;
  await page.getByRole('button', { name: 'Add project' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(dialog.getByText('Complete all project details')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Tracker address').fill(jira.url);
  await dialog.getByLabel('Project key').fill('WEB');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Fixed scope' }).click();
  await dialog.getByLabel('Description').fill('The customer web experience.');
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByText('Project added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/project\/management\/\d+\/overview$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const projectUrl = page.url();

  // The creator owns it; the same name again is refused, naming the field.
  await page.getByRole('main').getByRole('button', { name: 'Project Hub' }).click();
  await expect.poll(counts).toEqual({ total: before.total + 1, billable: before.billable + 1 });
  await snapshot(page, 'projects', 'light');
  await page.getByRole('button', { name: 'Add project' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Name').fill(name.toLowerCase());
  await dialog.getByLabel('Tracker address').fill('other.example');
  await dialog.getByLabel('Project key').fill('OTHER');
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(dialog.getByText('A project with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(projectUrl);

  // Connect: a wrong token is refused with the tracker's reason and nothing is kept.
  const tracker = page.getByRole('region', { name: 'Tracker' });
  await tracker.getByRole('button', { name: 'Connect to tracker' }).click();
  dialog = page.getByRole('dialog', { name: `Connect ${name}` });
  await dialog.getByLabel('Account e-mail').fill('po@northwind.example');
  await dialog.getByLabel('API token').fill('not-the-token');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(
    dialog.getByText(
      'Failed to connect the project: the tracker refused the account or token (wrong, expired or revoked)',
    ),
  ).toBeVisible();
  await dialog.getByLabel('API token').fill('jira-demo-token');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Project connected', { exact: true })).toBeVisible();
  await expect(tracker.getByText('Jira as po@northwind.example')).toBeVisible();
  await expect(tracker.getByText('Project in the tracker: Web Platform')).toBeVisible();

  // Sync every sprint; the card follows it to the end.
  await tracker.getByRole('button', { name: 'Sync all sprints' }).click();
  await expect(tracker.getByText(/Synced .*: \d+ items from 2 sprints/)).toBeVisible();
  // What the sync read shows without a reload, and again after one.
  await expect(page.getByRole('article', { name: 'WEB Sprint 1' })).toBeVisible();
  await page.reload();
  const sprint1 = page.getByRole('article', { name: 'WEB Sprint 1' });
  const sprint2 = page.getByRole('article', { name: 'WEB Sprint 2' });
  await expect(sprint2).toContainText('Active');
  await expect(sprint2).toContainText('Customers find their past orders');
  await expect(sprint1).toContainText('2 backlog items, 4 tasks');
  await snapshot(page, 'project-sprints', 'light');

  // The sprint's data points: saved, and there after a reload.
  await sprint1.getByRole('button', { name: 'Edit WEB Sprint 1' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit WEB Sprint 1' });
  await dialog.getByLabel('QA kickback (%)').fill('25');
  await dialog.getByLabel('UAT kickback (%)').fill('5');
  await dialog.getByLabel('Carry-overs (%)').fill('10');
  await dialog.getByRole('combobox', { name: 'Quality test result' }).click();
  await page.getByRole('option', { name: 'Passed' }).click();
  await dialog.getByRole('button', { name: 'Save sprint' }).click();
  await expect(page.getByText('Sprint saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(sprint1).toContainText('25%');
  await expect(sprint1).toContainText('5%');
  await expect(sprint1).toContainText('10%');
  await expect(sprint1).toContainText('Passed');

  // The PBI View: searchable, with participants.
  await page.getByRole('tab', { name: 'PBI View' }).click();
  const pbis = page.getByRole('table', { name: 'Backlog items' });
  await page.getByRole('searchbox').fill('checkout');
  await expect(pbis.locator('tbody tr')).toHaveCount(1);
  await expect(pbis.locator('tbody tr').first()).toContainText('WEB-2');
  await expect(pbis.locator('tbody tr').first()).toContainText('Omar Iqbal');

  // Tasks: one ignored with a reason after a confirmation; it stays ignored after a reload.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  const tasks = page.getByRole('table', { name: 'Tasks' });
  await page.getByRole('searchbox').fill('WEB-3');
  const apiTask = tasks.locator('tbody tr').filter({ hasText: 'Guest checkout API' });
  await expect(apiTask).toContainText('Done');
  await expect(apiTask).toContainText('Omar Iqbal');
  await apiTask.getByRole('button', { name: 'Ignore WEB-3' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Ignore 1 task?' });
  await confirm.getByRole('radio', { name: 'Outside Scope' }).check();
  await confirm.getByRole('button', { name: 'Ignore' }).click();
  await expect(page.getByText('1 task ignored', { exact: true }).first()).toBeVisible();
  await page.reload();
  await page.getByRole('searchbox').fill('WEB-3');
  await expect(apiTask).toContainText('Ignored');
  await expect(apiTask).toContainText('Outside Scope');
  await snapshot(page, 'project-tasks', 'light');

  // Team: a member with an allocation, kept after a reload; the tracker's people matched by e-mail.
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Edit members' }).first().click();
  dialog = page.getByRole('dialog', { name: `Members of ${name}` });
  await dialog.getByRole('combobox', { name: 'Add a member' }).pressSequentially('Omar');
  await page
    .getByRole('option', { name: /Omar Iqbal/ })
    .first()
    .click();
  await dialog.getByRole('spinbutton', { name: 'Allocation of Omar Iqbal (%)' }).fill('60');
  await dialog.getByRole('button', { name: 'Save members' }).click();
  await expect(page.getByText('Members saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.locator('tbody tr').filter({ hasText: 'Omar Iqbal' })).toContainText('60%');
  await expect(members.locator('tbody tr').filter({ hasText: PRODUCT_OWNER.name })).toContainText('Product owner');
  const people = page.getByRole('table', { name: 'People in the tracker' });
  await expect(people.locator('tbody tr').filter({ hasText: 'ayesha.fischer20@northwind.example' })).toContainText(
    'Ayesha Fischer',
  );
  await snapshot(page, 'project-team', 'light');

  // A tracker person mapped by hand (after their e-mail match is removed) stays so after a reload.
  const grace = people.locator('tbody tr').filter({ hasText: 'Grace Castillo' });
  await grace.getByRole('button', { name: 'Remove the mapping of Grace Castillo' }).click();
  await expect(grace).toContainText('Not matched');
  await grace.getByRole('button', { name: 'Map Grace Castillo to an employee' }).click();
  dialog = page.getByRole('dialog', { name: 'Map Grace Castillo to an employee' });
  await dialog.getByRole('combobox', { name: 'Employee' }).pressSequentially('Grace');
  await page
    .getByRole('option', { name: /Grace Castillo/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Participant mapped', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(grace).toContainText('Mapped by hand');

  // The project's own details, edited, are there after a reload.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Description').fill('Checkout and order history.');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Project updated', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Checkout and order history.')).toBeVisible();
  await expect(page.getByText('Monthly', { exact: true })).toBeVisible();

  // The refusals asked for: the taken name (409) and the wrong token (400).
  expect(consoleErrors.filter((e) => !/status of (409|400)/.test(e))).toEqual([]);
});
