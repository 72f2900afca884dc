/**
 * The feedback Overview as people use it (issue #12, docs/feedback.md "Overview"): the demo employee opens
 * the Overview tab and sees the overall rating, the trend, this week's count and the six-month chart; a
 * teammate gives them feedback through the API; after a reload the week's count has moved by one, and the
 * attribute's drill-down lists the new feedback. Their lead picks them in the Team Members group and sees
 * the same figures. A lead picks their team (Teams group) and the administrator a function (Functions
 * group): the page is titled by it, shows the figures the API gives for it, and keeps it through a reload
 * and a drill-down.
 */
import type { Page } from '@playwright/test';
import { ADMIN, AYESHA, DEMO_PASSWORD, EMPLOYEE, LEAD, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

test('the overview shows the figures and the chart, and a new feedback moves this week’s count', async ({
  loginPage,
  page,
  newContext,
  request,
  consoleErrors,
}) => {
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await page.goto('/received');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Feedback overview' })).toBeVisible();
  const overall = page.getByRole('group', { name: 'Overall rating' });
  await expect(overall.getByTestId('overall-rating')).toHaveText(/^\d\.\d{1,2}$/);
  await expect(overall).toContainText(/\d+(\.\d)?% rating/);
  await expect(page.getByRole('group', { name: 'Trend' })).toContainText(/Up|Down|No change/);
  const chart = page.getByRole('img', { name: 'Average rating per month over the last six months' });
  await expect(chart.locator('.recharts-line-curve')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Average rating per category' })).toBeVisible();
  const week = page.getByRole('group', { name: 'This week' });
  const before = Number(await week.getByTestId('week-count').textContent());
  await snapshot(page, 'feedback-overview', 'light');
  await page.getByRole('img', { name: 'Average rating per attribute' }).scrollIntoViewIfNeeded();
  await snapshot(page, 'feedback-overview-bars', 'light');

  // Ayesha gives Omar feedback on Clarity through the API.
  const ayesha = await (await newContext()).newPage();
  const token = await new LoginPage(ayesha).signIn(AYESHA.email, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const options = (await (await request.get('/api/feedback/options', { headers: auth })).json()) as {
    categories: { name: string; attributes: { id: number; name: string }[] }[];
  };
  const clarity = options.categories.flatMap((c) => c.attributes).find((a) => a.name === 'Clarity')!;
  const colleagues = (await (
    await request.get('/api/feedback/colleagues?searchText=Omar', { headers: auth })
  ).json()) as { items: { id: number; name: string }[] };
  const omar = colleagues.items.find((c) => c.name === EMPLOYEE.name)!;
  const comment = `Crisp release notes ${Date.now()}`;
  const given = await request.post('/api/feedback', {
    headers: auth,
    data: { receiverIds: [omar.id], ratings: [{ attributeId: clarity.id, rating: 5 }], comment },
  });
  expect(given.status()).toBe(201);

  await page.reload();
  await expect(week.getByTestId('week-count')).toHaveText(String(before + 1));
  await expect(week).toContainText(
    before + 1 === 1 ? 'You got 1 feedback this week.' : `You got ${before + 1} feedbacks this week.`,
  );

  // Drill down: Communication, then Clarity, which lists the new feedback.
  await page.getByRole('link', { name: 'Open Communication' }).click();
  await expect(page).toHaveURL(/\/overview\/category\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Communication' })).toBeVisible();
  await page.getByRole('link', { name: 'Open Clarity' }).click();
  await expect(page).toHaveURL(/\/received\/attribute\/\d+$/);
  await expect(page.getByRole('region', { name: 'Newest feedback rated on it' })).toContainText(comment);
  await snapshot(page, 'feedback-overview-attribute', 'light');

  // Their lead picks Omar among Team Members and reads the same week.
  const lead = await (await newContext()).newPage();
  await new LoginPage(lead).signIn(LEAD.email, DEMO_PASSWORD);
  await lead.goto('/overview');
  const picker = lead.getByRole('combobox', { name: 'Whose overview' });
  await picker.click();
  await picker.fill('Omar');
  await expect(lead.getByRole('group', { name: 'Team Members' })).toBeVisible();
  await lead.getByRole('option', { name: EMPLOYEE.name }).first().click();
  await expect(lead).toHaveURL(/employeeId=\d+/);
  await expect(lead.getByRole('group', { name: 'This week' })).toContainText(
    `${EMPLOYEE.name} got ${before + 1} feedback`,
  );
  await snapshot(lead, 'feedback-overview-lead', 'light');
  expect(consoleErrors).toEqual([]);
});

/** The overall rating and this week's count on the page equal the API's figures for the same address. */
async function expectFigures(page: Page, figures: { overallRating: number | null; weekCount: number }) {
  const overall = page.getByRole('group', { name: 'Overall rating' }).getByTestId('overall-rating');
  await expect(overall).toHaveText(
    figures.overallRating === null
      ? 'Not rated'
      : figures.overallRating.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 2 }),
  );
  await expect(page.getByRole('group', { name: 'This week' }).getByTestId('week-count')).toHaveText(
    String(figures.weekCount),
  );
}

test('a lead picks their team and the administrator a function; the figures are theirs and survive a reload', async ({
  page,
  newContext,
  request,
  consoleErrors,
}) => {
  type Figures = { overallRating: number | null; weekCount: number; ratingCount: number };
  const figuresOf = async (token: string, query: string) =>
    (await (
      await request.get(`/api/feedback/overview?${query}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Figures;

  // Chen Okafor leads Web: the Teams group offers it (and no Functions group, which needs the all level).
  const leadToken = await new LoginPage(page).signIn(LEAD.email, DEMO_PASSWORD);
  await page.goto('/overview');
  const picker = page.getByRole('combobox', { name: 'Whose overview' });
  await picker.click();
  await picker.fill('Web');
  await expect(page.getByRole('group', { name: 'Teams' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Functions' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Web', exact: true }).click();
  await expect(page).toHaveURL(/teamId=(\d+)/);
  const teamId = new URL(page.url()).searchParams.get('teamId')!;
  await expect(page.getByRole('heading', { name: 'Feedback overview: Web' })).toBeVisible();
  const team = await figuresOf(leadToken, `teamId=${teamId}`);
  expect(team.ratingCount).toBeGreaterThan(0);
  await expectFigures(page, team);
  await expect(page.getByRole('group', { name: 'This week' })).toContainText(`Web got ${team.weekCount} feedback`);
  await snapshot(page, 'feedback-overview-team', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Feedback overview: Web' })).toBeVisible();
  await expect(picker).toHaveValue('Web');
  await expectFigures(page, team);

  // The administrator (every permission) picks Engineering in the Functions group.
  const admin = await (await newContext()).newPage();
  const adminToken = await new LoginPage(admin).signIn(ADMIN.email, DEMO_PASSWORD);
  await admin.goto('/overview');
  const adminPicker = admin.getByRole('combobox', { name: 'Whose overview' });
  await adminPicker.click();
  await adminPicker.fill('Engineering');
  await expect(admin.getByRole('group', { name: 'Functions' })).toBeVisible();
  await admin.getByRole('option', { name: 'Engineering', exact: true }).click();
  await expect(admin).toHaveURL(/functionId=\d+/);
  const functionId = new URL(admin.url()).searchParams.get('functionId')!;
  await expect(admin.getByRole('heading', { name: 'Feedback overview: Engineering' })).toBeVisible();
  const fn = await figuresOf(adminToken, `functionId=${functionId}`);
  expect(fn.ratingCount).toBeGreaterThan(team.ratingCount); // Engineering spans four teams, Web among them
  await expectFigures(admin, fn);
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Feedback overview: Engineering' })).toBeVisible();
  await expectFigures(admin, fn);
  // A drill-down keeps the function.
  await admin.getByRole('link', { name: 'Open Communication' }).click();
  await expect(admin).toHaveURL(new RegExp(`/overview/category/\\d+\\?.*functionId=${functionId}`));
  await expect(admin.getByRole('combobox', { name: 'Whose overview' })).toHaveValue('Engineering');
  expect(consoleErrors).toEqual([]);
});
