/**
 * Leaving a form with unsaved changes asks first (issue 11): a sidebar link, another settings tab and closing the
 * window each ask; "Keep editing" keeps the typed value, "Leave" drops it; once saved, nothing asks. The
 * company name is put back at the end, so later specs of the worker see the demo company as seeded.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

test('unsaved changes: leaving asks, staying keeps them, leaving drops them, saving ends the question', async ({
  loginPage,
  frame,
  page,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'General settings' });
  const name = form.getByRole('textbox', { name: 'Company name' });
  const seeded = await name.inputValue();
  expect(seeded).not.toBe('');
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  const home = frame.nav().getByRole('link', { name: 'Home' });

  // Nothing typed: the sidebar just goes.
  await home.click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(name).toHaveValue(seeded);

  // Typed: the sidebar asks; Stay keeps the page and the text.
  await name.fill(`${seeded} Ltd`);
  await home.click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('Your changes on this page are not saved yet');
  await snapshot(page, 'unsaved-changes-question', 'light');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(name).toHaveValue(`${seeded} Ltd`);

  // Another tab would drop the panel: it asks too, and Escape stays.
  await page.getByRole('tab', { name: 'Tenant' }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(name).toHaveValue(`${seeded} Ltd`);

  // Closing the window asks through the browser's own prompt; dismissing it keeps the page.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(name).toHaveValue(`${seeded} Ltd`);

  // Leave without saving: the tab changes, and coming back shows what the server has.
  await page.getByRole('tab', { name: 'Tenant' }).click();
  await question.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Tenant' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(question).toBeHidden();
  await expect(name).toHaveValue(seeded);

  // Saved: nothing is left to lose, the sidebar goes at once; the value is kept after a reload.
  await name.fill(`${seeded} Ltd`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company name saved', { exact: true }).first()).toBeVisible();
  await home.click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  await expect(name).toHaveValue(`${seeded} Ltd`);

  // Back as seeded.
  await name.fill(seeded);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company name saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue(seeded);
  expect(consoleErrors).toEqual([]);
});
