/**
 * A backlog item's page (docs/projects.md "Pages", issue #15): a product owner opens a PBI from the PBI View,
 * sees it unrated, rates it from its page (the rating dialog opened on the item), reloads and sees her rating
 * in the list and the product owners' average; "Request client feedback" opens with the item preselected; an
 * unknown item reads as not found. The project, its members, its tracker connection (a Jira stand-in started
 * here, tools/tracker-sim) and the sync that brings its sprints and PBIs are set up through the API.
 */
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { jiraDemoData, startJiraSim, type JiraSim } from '../tools/tracker-sim/jira.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** A seeded Product Owner (server/src/seed/demo.ts). */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example', name: 'Isha Lopez' };

type Employee = { id: number; name: string; email: string; status: string; roles: { name: string }[] };

let jira: JiraSim;
test.beforeAll(async () => {
  jira = await startJiraSim(jiraDemoData(), { pageSize: 2 });
});
test.afterAll(async () => {
  await jira.close();
});

async function ok<T>(answer: ReturnType<APIRequestContext['get']>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

test('a product owner opens a PBI from the PBI View, rates it there and sees the product owners’ average', async ({
  page,
  consoleErrors,
  baseURL,
}) => {
  // The whole flow, then a rating changed (and in the Feedback tab a link revoked), each seen after a reload.
  test.setTimeout(180_000);
  // Set up: a project with the product owner and a client, connected to the Jira stand-in and synced.
  const api = await apiRequest.newContext({ baseURL: baseURL! });
  const session = await api.post('/api/auth/sign-in', { data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await session.json()) as { accessToken: string }).accessToken}` };
  const people = await ok<{ items: Employee[] }>(api.get('/api/employees?pageSize=100', { headers }));
  const owner = people.items.find((e) => e.email === PRODUCT_OWNER.email)!;
  const client = people.items.find((e) => e.status === 'active' && e.roles.some((r) => r.name === 'Client'))!;
  const stamp = Date.now().toString(36);
  const name = `Checkout ${stamp}`;
  const project = await ok<{ id: number }>(
    api.post('/api/projects', { headers, data: { name, url: jira.url, key: 'WEB', type: 'fixed-scope' } }),
    201,
  );
  await ok(
    api.put(`/api/projects/${project.id}/members`, {
      headers,
      data: {
        members: [
          { employeeId: owner.id, role: 'product-owner', allocation: 50 },
          { employeeId: client.id, role: 'member', allocation: 0 },
        ],
      },
    }),
  );
  await ok(
    api.put(`/api/projects/${project.id}/connection`, {
      headers,
      data: { tool: 'jira', user: 'po@northwind.example', token: 'jira-demo-token' },
    }),
  );
  await ok(api.post(`/api/projects/${project.id}/syncs`, { headers, data: {} }), 202);
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/projects/${project.id}/syncs/latest`, { headers })).json()) as { state: string })
          .state,
      { timeout: 30_000 },
    )
    .toBe('done');
  await api.dispose();

  // The product owner opens WEB-2 from the PBI View.
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await page.goto(`/project/management/${project.id}/overview`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('tab', { name: 'PBI View' }).click();
  const pbis = page.getByRole('table', { name: 'Backlog items' });
  await page.getByRole('searchbox').fill('checkout');
  await expect(pbis.locator('tbody tr')).toHaveCount(1);
  const open = pbis.getByRole('link', { name: /^Open WEB-2 / });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/management/${project.id}/pbi/\\d+$`));
  const itemUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: /^WEB-2 / })).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open WEB-2 in the tracker' })).toHaveAttribute('href', /WEB-2/);
  await expect(page.getByRole('definition').filter({ hasText: 'Omar Iqbal' })).toBeVisible();
  const owners = page.getByTestId('pbi-owners-average');
  await expect(owners).toContainText('Not rated yet');
  await expect(page.getByTestId('pbi-client-average')).toContainText('Not rated yet');
  await expect(page.getByText('No feedback on this item yet')).toBeVisible();

  // "Request client feedback" opens on this item; closed without sending.
  await page.getByRole('button', { name: 'Request client feedback' }).click();
  let dialog = page.getByRole('dialog', { name: 'Request client feedback' });
  await expect(dialog.getByRole('combobox', { name: /Backlog item/ })).toHaveText(/^WEB-2 /);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // She rates it: the dialog is on WEB-2 already.
  await page.getByRole('button', { name: 'Rate this item' }).click();
  dialog = page.getByRole('dialog', { name: 'Your rating' });
  await expect(dialog.getByRole('combobox', { name: 'Backlog item' })).toHaveText(/^WEB-2 /);
  const rate = async (metric: string, stars: number) =>
    dialog
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(stars - 1)
      .check({ force: true });
  await rate('Overall', 5);
  await rate('Quality', 4);
  await rate('Value for money', 3);
  await dialog.getByLabel('Comment').fill('Guest checkout works as agreed.');
  await dialog.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByText('Rating saved', { exact: true })).toBeVisible();

  // After a reload: her rating in the list and the product owners' average; still no client's.
  await page.reload();
  await expect(owners).toContainText('1 rating');
  await expect(owners.getByRole('definition')).toHaveText(['5 / 5', '4 / 5', '3 / 5']);
  await expect(page.getByTestId('pbi-client-average')).toContainText('Not rated yet');
  const list = page.getByRole('table', { name: 'Feedback on WEB-2' });
  await expect(
    list.getByRole('row', { name: new RegExp(`${PRODUCT_OWNER.name}.*Product owner.*Guest checkout works as agreed`) }),
  ).toBeVisible();
  await snapshot(page, 'pbi-detail', 'light');

  // She changes her rating of WEB-2: the dialog loads it, she saves new values; after a reload they show.
  await page.getByRole('button', { name: 'Rate this item' }).click();
  dialog = page.getByRole('dialog', { name: 'Your rating' });
  await expect(dialog.getByText(/^You rated this on /)).toBeVisible();
  const comment = dialog.getByLabel('Comment');
  await expect(comment).toHaveValue('Guest checkout works as agreed.');
  const radio = (metric: string, stars: number) =>
    dialog
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(stars - 1);
  await expect(radio('Overall', 5)).toBeChecked();
  await radio('Overall', 2).check({ force: true });
  await radio('Quality', 3).check({ force: true });
  await radio('Value for money', 4).check({ force: true });
  await comment.fill('Guest checkout loses the basket on a slow network.');
  await dialog.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByText('Rating saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(owners).toContainText('1 rating');
  await expect(owners.getByRole('definition')).toHaveText(['2 / 5', '3 / 5', '4 / 5']);
  await expect(
    list.getByRole('row', {
      name: new RegExp(`${PRODUCT_OWNER.name}.*Product owner.*Guest checkout loses the basket on a slow network`),
    }),
  ).toBeVisible();
  await expect(list.getByText('Guest checkout works as agreed.')).toHaveCount(0);

  // Back to the project; an unknown item reads as not found.
  await page.getByRole('button', { name: `Back to ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/project/management/${project.id}/overview$`));
  await page.goto(itemUrl.replace(/\d+$/, '999999'));
  await expect(page.getByRole('heading', { name: 'Backlog item not found' }).first()).toBeVisible();

  // The unknown item's 404 was asked for.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
