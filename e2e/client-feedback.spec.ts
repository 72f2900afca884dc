/**
 * Client feedback by link (docs/projects.md, "Project and sprint feedback"): a product owner asks a client to
 * rate a sprint from the project's Feedback tab and copies the link; the client opens it in a fresh, signed-out
 * browser, rates overall, quality and value for money with a comment and sends it; the product owner reloads
 * and sees the client's ratings in the sprint graph's averages and the list; the same link opened again says it
 * was already used. The project, its members and sprints are set up through the API.
 */
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** A seeded Product Owner (server/src/seed/demo.ts). */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example', name: 'Isha Lopez' };

type Employee = { id: number; name: string; email: string; status: string; roles: { name: string }[] };

async function asAdmin(baseURL: string) {
  const api = await apiRequest.newContext({ baseURL });
  const session = await api.post('/api/auth/sign-in', { data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  const token = ((await session.json()) as { accessToken: string }).accessToken;
  return { api, headers: { authorization: `Bearer ${token}` } };
}

async function ok<T>(answer: ReturnType<APIRequestContext['get']>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

test('a product owner sends a client link for a sprint; the client rates it signed out, once', async ({
  page,
  consoleErrors,
  newContext,
  baseURL,
}) => {
  // Set up: a project with the product owner and a seeded client as members, and two sprints.
  const { api, headers } = await asAdmin(baseURL!);
  const people = await ok<{ items: Employee[] }>(api.get('/api/employees?pageSize=100', { headers }));
  const owner = people.items.find((e) => e.email === PRODUCT_OWNER.email)!;
  const client = people.items.find((e) => e.status === 'active' && e.roles.some((r) => r.name === 'Client'))!;
  expect(client, 'a seeded active client').toBeTruthy();
  const stamp = Date.now().toString(36);
  const name = `Client Portal ${stamp}`;
  const project = await ok<{ id: number }>(
    api.post('/api/projects', {
      headers,
      data: { name, url: `portal-${stamp}.example`, key: 'CP', type: 'fixed-scope' },
    }),
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
  for (const [sprint, start, end, status] of [
    ['Sprint 1', '2030-05-13', '2030-05-24', 'closed'],
    ['Sprint 2', '2030-05-27', '2030-06-07', 'closed'],
  ] as const)
    await ok(
      api.post(`/api/projects/${project.id}/sprints`, {
        headers,
        data: { name: sprint, goal: `Goal of ${sprint}`, startDate: start, endDate: end, status },
      }),
      201,
    );
  await api.dispose();

  // The product owner asks the client about Sprint 1 and copies the link.
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await page.goto(`/project/management/${project.id}/feedback`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Feedback', selected: true })).toBeVisible();
  await expect(page.getByText('No sprint is rated yet')).toBeVisible();
  await page.getByRole('button', { name: 'Request client feedback' }).click();
  let dialog = page.getByRole('dialog', { name: 'Request client feedback' });
  await dialog.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: new RegExp(client.name) }).click();
  await dialog.getByRole('combobox', { name: 'Sprint' }).click();
  await page.getByRole('option', { name: 'Sprint 1' }).click();
  await dialog.getByRole('button', { name: 'Send link' }).click();
  dialog = page.getByRole('dialog', { name: 'Link sent' });
  await expect(dialog.getByText(`We e-mailed this link to ${client.name}.`)).toBeVisible();
  const link = await dialog.getByTestId('client-link').inputValue();
  expect(link).toMatch(/\/client-feedback\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByText(/Link copied|copy it by hand/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const links = page.getByRole('table', { name: 'Client feedback links' });
  await expect(links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 1.*Pending`) })).toBeVisible();

  // The client, signed out in another browser, rates the sprint and sends it.
  const clientPage = await (await newContext()).newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: 'Your feedback' })).toBeVisible();
  await expect(clientPage.getByText(`Project: ${name}`)).toBeVisible();
  await expect(clientPage.getByText('Sprint: Sprint 1')).toBeVisible();
  // Nothing of the app's frame: no navigation.
  await expect(clientPage.getByRole('navigation')).toHaveCount(0);
  // Sending without every rating names what is missing.
  await clientPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(clientPage.getByText('Rate overall, quality and value for money.')).toBeVisible();
  const rate = async (metric: string, stars: number) =>
    clientPage
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(stars - 1)
      .check({ force: true });
  await rate('Overall', 4);
  await rate('Quality', 5);
  await rate('Value for money', 3);
  await clientPage.getByLabel('Comment (optional)').fill('Sprint 1 delivered what we asked for.');
  await expect(clientPage.getByText('Rate overall, quality and value for money.')).toHaveCount(0);
  await snapshot(clientPage, 'client-feedback-page', 'light');
  await clientPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(clientPage.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  // The product owner reloads: the client's ratings are in the graph's averages, the list and the link's state.
  await page.reload();
  await expect(page.getByTestId('sprint-feedback-graph')).toBeVisible();
  const clientAverage = page.getByTestId('client-average');
  await expect(clientAverage).toContainText('1 rating');
  await expect(clientAverage.getByRole('definition')).toHaveText(['4 / 5', '5 / 5', '3 / 5']);
  await expect(page.getByTestId('owners-average')).toContainText('Not rated yet');
  await expect(page.getByTestId('feedback-count')).toHaveText('1 feedback');
  const list = page.getByRole('table', { name: 'Project feedback' });
  await expect(list.getByRole('row', { name: /Sprint 1.*Client.*Sprint 1 delivered what we asked for/ })).toBeVisible();
  await expect(links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 1.*Used`) })).toBeVisible();
  await snapshot(page, 'project-feedback-graph', 'light');
  await clientAverage.scrollIntoViewIfNeeded();
  await snapshot(page, 'project-feedback-averages', 'light');

  // The same link again is refused: already used.
  const again = await (await newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await expect(again.getByText('This feedback link was already used.', { exact: false })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
