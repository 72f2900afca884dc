/**
 * Accessibility on every page (issue #11, docs/accessibility.md): the demo administrator, who sees every page,
 * walks them (the sign-in pages signed out first, then each route of renderer/src/app/routes.ts, the tabs of
 * tabbed pages and the dialogs that matter most) and axe-core checks each view (e2e/axe.ts) in the light and
 * the dark theme. A person of the demo company walks the feedback pages only its people have rows on (their
 * own feedback, a flag). Any serious or critical violation fails, listed by view, theme,
 * rule, element and help. The walk is cut in five tests, each in one browser context, so that the workers
 * share it.
 */
import type { Page, Request } from '@playwright/test';
import { apiAs, readJson, readJsonAs } from './api-client.js';
import { axeViolations } from './axe.js';
import { ADMIN, AYESHA, DEMO_PASSWORD, GRACE, expect, test } from './fixtures.js';
import type { LoginPage } from './pages/login-page.js';

test.describe.configure({ mode: 'parallel' });

type Scheme = 'light' | 'dark';

/** What a page shows while its data or its code is on the way. */
const BUSY = '[aria-busy="true"], .fui-Spinner';

/**
 * Waits for the animations under way that end (a dialog opening, a tab's indicator, colours moving to the
 * other theme), not the endless ones (a spinner); 2 s at most.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Checks views in turn, each in both themes, and gathers their violations; `report()` is empty when every
 * view is clean. Walks of other pages (`on`) add to the same report.
 */
class Walk {
  private readonly pending = new Set<Request>();
  private scheme: Scheme = 'light';

