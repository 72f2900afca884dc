/**
 * Leaderboards as people use them (issue #13, docs/recognition.md "Leaderboards"): the demo employee opens
 * the Leaderboard tab of the feedback area; a category's board shows its top 10 from the demo data, best
 * first; the company board tells him his place in the spec's words and "Why this place?" lists the counted
 * feedback behind it; his team's board, with fewer than 10 people ranked, shows the empty-position text.
 * The administrator sees the demo's reciprocal ring, and sets the top positions and the threshold in Settings
 * (kept after a reload; the boards follow).
 */
import type { Leaderboard, LeaderboardChoices } from '../shared/contracts/leaderboards.js';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

const ordinal = (n: number) => {
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' } as const;
  return `${n}${suffix[new Intl.PluralRules('en', { type: 'ordinal' }).select(n) as keyof typeof suffix]}`;
};

test('a category’s top 10, my place on the company board and why, and my team’s empty places', async ({
  loginPage,
  page,
  request,
  consoleErrors,
}) => {
  const token = await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const api = async <T>(url: string) => (await (await request.get(url, { headers: auth })).json()) as T;
  const choices = await api<LeaderboardChoices>('/api/leaderboards/choices');

  await page.goto('/received');
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  const views = page.getByRole('tablist', { name: 'Leaderboard views' });
  const board = page.getByRole('list', { name: 'Top 10 places' });
  const places = board.getByRole('listitem');

  // The first category by name, its board of the last 90 days: ten people, best score first.
  await views.getByRole('tab', { name: 'Category' }).click();
  const category = choices.categories[0]!;
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(category.name);
  const expected = await api<Leaderboard>(`/api/leaderboards/categories/${category.id}`);
  expect(expected.rankedCount).toBeGreaterThanOrEqual(10);
  await expect(places).toHaveCount(10);
  await expect(board).not.toContainText('Seems like there’s nothing here');
  for (const [i, entry] of expected.entries.entries()) {
    await expect(places.nth(i)).toContainText(ordinal(i + 1));
    await expect(places.nth(i)).toContainText(entry.employee.name);
    await expect(places.nth(i)).toContainText(`Score ${entry.score.toFixed(2)}`);
  }
  const scores = expected.entries.map((e) => e.score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  await snapshot(page, 'leaderboard-category', 'light');

  // The company board: Omar's place in the spec's words, and the counted feedback behind it.
  await views.getByRole('tab', { name: 'Company' }).click();
  const company = await api<Leaderboard>('/api/leaderboards/company');
  const mine = company.me!;
  expect(mine.rank).not.toBeNull();
  await expect(page.getByTestId('my-place')).toContainText(`You’re ${ordinal(mine.rank!)} on the leaderboard`);
  if (mine.rank! <= 10) await expect(board.locator('[aria-current="true"]')).toContainText(EMPLOYEE.name);
  await page.getByRole('button', { name: 'Why this place?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why you are here' });
  await expect(dialog).toContainText(`= ${mine.score}`);
  await expect(dialog.getByRole('table', { name: 'Counted feedback' }).getByRole('row')).toHaveCount(
    mine.feedbackCount + 1,
  );
  await snapshot(page, 'leaderboard-why', 'light');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // His team, Web, ranks fewer than 10: the places after the last read "Seems like there's nothing here".
  await views.getByRole('tab', { name: 'Team' }).click();
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveText('Web');
  const team = await api<Leaderboard>(`/api/leaderboards/teams/${choices.myTeamId}`);
  expect(team.rankedCount).toBeLessThan(10);
  await expect(places).toHaveCount(10);
  await expect(places.nth(team.rankedCount)).toHaveText(
    `${ordinal(team.rankedCount + 1)}Seems like there’s nothing here`,
  );
  await expect(places.nth(9)).toContainText('Seems like there’s nothing here');
  await expect(page.getByTestId('my-place')).toContainText(
    team.me!.rank === null ? 'Not ranked yet' : `You’re ${ordinal(team.me!.rank)} place in your team`,
  );
  // The view and the board survive a reload.
  await page.reload();
  await expect(views.getByRole('tab', { name: 'Team', selected: true })).toBeVisible();
  await expect(places.nth(9)).toContainText('Seems like there’s nothing here');
  await snapshot(page, 'leaderboard-team', 'light');
  expect(consoleErrors).toEqual([]);
});

test('the administrator reviews reciprocal rings', async ({ loginPage, page, consoleErrors }) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await page.goto('/leaderboard');
  const rings = page.getByRole('region', { name: 'Reciprocal rings' });
  await expect(rings).toContainText('at least 3 feedback');
  // The demo's seeded ring (server/src/seed/demo-leaderboards.ts): four Excellent each way.
  const ring = rings.getByRole('listitem').first();
  await expect(ring).toContainText('Jonas Dubois → Kiran Khan');
  await expect(ring).toContainText('Kiran Khan → Jonas Dubois');
  await expect(ring).toContainText('4 feedback, average 5');
  await snapshot(page, 'leaderboard-rings', 'light');
  expect(consoleErrors).toEqual([]);
});

test('the administrator sets the top positions and the threshold in Settings, and the boards follow', async ({
  loginPage,
  page,
  request,
  consoleErrors,
}) => {
  const token = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  try {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Feedback' }).click();
    const form = page.getByRole('form', { name: 'Leaderboard settings' });
    await expect(form.getByTestId('leaderboard-positions')).toHaveValue('10');
    await expect(form.getByTestId('leaderboard-threshold')).toHaveValue('high');
    await form.getByTestId('leaderboard-positions').fill('5');
    await form.getByTestId('leaderboard-threshold').selectOption('low');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Leaderboard settings saved').first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await expect(form.getByTestId('leaderboard-positions')).toHaveValue('5');
    await expect(form.getByTestId('leaderboard-threshold')).toHaveValue('low');
    await form.getByTestId('leaderboard-positions').fill('0');
    await expect(form.getByText('Enter a whole number from 1 to 100')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    await page.goto('/leaderboard');
    await expect(page.getByRole('list', { name: 'Top 5 places' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByTestId('my-place')).toContainText('of the 2 counted feedback needed');
  } finally {
    // The worker's company is shared by the specs after this one: back to the defaults.
    const reset = await request.patch('/api/tenant', {
      headers: { authorization: `Bearer ${token}` },
      data: { settings: { leaderboardPositions: 10, gamificationThreshold: 'high' } },
    });
    expect(reset.status()).toBe(200);
  }
  expect(consoleErrors).toEqual([]);
});
