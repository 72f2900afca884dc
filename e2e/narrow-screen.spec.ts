/**
 * The app on a phone-sized window (issue #11, docs/accessibility.md): at 390 × 844 the sign-in logo shows, no
 * page scrolls sideways as a whole (wide tables and tab lists scroll inside their own box), the sidebar is a
 * menu and the month calendar's labels are not cut. A picture of each page goes to e2e/artifacts/ for people
 * to look at (e2e/screenshots.ts).
 */
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

test.use({ viewport: { width: 390, height: 844 } });

/** How far the document is wider than the window, in CSS pixels (0 when it fits). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return Math.max(0, root.scrollWidth - root.clientWidth);
  });
}

/** Waits for the page's data (no spinner, no skeleton), then checks it fits the width and saves its picture. */
async function fits(page: Page, name: string): Promise<void> {
  await expect(page.locator('.fui-Spinner, .fui-Skeleton')).toHaveCount(0, { timeout: 15_000 });
  expect(await sidewaysOverflow(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
  await snapshot(page, `narrow-${name}`, 'light');
}

test('at 390 px the sign-in logo shows and the pages fit the width', async ({ page, loginPage }) => {
  test.setTimeout(180_000);
  await loginPage.open();
  // The form's logo paints its own gradient (the story panel's, hidden at this width, paints nothing).
  const logo = page.locator('main svg, form svg').first();
  await expect(logo).toBeVisible();
  const ownGradient = await logo.evaluate((svg) => {
    const fill = svg.querySelector('rect')!.getAttribute('fill') ?? '';
    const id = /url\(#(.+)\)/.exec(fill)?.[1] ?? '';
    return svg.contains(document.getElementById(id));
  });
  expect(ownGradient, 'the visible logo paints from its own gradient').toBe(true);
  await fits(page, 'sign-in');

  await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
  // The sidebar is a menu here: closed until the header's button opens it.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await fits(page, 'home');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await snapshot(page, 'narrow-menu', 'light');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Leave', exact: true })
    .click();
  await expect(page).toHaveURL(/\/leave$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await fits(page, 'leave');

  for (const [url, name] of [
    ['/attendance', 'attendance'],
    ['/project-dashboard', 'productivity'],
    ['/leaves-calendar', 'leave-calendar'],
    ['/employee/management', 'employees'],
    ['/settings', 'settings'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await fits(page, name);
  }

  await page.goto('/month-view');
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await fits(page, 'month-view');
  // Every text of the calendar shows whole: none wider than its box (cut, or ending in an ellipsis).
  const cut = await grid.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('*')]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''))
      .filter((e) => e.checkVisibility() && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent!.trim()),
  );
  expect(cut, 'calendar labels cut at 390 px').toEqual([]);
});
