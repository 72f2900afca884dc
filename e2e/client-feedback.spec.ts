/**
 * Client feedback by link (docs/projects.md, "Project and sprint feedback"): a product owner asks a client to
 * rate a sprint from the project's Feedback tab and copies the link; the client opens it in a fresh, signed-out
 * browser, rates overall, quality and value for money with a comment and sends it; the product owner reloads
 * and sees the client's ratings in the sprint graph's averages and the list; the same link opened again says it
 * was already used; the product owner's own try of a pending link, signed in, is refused and leaves it pending.
 * The project, its members and sprints are set up through the API.
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
  // The whole flow, then a rating changed (and in the Feedback tab a link revoked), each seen after a reload.
  test.setTimeout(180_000);
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
  await expect(dialog.getByTestId('client-link-not-emailed')).toHaveCount(0);
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
  // The client's rating says which link it came through, and who was given it.
  await expect(
    list.getByRole('row', { name: new RegExp(`${client.name}.*By link sent by ${PRODUCT_OWNER.name} on`) }),
  ).toBeVisible();

  // The product owner's earlier rating of Sprint 2 and a pending link for it (made through the API).
  const poApi = await apiRequest.newContext({ baseURL: baseURL! });
  const poSession = await poApi.post('/api/auth/sign-in', {
    data: { email: PRODUCT_OWNER.email, password: DEMO_PASSWORD },
  });
  const poHeaders = { authorization: `Bearer ${((await poSession.json()) as { accessToken: string }).accessToken}` };
  const sprints = await ok<{ items: { id: number; name: string }[] }>(
    poApi.get(`/api/projects/${project.id}/sprints`, { headers: poHeaders }),
  );
  const sprint2 = sprints.items.find((s) => s.name === 'Sprint 2')!;
  await ok(
    poApi.put(`/api/projects/${project.id}/feedback/mine`, {
      headers: poHeaders,
      data: { sprintId: sprint2.id, overall: 2, quality: 2, valueForMoney: 2, comment: 'First look at Sprint 2.' },
    }),
  );
  const pending = await ok<{ id: number; url: string; emailed: boolean }>(
    poApi.post(`/api/projects/${project.id}/client-links`, {
      headers: poHeaders,
      data: { clientId: client.id, sprintId: sprint2.id },
    }),
    201,
  );
  expect(pending.emailed).toBe(true);
  await poApi.dispose();

  // She changes her rating of Sprint 2: the dialog loads it, she saves new values; after a reload they show.
  await page.reload();
  await page.getByRole('button', { name: 'Rate a sprint' }).click();
  dialog = page.getByRole('dialog', { name: 'Your rating' });
  await dialog.getByRole('combobox', { name: 'Sprint' }).click();
  await page.getByRole('option', { name: 'Sprint 2' }).click();
  await expect(dialog.getByText(/^You rated this on /)).toBeVisible();
  const comment = dialog.getByLabel('Comment');
  await expect(comment).toHaveValue('First look at Sprint 2.');
  const radio = (metric: string, stars: number) =>
    dialog
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(stars - 1);
  await expect(radio('Overall', 2)).toBeChecked();
  await radio('Overall', 5).check({ force: true });
  await radio('Quality', 4).check({ force: true });
  await radio('Value for money', 3).check({ force: true });
  await comment.fill('Sprint 2 was better than it first looked.');
  await dialog.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByText('Rating saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('owners-average').getByRole('definition')).toHaveText(['5 / 5', '4 / 5', '3 / 5']);
  await expect(page.getByTestId('feedback-count')).toHaveText('2 feedbacks');
  await expect(
    list.getByRole('row', { name: /Sprint 2.*Product owner.*Sprint 2 was better than it first looked/ }),
  ).toBeVisible();
  await expect(list.getByText('First look at Sprint 2.')).toHaveCount(0);

  // She tries the pending link of Sprint 2 in her own, signed-in browser: the page opens (it needs no session),
  // but sending as her is refused with what to do, and the link stays the client's, still pending.
  const tryPage = await page.context().newPage();
  await tryPage.goto(pending.url);
  await expect(tryPage.getByText('Sprint: Sprint 2')).toBeVisible();
  for (const metric of ['Overall', 'Quality', 'Value for money'])
    await tryPage
      .getByRole('radiogroup', { name: `Rate ${metric}` })
      .getByRole('radio')
      .nth(0)
      .check({ force: true });
  await tryPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(
    tryPage.getByText(`This link is for ${client.name}, and you are signed in as someone else: sign out to use it.`),
  ).toBeVisible();
  await expect(tryPage.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
  await tryPage.close();
  await page.reload();
  await expect(links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 2.*Pending`) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(list.getByRole('row', { name: /Sprint 2.*Client/ })).toHaveCount(0);

  // She revokes the pending link of Sprint 2 after a confirmation; after a reload it shows revoked, and the
  // client's page says it was withdrawn.
  const pendingRow = links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 2.*Pending`) });
  await pendingRow.getByRole('button', { name: `Revoke link of ${client.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toHaveCount(0);
  await page.reload();
  // The links load last, below the list: given the time a busy machine needs.
  await expect(links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 2.*Revoked`) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(links.getByRole('row', { name: new RegExp(`${client.name}.*Sprint 2.*Pending`) })).toHaveCount(0);
  const withdrawn = await (await newContext()).newPage();
  await withdrawn.goto(pending.url);
  await expect(withdrawn.getByRole('heading', { name: 'This link was withdrawn' })).toBeVisible();
  await expect(withdrawn.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
