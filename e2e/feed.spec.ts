/**
 * The news feed as people use it (docs/recognition.md "News feed"): HR gives a badge and it is on Home's
 * feed and in the receiver's My badges; an employee's comment shows at once and is rolled back with a
 * message when the server refuses it (the post was removed meanwhile); a feedback left private never
 * reaches the feed while a shared one does, without its ratings; the administrator's News feed settings
 * are kept after a reload and Home follows them; a reported post is hidden from others until a reviewer keeps
 * it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect as baseExpect, test } from './fixtures.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** Demo accounts (server/src/seed/demo.ts): HR, and a teammate of the e2e employee in the Web team. */
const HR = { email: 'grace.malik@northwind.example', name: 'Grace Malik' };
const AYESHA = { email: 'ayesha.fischer20@northwind.example', name: 'Ayesha Fischer' };

// Home loads the feed beside today's card, the teams and the shortcuts: on a machine shared by several
// suites its first paint can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 90_000 });

const unique = (text: string) => `${text} ${Date.now().toString(36)}`;

/**
 * Signs in through the form (the login page model, with this spec's patience for a busy machine); answers
 * the access token.
 */
async function signIn(page: Page, email: string): Promise<string> {
  const login = new LoginPage(page);
  await page.goto('/login');
  await expect(login.email()).toBeVisible();
  await login.enterEmail(email);
  await expect(login.password()).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in') && r.ok());
  await login.enterPassword(DEMO_PASSWORD);
  const { accessToken } = (await (await answer).json()) as { accessToken: string };
  await expect(page).toHaveURL(/\/home$/);
  return accessToken;
}

async function signedIn(newContext: () => Promise<BrowserContext>, email: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await signIn(page, email);
  return page;
}

const feedOf = (page: Page) => page.getByRole('region', { name: 'News feed' });
const post = (page: Page, text: string) => feedOf(page).getByRole('article').filter({ hasText: text });

test('HR gives a badge and it appears on the feed and in the receiver’s My badges', async ({
  page,
  newContext,
  consoleErrors,
}) => {
  // Several people act in turn, each page loading the whole feed: minutes on a machine shared with other suites.
  test.setTimeout(360_000);
  const comment = unique('Steady hands during the data migration');
  await signIn(page, HR.email);
  await page.goto('/badges');
  const form = page.getByRole('form', { name: 'Give a badge' });
  await form.getByRole('combobox', { name: 'Badge' }).click();
  await page.getByRole('option', { name: /^Team Player/ }).click();
  await form.getByRole('combobox', { name: 'Colleague' }).click();
  await form.getByRole('combobox', { name: 'Colleague' }).pressSequentially('Omar');
  await page.getByRole('option', { name: /Omar Iqbal/ }).click();
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: 'Give badge' }).click();
  await expect(page.getByText('Badge given', { exact: true }).first()).toBeVisible();

  await page.goto('/home');
  const given = post(page, comment);
  await expect(given).toBeVisible();
  await expect(given).toContainText(new RegExp(`${HR.name}\\s*gave a badge`));
  await expect(given).toContainText('Team Player');
  await expect(given).toContainText('Awarded to');
  await expect(given.getByRole('link', { name: EMPLOYEE.name })).toBeVisible();

  const omar = await signedIn(newContext, EMPLOYEE.email);
  const theirs = post(omar, comment);
  await expect(theirs).toBeVisible();
  await expect(theirs.getByRole('img', { name: 'Team Player' })).toBeVisible();
  await snapshot(omar, 'home-feed', 'light');
  await omar.emulateMedia({ colorScheme: 'dark' });
  await snapshot(omar, 'home-feed', 'dark');
  await omar.emulateMedia({ colorScheme: 'light' });
  await omar.goto('/my-badges');
  const held = omar
    .getByRole('list', { name: 'My badges' })
    .getByRole('listitem')
    .filter({ has: omar.getByRole('img', { name: 'Team Player', exact: true }) });
  await expect(held).toContainText(comment);
  expect(consoleErrors).toEqual([]);
});

