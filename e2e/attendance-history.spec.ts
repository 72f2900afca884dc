/**
 * Issue 11: a team lead who may edit a member's attendance also reads its change history. Chen Okafor (Team Lead
 * of Web) picks Ayesha Fischer on the month view, adds her attendance of last Saturday, reloads, sees it, and opens
 * its history, whose times say they are company time. An earlier month's totals are not "so far".
 */
import { format } from 'date-fns';
import { addDays, dayOfWeek } from '../shared/time.js';
import { AYESHA, DEMO_PASSWORD, expect, LEAD, test, TODAY } from './fixtures.js';

const display = (date: string) => format(new Date(`${date}T12:00:00`), 'dd-MMM-yyyy');

test('a lead adds a team member’s day and reads its history', async ({ page, loginPage, consoleErrors }) => {
  // The last Saturday of this month before today: a weekend, so the seed left it empty.
  let day = addDays(TODAY, -1);
  while (dayOfWeek(day) !== 6) day = addDays(day, -1);
  expect(day.slice(0, 7)).toBe(TODAY.slice(0, 7));

  await loginPage.signIn(LEAD.email, DEMO_PASSWORD);
  const pick = async () => {
    await page.goto('/month-view');
    const picker = page.getByRole('combobox', { name: 'Employee' });
    await picker.click();
    await picker.fill('Ayesha');
    await page.getByRole('option', { name: AYESHA.name }).click();
    await expect(page.getByText(`Attendance of ${AYESHA.name}`)).toBeVisible();
    await page.locator(`[role="gridcell"][data-date="${day}"]`).click();
    return page.getByRole('group', { name: `Attendance on ${display(day)}` });
  };
  let panel = await pick();
  await panel.getByRole('button', { name: 'Add attendance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Check-in').fill('10:00');
  await dialog.getByLabel('Check-out').fill('13:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  panel = await pick();
  await expect(panel.getByText('10:00', { exact: true })).toBeVisible();
  await expect(panel.getByText('13:30', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('company-time')).toHaveText('Times in company time: Asia/Karachi (GMT+5)');

  await panel.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Change history' });
  await expect(history.getByRole('table', { name: 'Change history' })).toContainText(LEAD.name);
  await expect(history.getByTestId('company-time')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).first().click();

  // The previous month is complete: its totals are not "so far".
  await page.getByRole('button', { name: 'Previous month' }).click();
  const previous = format(new Date(`${addDays(`${TODAY.slice(0, 7)}-01`, -1)}T12:00:00`), 'MMMM yyyy');
  await expect(page.getByRole('heading', { name: `Totals of ${previous}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /so far/ })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
