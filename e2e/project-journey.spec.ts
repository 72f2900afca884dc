/**
 * The Project Hub's whole journey (issue #15's "done means", docs/projects.md), as a product owner and a
 * client live it: the product owner adds a project, connects it to a Jira stand-in started here
 * (tools/tracker-sim), syncs its sprints and tasks, gives feedback on a task from the Tasks tab, and sends a
 * client a link to rate a synced sprint; the client opens it signed out and rates it; the product owner sees
 * the client's ratings on the sprint graph; the same link again is refused. Only the client's membership of
 * the project is set through the API (a product owner's member picker lists colleagues, not clients).
 */
import { request as apiRequest } from '@playwright/test';
import { jiraDemoData, startJiraSim, type JiraSim } from '../tools/tracker-sim/jira.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** A seeded Product Owner (server/src/seed/demo.ts). */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example', name: 'Isha Lopez' };
/** A sub-task of the stand-in's first sprint, assigned to Omar Iqbal, a demo employee matched by e-mail. */
const TASK = { ref: 'WEB-3', name: 'Guest checkout API' };

type Employee = { id: number; name: string; email: string; status: string; roles: { name: string }[] };

let jira: JiraSim;
test.beforeAll(async () => {
  jira = await startJiraSim(jiraDemoData());
});
test.afterAll(async () => {
  await jira.close();
});

/** The administrator adds a client of the company to the project (the product owner stays its owner). */
async function addClient(baseURL: string, projectId: number): Promise<Employee> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const session = await api.post('/api/auth/sign-in', { data: { email: ADMIN.email, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${((await session.json()) as { accessToken: string }).accessToken}` };
    const people = (await (await api.get('/api/employees?pageSize=100', { headers })).json()) as { items: Employee[] };
    const owner = people.items.find((e) => e.email === PRODUCT_OWNER.email)!;
    const client = people.items.find((e) => e.status === 'active' && e.roles.some((r) => r.name === 'Client'))!;
    expect(client, 'a seeded active client').toBeTruthy();
    const staffed = await api.put(`/api/projects/${projectId}/members`, {
      headers,
      data: {
        members: [
          { employeeId: owner.id, role: 'product-owner', allocation: 50 },
          { employeeId: client.id, role: 'member', allocation: 0 },
        ],
      },
    });
    expect(staffed.status(), await staffed.text()).toBe(200);
    return client;
  } finally {
    await api.dispose();
  }
}

test('a product owner runs a project from its tracker to a client’s rating of a synced sprint', async ({
  page,
  consoleErrors,
  newContext,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await new AppFrame(page).openPage('Project Hub');

  // Add the project; it opens on its Overview.
  const name = `Checkout ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add project' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Tracker address').fill(jira.url);
  await dialog.getByLabel('Project key').fill('WEB');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(page).toHaveURL(/\/project\/management\/\d+\/overview$/);
  const projectId = Number(/management\/(\d+)\//.exec(page.url())![1]);

  // Connect it to Jira and sync every sprint.
  const tracker = page.getByRole('region', { name: 'Tracker' });
  await tracker.getByRole('button', { name: 'Connect to tracker' }).click();
  dialog = page.getByRole('dialog', { name: `Connect ${name}` });
  await dialog.getByLabel('Account e-mail').fill('po@northwind.example');
  await dialog.getByLabel('API token').fill('jira-demo-token');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(tracker.getByText('Jira as po@northwind.example')).toBeVisible();
  await tracker.getByRole('button', { name: 'Sync all sprints' }).click();
  await expect(tracker.getByText(/Synced .*: \d+ items from 2 sprints/)).toBeVisible();
  await expect(page.getByRole('article', { name: 'WEB Sprint 1' })).toBeVisible();

  // Feedback on a synced task, from the Tasks tab, to its assignee.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: `Give feedback on ${TASK.ref}` }).click();
  await expect(page).toHaveURL(/\/task\/\d+\/give$/);
  await expect(page.getByText(`${TASK.ref} · ${TASK.name}`)).toBeVisible();
  await expect(page.getByTestId('task-receiver')).toHaveText('Feedback goes to Omar Iqbal');
  await new FeedbackPage(page).rate('Clarity', 5);
  const comment = `Clean API, well tested ${Date.now().toString(36)}`;
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Feedback sent' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('task-feedback-card').filter({ hasText: comment })).toBeVisible();

  // A client of the project is asked to rate the synced sprint; the link is shown once to copy.
  const client = await addClient(baseURL!, projectId);
  await page.goto(`/project/management/${projectId}/feedback`);
  await page.getByRole('button', { name: 'Request client feedback' }).click();
  dialog = page.getByRole('dialog', { name: 'Request client feedback' });
  await dialog.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: new RegExp(client.name) }).click();
  await dialog.getByRole('combobox', { name: 'Sprint' }).click();
  await page.getByRole('option', { name: 'WEB Sprint 1' }).click();
  await dialog.getByRole('button', { name: 'Send link' }).click();
  dialog = page.getByRole('dialog', { name: 'Link sent' });
  const link = await dialog.getByTestId('client-link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The client, signed out in a browser of their own, rates the sprint once.
  const clientPage = await (await newContext()).newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByText('Sprint: WEB Sprint 1')).toBeVisible();
  for (const [metric, stars] of [
    ['Overall', 5],
    ['Quality', 4],
    ['Value for money', 4],
  ] as const)
    await clientPage
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(stars - 1)
      .check({ force: true });
  await clientPage.getByLabel('Comment (optional)').fill('The new checkout works for our customers.');
  await clientPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(clientPage.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  // The product owner sees the client's ratings on the sprint graph and in the list.
  await page.reload();
  await expect(page.getByTestId('sprint-feedback-graph')).toBeVisible();
  await expect(page.getByTestId('client-average').getByRole('definition')).toHaveText(['5 / 5', '4 / 5', '4 / 5']);
  await expect(
    page
      .getByRole('table', { name: 'Project feedback' })
      .getByRole('row', { name: /WEB Sprint 1.*Client.*The new checkout works for our customers/ }),
  ).toBeVisible();
  await snapshot(page, 'project-journey-feedback', 'light');

  // The link spent, a second visit is refused.
  const again = await (await newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
