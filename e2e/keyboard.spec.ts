/**
 * Keyboard only (issue 11): the sidebar's entries are links with addresses and the current page marked,
 * Home's shortcut cards open with Enter and Space, and a dialog closed with Escape gives the focus back to
 * the button that opened it.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

test('the sidebar, Home’s cards and a dialog work from the keyboard', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);

  // The sidebar: links with real addresses (so a new tab works), the current page marked.
  const home = frame.nav().getByRole('link', { name: 'Home' });
  await expect(home).toHaveAttribute('aria-current', 'page');
  const directoryEntry = frame.nav().getByRole('link', { name: 'Employee Directory' });
  await expect(directoryEntry).toHaveAttribute('href', '/employee/management');
  await directoryEntry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Directory' })).toBeVisible();
  await expect(directoryEntry).toHaveAttribute('aria-current', 'page');

  // A dialog opened from a button and closed with Escape gives the focus back to that button.
  const add = page.getByRole('button', { name: 'Add employee' }).first();
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Home's shortcut cards: links, opened by Enter and by Space.
  await home.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  const manage = page.getByRole('main');
  const roles = manage.getByRole('link', { name: /^Roles & Permissions/ });
  await roles.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles & Permissions' })).toBeVisible();
  await page.goBack();
  const directoryCard = manage.getByRole('link', { name: /^Employee Directory/ });
  await directoryCard.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Directory' })).toBeVisible();

  // The month calendar: a grid of rows, one cell in the Tab order, arrows and Home/End move the focus.
  await frame.nav().getByRole('link', { name: 'Month view' }).click();
  const calendar = page.getByRole('grid');
  await expect(calendar.getByRole('row').first().getByRole('columnheader')).toHaveCount(7);
  const tabbable = calendar.locator('[role="gridcell"][tabindex="0"]');
  await expect(tabbable).toHaveCount(1);
  await calendar.locator('[data-date$="-08"]').focus();
  const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute('data-date'));
  const start = (await focusedDate())!;
  await page.keyboard.press('ArrowDown');
  expect(await focusedDate()).toBe(`${start.slice(0, 8)}15`);
  await page.keyboard.press('ArrowLeft');
  expect(await focusedDate()).toBe(`${start.slice(0, 8)}14`);
  await page.keyboard.press('ArrowUp');
  expect(await focusedDate()).toBe(`${start.slice(0, 8)}07`);
  await page.keyboard.press('Home');
  const monday = await focusedDate();
  await expect(page.locator(`[data-date="${monday}"]`)).toHaveAttribute('tabindex', '0');
  await expect(tabbable).toHaveCount(1);
  await page.keyboard.press('End');
  const sunday = (await focusedDate())!;
  expect(Number(sunday.slice(8)) - Number(monday!.slice(8))).toBeLessThanOrEqual(6);
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-date="${sunday}"]`)).toHaveAttribute('aria-selected', 'true');

  expect(consoleErrors).toEqual([]);
});
