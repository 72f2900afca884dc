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

  expect(consoleErrors).toEqual([]);
});