test('a comment shows at once, and is rolled back with a message when the server refuses it', async ({
  page,
  newContext,
  consoleErrors,
}) => {
  test.setTimeout(360_000);
  const text = unique('Lunch and learn on Thursday');
  const hr = await signedIn(newContext, HR.email);
  const composer = feedOf(hr).getByRole('form', { name: 'Post an announcement' });
  await composer.getByRole('textbox', { name: 'Post an announcement' }).fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(post(hr, text)).toBeVisible();

  await signIn(page, EMPLOYEE.email);
  const announcement = post(page, text);
  await expect(announcement).toContainText(new RegExp(`${HR.name}\\s*posted an announcement`));
  // Accepted: the comment is first and counted at once, and kept after a reload.
  const box = announcement.getByRole('textbox', { name: 'Your comment' });
  await box.fill('Count me in!');
  const kept = page.waitForResponse((r) => /\/api\/feed\/posts\/\d+\/comments$/.test(r.url()) && r.status() === 201);
  await announcement.getByRole('button', { name: 'Send comment' }).click();
  await expect(announcement.getByRole('list', { name: 'Comments on this post' })).toContainText('Count me in!');
  await expect(announcement.getByRole('button', { name: '1 comment' })).toBeVisible();
  await kept;
  await page.reload();
  await expect(post(page, text).getByRole('list', { name: 'Comments on this post' })).toContainText('Count me in!');

  // HR takes the announcement off the feed while Omar still reads it.
  const mine = post(hr, text);
  await mine.getByRole('button', { name: 'More actions for this post' }).click();
  await hr.getByRole('menuitem', { name: 'Remove from the feed' }).click();
  await hr.getByRole('alertdialog').getByRole('button', { name: 'Remove from the feed' }).click();
  await expect(post(hr, text)).toHaveCount(0);

  // Omar's next comment shows at once, while the server is still to answer...
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/feed\/posts\/\d+\/comments$/, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const stale = post(page, text);
  await stale.getByRole('textbox', { name: 'Your comment' }).fill('Can I bring a friend?');
  const refused = page.waitForResponse((r) => /\/api\/feed\/posts\/\d+\/comments$/.test(r.url()) && r.status() === 404);
  await stale.getByRole('button', { name: 'Send comment' }).click();
  const comments = stale.getByRole('list', { name: 'Comments on this post' });
  await expect(comments.getByRole('listitem').first()).toContainText('Can I bring a friend?');
  await expect(comments.getByRole('listitem').first()).toContainText('Sending…');
  await expect(stale.getByRole('button', { name: '2 comments' })).toBeVisible();
  // ...and when it refuses (the post is gone), the comment and the count go back, and a toast says why.
  answer();
  await refused;
  const toast = page.locator('.fui-Toast').filter({ hasText: 'Comment could not be added' });
  await expect(toast.first()).toContainText('The requested item does not exist.');
  await expect(comments.getByText('Can I bring a friend?')).toHaveCount(0);
  // The text the user wrote is given back to the box, not lost.
  await expect(stale.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Can I bring a friend?');
  await expect(stale.getByRole('button', { name: '1 comment' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a reported post is hidden from others until a reviewer keeps it, and both steps are kept after a reload', async ({
  page,
  newContext,
  consoleErrors,
}) => {
  test.setTimeout(360_000);
  const text = unique('Parking lot closed on Friday');
  const hr = await signedIn(newContext, HR.email);
  const composer = feedOf(hr).getByRole('form', { name: 'Post an announcement' });
  await composer.getByRole('textbox', { name: 'Post an announcement' }).fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(post(hr, text)).toBeVisible();

  // Omar reports it with a reason; a report without one is refused in the dialog first.
  const omar = await signedIn(newContext, EMPLOYEE.email);
  await post(omar, text).getByRole('button', { name: 'More actions for this post' }).click();
  await omar.getByRole('menuitem', { name: 'Report to reviewers' }).click();
  const dialog = omar.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Why should it be reviewed?' }).fill('Names a colleague’s car plate');
  const reported = omar.waitForResponse((r) => /\/api\/feed\/posts\/\d+\/report$/.test(r.url()) && r.ok());
  await dialog.getByRole('button', { name: 'Report' }).click();
  await reported;
  await expect(dialog).toBeHidden();
  await expect(post(omar, text)).toHaveCount(0);
  await omar.reload();
  await expect(feedOf(omar)).toBeVisible();
  await expect(post(omar, text)).toHaveCount(0);
  // Its author still sees it, marked as reported.
  await hr.reload();
  await expect(post(hr, text)).toContainText('Reported: hidden from others until a reviewer looks at it.');

  // The administrator reviews it from the reported posts, with Omar's reason, and keeps it.
  await signIn(page, ADMIN.email);
  await feedOf(page).getByRole('tab', { name: 'Reported posts' }).click();
  const queued = post(page, text);
  await expect(queued.getByRole('list', { name: 'Reports' })).toContainText('Names a colleague’s car plate');
  await expect(queued.getByRole('list', { name: 'Reports' })).toContainText(EMPLOYEE.name);
  await queued.getByRole('button', { name: 'Keep' }).click();
  const keep = page.getByRole('alertdialog', { name: 'Keep this post on the feed?' });
  await keep.getByRole('button', { name: 'Keep' }).click();
  await expect(post(page, text)).toHaveCount(0);
  await page.reload();
  await feedOf(page).getByRole('tab', { name: 'Reported posts' }).click();
  await expect(feedOf(page).getByText('No reported post is waiting for a review')).toBeVisible();

  // Shown again to everyone, and no longer reportable.
  await omar.reload();
  const back = post(omar, text);
  await expect(back).toBeVisible();
  await back.getByRole('button', { name: 'More actions for this post' }).click();
  await expect(omar.getByRole('menuitem', { name: 'Report to reviewers' })).toHaveCount(0);
  await omar.keyboard.press('Escape');
  expect(consoleErrors).toEqual([]);
});

test('a feedback left private never appears on the feed; a shared one does, without its ratings', async ({
  page,
  newContext,
  consoleErrors,
}) => {
  test.setTimeout(360_000);
  const secret = unique('Between us: the estimate review was rushed');
  const shared = unique('Your checkout demo was a joy to watch');
  await signIn(page, EMPLOYEE.email);
  const feedback = new FeedbackPage(page);
  for (const [comment, share] of [
    [secret, false],
    [shared, true],
  ] as const) {
    await page.goto('/feedback/personal');
    await expect(page.getByRole('heading', { name: 'Give feedback' })).toBeVisible();
    await feedback.addRecipient('Ayesha', AYESHA.name);
    await feedback.rate('Clarity', 5);
    await page.getByRole('textbox', { name: 'Comment' }).fill(comment);
    const checkbox = page.getByRole('checkbox', { name: 'Share on the news feed' });
    await expect(checkbox).not.toBeChecked();
    if (share) await checkbox.check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page).toHaveURL(/\/given$/);
  }

  const ayesha = await signedIn(newContext, AYESHA.email);
  const sharedPost = post(ayesha, shared);
  await expect(sharedPost).toBeVisible();
  await expect(sharedPost).toContainText(new RegExp(`${EMPLOYEE.name}\\s*shared feedback`));
  await expect(sharedPost).toContainText('To');
  await expect(sharedPost.getByRole('link', { name: AYESHA.name })).toBeVisible();
  await expect(sharedPost).toContainText('Communication · Clarity');
  await expect(sharedPost).not.toContainText('Excellent');
  await expect(feedOf(ayesha).getByText(secret)).toHaveCount(0);
  // Nor on Ayesha's own feed, where everything about her is; the feedback itself is hers to read.
  await sharedPost.getByRole('link', { name: AYESHA.name }).click();
  await expect(ayesha).toHaveURL(/\/feed\/people\/\d+$/);
  await expect(ayesha.getByRole('heading', { name: `Posts by and about ${AYESHA.name}` })).toBeVisible();
  await expect(ayesha.getByRole('article').filter({ hasText: shared })).toBeVisible();
  await expect(ayesha.getByText(secret)).toHaveCount(0);
  await ayesha.goto('/received');
  await expect(new FeedbackPage(ayesha).card(secret)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the administrator’s News feed settings are kept after a reload, and Home follows them', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(360_000);
  const token = await signIn(page, ADMIN.email);
  try {
    await expect(feedOf(page).getByRole('form', { name: 'Post an announcement' })).toBeVisible();
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Feedback' }).click();
    const form = page.getByRole('form', { name: 'News feed settings' });
    await expect(form.getByRole('checkbox', { name: 'Announcements' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Left, the wide column' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Announcements' }).uncheck();
    await form.getByRole('radio', { name: 'Right, beside the shortcuts' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('News feed settings saved').first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await expect(form.getByRole('checkbox', { name: 'Announcements' })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Shared feedback' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Right, beside the shortcuts' })).toBeChecked();

    // Home: no announcement nor a box to post one; the feed takes the right-hand column.
    await page.goto('/home');
    const feed = feedOf(page);
    await expect(feed.getByRole('article').first()).toBeVisible();
    await expect(feed.getByRole('form', { name: 'Post an announcement' })).toHaveCount(0);
    await expect(feed.getByRole('article').filter({ hasText: 'posted an announcement' })).toHaveCount(0);
    const feedBox = await feed.boundingBox();
    const teamsBox = await page.getByRole('heading', { name: 'Your teams' }).boundingBox();
    expect(feedBox!.x).toBeGreaterThan(teamsBox!.x);
  } finally {
    // The worker's company is shared by the specs after this one: back to the defaults.
    const reset = await request.patch('/api/tenant', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        settings: { feedTypes: ['feedback', 'badge', 'announcement', 'leaderboard-video'], feedPosition: 'left' },
      },
    });
    expect(reset.status()).toBe(200);
  }
  expect(consoleErrors).toEqual([]);
});
