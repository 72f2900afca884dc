/**
 * Accessibility on every page (issue #11, docs/accessibility.md): the demo administrator, who sees every page,
 * walks them (the sign-in pages signed out first, then each route of renderer/src/app/routes.ts, the tabs of
 * tabbed pages and the dialogs that matter most) and axe-core checks each view (e2e/axe.ts). Any serious or
 * critical violation fails, listed by view, rule, element and help. The walk is cut in four tests, each in
 * one browser context, so that the workers share it.
 */
import type { Page, Request } from '@playwright/test';
import { axeViolations } from './axe.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import type { LoginPage } from './pages/login-page.js';

test.describe.configure({ mode: 'parallel' });

/** Checks views in turn and gathers their violations; `report()` is empty when every view is clean. */
class Walk {
  private readonly found = new Map<string, string[]>();
  private pending = 0;

  constructor(private readonly page: Page) {
    // Requests in flight, but the notifications' live stream, which stays open for good.
    const done = () => this.pending--;
    page.on('request', (request: Request) => {
      if (!request.url().includes('/api/notification/stream')) this.pending++;
    });
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/api/notification/stream')) done();
    });
    page.on('requestfailed', (request) => {
      if (!request.url().includes('/api/notification/stream')) done();
    });
  }

  /** No request in flight for a quarter second and no spinner (10 s at most), then axe. */
  async check(name: string): Promise<void> {
    const page = this.page;
    await expect
      .poll(
        async () => {
          if (this.pending > 0) return false;
          await page.waitForTimeout(250);
          return this.pending <= 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true)
      .catch(() => undefined);
    await expect(page.locator('[role="progressbar"][aria-busy="true"], .fui-Spinner'))
      .toHaveCount(0, { timeout: 10_000 })
      .catch(() => undefined);
    const violations = await axeViolations(page);
    if (violations.length > 0) this.found.set(name, violations);
  }

  async open(url: string, name: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator('main')).toBeVisible();
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
}) => {
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
    // Left out: pages reached from lists that are empty for the administrator of a fresh demo company (a feedback,
    // a flagged feedback, a category's and an attribute's overview).
    await walk.open('/category-overview', 'category list');
    await walk.open('/received/attribute', 'attribute list');
    await walk.open('/task', 'received task feedback');
    await walk.detail(/^\/task\/\d+\b/, 'task feedback detail');
    await walk.open('/given/task', 'given task feedback');
    await walk.open('/leaderboard', 'leaderboard');
    await walk.open('/feedback/personal', 'give feedback');
    await walk.open('/feedback/requests', 'feedback requests');
    await walk.open('/my-team', 'my team');
    await walk.open('/my-team/matrix', 'responsibility matrix');
    await walk.open('/flag-feedback', 'flagged feedback');
    await walk.open('/notifications/settings', 'notification settings');
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

test('the administration pages and the tabs of a project have no serious or critical violation', async ({
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