  constructor(
    private readonly page: Page,
    private readonly found = new Map<string, string[]>(),
  ) {
    // Requests in flight, but the notifications' live stream, which stays open for good.
    const done = (request: Request) => this.pending.delete(request);
    page.on('request', (request) => {
      if (!request.url().includes('/api/notification/stream')) this.pending.add(request);
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** A walk of another page (another person's browser), reporting with this one. */
  on(page: Page): Walk {
    return new Walk(page, this.found);
  }

  /**
   * The view is ready: no request in flight before and after two frames (what an answer rendered has asked
   * for by then), nothing busy, no animation under way; 10 s at most, then it is checked as it is.
   */
  private async settle(): Promise<void> {
    const page = this.page;
    await expect
      .poll(
        async () => {
          if (this.pending.size > 0) return false;
          await page.evaluate(
            () =>
              new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
          );
          return this.pending.size === 0 && (await page.locator(BUSY).count()) === 0;
        },
        { timeout: 10_000, intervals: [50, 100, 250] },
      )
      .toBe(true)
      .catch(() => undefined);
    await animationsDone(page);
  }

  private async axe(name: string): Promise<void> {
    const violations = await axeViolations(this.page);
    if (violations.length > 0) this.found.set(`${name} (${this.scheme})`, violations);
  }

  /**
   * The other theme, through the system's colour scheme, which the app follows unless a person picked one in
   * the account menu (renderer/src/app/ThemeRoot.tsx): the page changes colours in place.
   */
  private async switchScheme(): Promise<void> {
    this.scheme = this.scheme === 'light' ? 'dark' : 'light';
    await this.page.emulateMedia({ colorScheme: this.scheme });
    await expect(this.page.locator('[data-theme]').first()).toHaveAttribute('data-theme', this.scheme);
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await animationsDone(this.page);
  }

  /** The view as it is once ready, in the theme it is in and then in the other (which the next view keeps). */
  async check(name: string): Promise<void> {
    await this.settle();
    await this.axe(name);
    await this.switchScheme();
    await this.axe(name);
  }

  /**
   * Opens `url` and checks it. Inside the app (signed in, another path) the way a link does: react-router
   * follows the browser's history, so the page is not loaded again; the app frame keys a page by its path, so
   * the page left is gone once the next is on its way. Else by loading it.
   */
  async open(url: string, name: string): Promise<void> {
    const page = this.page;
    const samePath = new URL(url, page.url()).pathname === new URL(page.url()).pathname;
    if ((await page.locator('#main').count()) > 0 && !samePath) {
      await page.evaluate((to) => {
        for (const shown of document.querySelectorAll('#main > * > *')) shown.setAttribute('data-a11y-left', '');
        history.pushState(history.state, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      }, url);
      await expect(page.locator('[data-a11y-left]')).toHaveCount(0);
    } else {
      await page.goto(url);
    }
    await expect(page.locator('main')).toBeVisible();
    await this.check(name);
  }

  /** Each further tab of the page's first tab list, in turn (the first was checked with the page). */
  async tabs(name: string): Promise<void> {
    const list = this.page.getByRole('tablist').first().getByRole('tab');
    const count = await list.count();
    for (let i = 1; i < count; i++) {
      await list.nth(i).click();
      await this.check(`${name}, tab ${(await list.nth(i).innerText()).trim()}`);
    }
  }

  /** The first link of the page's main area whose address matches, opened and checked. */
  async detail(pattern: RegExp, name: string): Promise<void> {
    let href: string | undefined;
    await expect
      .poll(
        async () => {
          const hrefs = await this.page
            .locator('main a[href]')
            .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
          href = hrefs.find((h) => pattern.test(h));
          return href;
        },
        { message: `${name}: a link matching ${pattern}`, timeout: 15_000 },
      )
      .toBeDefined();
    await this.open(href!, name);
  }

  report(): string {
    return [...this.found].map(([view, lines]) => `${view}:\n  ${lines.join('\n  ')}`).join('\n');
  }
}

async function signIn(loginPage: LoginPage): Promise<void> {
  await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
}

/** A walk of `views`, failing with every serious or critical violation it met. */
async function walked(page: Page, views: (walk: Walk) => Promise<void>): Promise<void> {
  test.setTimeout(480_000);
  const walk = new Walk(page);
  await views(walk);
  expect(walk.report(), 'serious or critical accessibility violations').toBe('');
}

/** The same, signed in as the administrator first. */
const walkedAsAdmin = (page: Page, loginPage: LoginPage, views: (walk: Walk) => Promise<void>) =>
  walked(page, async (walk) => {
    await signIn(loginPage);
    await views(walk);
  });

test('the sign-in pages, Home and the feedback area have no serious or critical violation', async ({
  page,
  loginPage,
  baseURL,
}) => {
  // The Overview of a person with two years of demo feedback: its lists lead to a category's, an attribute's
  // and a feedback's page (the administrator has received none).
  const ayesha = await readJsonAs<{ employee: { id: number } }>(baseURL!, AYESHA.email, '/api/me');
  const whose = `employeeId=${ayesha.employee.id}`;
  await walked(page, async (walk) => {
    await loginPage.open();
    await walk.check('sign-in');
    await walk.open('/forgot-password', 'forgot password');
    await walk.open('/sign-up', 'sign-up');

    await signIn(loginPage);
    await walk.check('home');
    await walk.detail(/^\/feed\/\d+\b/, 'feed post');
    await walk.open('/home', 'home');
    await walk.detail(/^\/feed\/people\/\d+\b/, 'person feed');
    await walk.open('/received', 'received feedback');
    await walk.open('/given', 'given feedback');
    await walk.open('/overview', 'feedback overview');
    await walk.open(`/overview?${whose}`, 'feedback overview of a person');
    await walk.open(`/category-overview?${whose}`, 'category list');
    await walk.detail(/^\/overview\/category\/\d+\b/, 'category overview');
    await walk.open(`/received/attribute?${whose}`, 'attribute list');
    await walk.detail(/^\/received\/attribute\/\d+\b/, 'attribute overview');
    await walk.detail(/^\/my-team\/received\/\d+\b/, "a person's feedback");
    await walk.open('/task', 'received task feedback');
    await walk.detail(/^\/task\/\d+\b/, 'task feedback detail');
    await walk.open('/given/task', 'given task feedback');
    // A colleague asks the administrator for feedback on a task: its form. (/given/task/:id shows the task's page
    // walked above; the administrator has given no task feedback to open it from.)
    await page
      .getByRole('button', { name: /^Give feedback on / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/task\/\d+\/give$/);
    await walk.check('task feedback form');
    await walk.open('/leaderboard', 'leaderboard');
    await walk.open('/feedback/personal', 'give feedback');
    await walk.open('/feedback/requests', 'feedback requests');
    await walk.open('/my-team', 'my team');
    await walk.open('/my-team/matrix', 'responsibility matrix');
    await walk.open('/flag-feedback', 'flagged feedback');
    await walk.open('/notifications/settings', 'notification settings');
  });
});

test('a person’s own feedback and flag, and the review of the flag, have no serious or critical violation', async ({
  page,
  loginPage,
  signedIn,
  baseURL,
}) => {
  // Ayesha, of team Web, has received and given feedback; Grace gives her one more, which she flags (one of the
  // demo's or another spec's might be flagged already).
  const ayeshaId = (await readJsonAs<{ employee: { id: number } }>(baseURL!, AYESHA.email, '/api/me')).employee.id;
  const grace = await apiAs(baseURL!, GRACE.email);
  const options = await readJson<{ categories: { attributes: { id: number }[] }[] }>(grace, '/api/feedback/options');
  const given = await grace.post('/api/feedback', {
    data: {
      receiverIds: [ayeshaId],
      ratings: [{ attributeId: options.categories[0]!.attributes[0]!.id, rating: 4 }],
      comment: 'Thanks for the clear release notes.',
    },
  });
  expect(given.status()).toBe(201);
  const flagged = ((await given.json()) as { feedbackIds: number[] }).feedbackIds[0]!;
  await grace.dispose();
  await walked(page, async (walk) => {
    const own = (await signedIn(AYESHA.email)).page;
    const ayesha = walk.on(own);
    await ayesha.open('/received', 'received feedback of a person');
    await ayesha.open(`/received/${flagged}`, 'a received feedback');
    await own.getByRole('button', { name: 'Flag as inappropriate' }).click();
    const dialog = own.getByRole('dialog', { name: 'Flag feedback' });
    await ayesha.check('flag dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Checked for accessibility');
    await dialog.getByRole('button', { name: 'Flag' }).click();
    await expect(own).toHaveURL(/\/received$/);
    await ayesha.open('/given', 'given feedback of a person');
    await ayesha.detail(/^\/given\/\d+\b/, 'a given feedback');

    // The administrator reviews her flag, and rejects it: the review queue is empty again for other specs.
    await signIn(loginPage);
    await walk.open('/flag-feedback', 'flag queue with a flag');
    await walk.open(`/flag-feedback/${flagged}`, 'a flagged feedback');
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reject this flag?' });
    await expect(confirm).toBeVisible();
    await walk.check('reject flag confirmation');
    await confirm.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText('Flag rejected').first()).toBeVisible();
  });
});

test('badges, attendance and leave, with the leave request dialog, have no serious or critical violation', async ({
  page,
  loginPage,
}) => {
  await walkedAsAdmin(page, loginPage, async (walk) => {
    await walk.open('/badges', 'give badge');
    await walk.open('/my-badges', 'my badges');
    await walk.open('/contributions', 'contributions');
    await walk.open('/recommendations', 'recommendations');
    await walk.open('/attendance', 'attendance');
    await walk.open('/month-view', 'month view');
    await walk.open('/project-dashboard', 'productivity');
    await walk.tabs('productivity');
    await walk.open('/leave', 'leave');
    await walk.tabs('leave');
    await walk.open('/leave', 'leave');
    await page.getByRole('button', { name: 'Request leave', exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await walk.check('request leave dialog');
    await page.keyboard.press('Escape');
    await walk.open('/leaves-calendar', 'leave calendar');
  });
});

test('the administration pages, the tabs of a project and a backlog item have no serious or critical violation', async ({
  page,
  loginPage,
}) => {
  await walkedAsAdmin(page, loginPage, async (walk) => {
    await walk.open('/employee/management', 'employee directory');
    await walk.open('/role/management', 'roles');
    await walk.open('/team/management', 'teams');
    await walk.open('/function/management', 'functions');
    await walk.open('/project/management', 'projects');
    await walk.detail(/^\/project\/management\/\d+\/[a-z-]+\b/, 'project');
    await walk.tabs('project');
    await walk.detail(/^\/project\/management\/\d+\/pbi\/\d+\b/, 'backlog item');
  });
});

test('the tabbed administration pages have no serious or critical violation', async ({ page, loginPage }) => {
  await walkedAsAdmin(page, loginPage, async (walk) => {
    await walk.open('/feedback/management', 'feedback management');
    await walk.tabs('feedback management');
    await walk.open('/badge/management', 'badge control');
    await walk.tabs('badge control');
    await walk.open('/biometric/management', 'devices');
    await walk.tabs('devices');
    await walk.open('/settings', 'settings');
    await walk.tabs('settings');
  });
});
