/**
 * Home's recognition widgets as people use them (issue #13, docs/recognition.md "Home"): the demo employee
 * gives feedback with a new #tag; back on Home after a reload his streak counts this week and the hashtag
 * search finds his tag (only he sees it until three people use it); emptying the search box clears the
 * results without asking the server. Every widget of his role is on the page, each with its figures.
 */
import type { GivingStreak } from '../shared/contracts/home.js';
import { DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { snapshot } from './screenshots.js';

// Omar Iqbal's teammate in the demo seed (team Web).
const AYESHA = { name: 'Ayesha Fischer' };

test('a gift with a #tag shows in the streak and the hashtag search after a reload', async ({
  loginPage,
  page,
  request,
  consoleErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  const recognition = page.getByRole('region', { name: 'Recognition' });
  // The first Home of a fresh demo company computes its snapshot: longer than a page on a busy machine.
  await expect(recognition).toBeVisible({ timeout: 30_000 });
  for (const title of [
    'Streak',
    'Frequency',
    'Team target',
    'Leaderboard',
    'Employee ranking',
    'Team ranking',
    'Hashtags',
    'Top attributes',
  ])
    await expect(recognition.getByRole('region', { name: title }), title).toBeVisible();
  // Two years of demo feedback: the boards and lists have figures, not their empty texts.
  await expect(page.getByRole('list', { name: 'Top places' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Most used hashtags' })).toContainText('#teamwork');
  await expect(page.getByRole('list', { name: 'Most rated attributes' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(page.getByTestId('home-team-percentage')).toContainText(/Your team has achieved \d+% of their target\./);

  const tag = `pairing${Date.now().toString(36)}`;
  const feedback = new FeedbackPage(page);
  // Like openGive, with the patience a loaded machine needs for the form's first load.
  await page.goto('/feedback/personal');
  await expect(page.getByRole('heading', { name: 'Give feedback' })).toBeVisible({ timeout: 30_000 });
  await feedback.addRecipient('Ayesha', AYESHA.name);
  await feedback.rate('Clarity', 5);
  await page.getByRole('textbox', { name: 'Comment' }).fill(`Great session today #${tag}`);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  expect((await sent).status()).toBe(201);

  await page.goto('/home');
  await page.reload();
  await expect(page.getByTestId('home-streak')).toBeVisible({ timeout: 30_000 });
  const streak = (await (
    await request.get('/api/home/streak', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as GivingStreak;
  expect(streak.thisWeek).toBe(true);
  const streakCard = recognition.getByRole('region', { name: 'Streak' });
  await expect(page.getByTestId('home-streak')).toHaveText(`${streak.weeks} ${streak.weeks === 1 ? 'week' : 'weeks'}`);
  await expect(streakCard).toContainText('You gave feedback this week.');

  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/home/hashtags/search')) searches.push(r.url());
  });
  const box = page.getByRole('searchbox', { name: 'Search hashtags' });
  await box.fill(`#${tag.slice(0, 10).toUpperCase()}`);
  const results = page.getByRole('list', { name: `Hashtags starting with “${tag.slice(0, 10)}”` });
  await expect(results.getByRole('listitem')).toHaveText([`#${tag}1 use`]);
  expect(searches.length).toBeGreaterThan(0);
  await snapshot(page, 'home-widgets', 'light');
  await page.screenshot({ path: 'e2e/artifacts/home-widgets-1440x900.png' });

  // Emptying the box clears the results at once and asks nothing: the most used show again.
  const asked = searches.length;
  await box.fill('');
  await expect(results).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Most used hashtags' })).toBeVisible();
  await page.waitForTimeout(600);
  expect(searches.length).toBe(asked);
  expect(consoleErrors).toEqual([]);
});
