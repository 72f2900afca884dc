/**
 * An employee's working day: check in, a refused early check-out, a break ended in its first minute (cancelled,
 * with a clear message), a break, a manual edit with a rule error shown in the dialog, a confirmed check-out
 * undone and made again, the month view with today's hours, and a confirmed delete that leaves today as it was
 * (the demo seed gives this employee no attendance today).
 */
import { format } from 'date-fns';
import { DEMO_PASSWORD, EMPLOYEE, expect, test, TODAY, ZONE } from './fixtures.js';
import { AttendancePage } from './pages/attendance-page.js';
import { snapshot } from './screenshots.js';

/** The time of day on the server's clock in the tenant's zone, in minutes. */
function minutesOfDay(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Number(parts['hour']) * 60 + Number(parts['minute']);
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const display = (date: string) => format(new Date(`${date}T12:00:00`), 'dd-MMM-yyyy');

test('an employee checks in, takes a break, corrects the day, checks out, sees the month and deletes the day', async ({
  page,
  loginPage,
  consoleErrors,
  server,
}) => {
  // A break must last a minute (workforce §5), so the test waits for one real minute.
  test.setTimeout(180_000);
  // The server's day starts at 14:00 in Karachi (TEST_NOW): two hours before now is the same day.
  const now = { date: TODAY, minutes: minutesOfDay(server.now()) };
  const attendance = new AttendancePage(page);
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  // Home shows today's card too.
  await attendance.expectState('Not checked in');
  await attendance.open();

  await attendance.act('Check in');
  await attendance.expectState('Checked in');
  await expect(page.getByTestId('worked-timer')).toHaveText(/^00:00:0\d$/);

  // Checking out straight away breaks the 1-minute rule: the spec's text is shown, the confirmation stays.
  await attendance.checkOut();
  await attendance.expectErrorToast('Check-out must be at least 1 minute after check-in.');
  await attendance.checkOutConfirm().getByRole('button', { name: 'Cancel' }).click();
  await expect(attendance.checkOutConfirm()).toBeHidden();
  await attendance.expectState('Checked in');

  // A break ended within its first minute is cancelled, said so, and the day goes on (Check out offered).
  await attendance.act('Start break');
  await attendance.expectState('On a break');
  await attendance.act('End break');
  await expect(page.getByText('Break cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('It lasted less than a minute, so it was not recorded.', { exact: true })).toBeVisible();
  await attendance.expectState('Checked in');
  await expect(attendance.todayCard().getByRole('button', { name: 'Check out' })).toBeVisible();
  // Every time on the card says its zone: the company's.
  await expect(attendance.todayCard().getByTestId('company-time')).toHaveText(
    'Times in company time: Asia/Karachi (GMT+5)',
  );

  await attendance.act('Start break');
  await attendance.expectState('On a break');
  const breakStarted = Date.now();

  // Meanwhile, correct the check-in by hand; a check-out before it is refused in the dialog itself.
  const panel = attendance.dayPanel(display(now.date));
  await panel.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = attendance.dialog();
  await expect(dialog.getByText('Edit attendance')).toBeVisible();
  const checkIn = now.minutes - 120;
  await dialog.getByLabel('Check-in').fill(hhmm(checkIn));
  await dialog.getByLabel('Check-out').fill(hhmm(checkIn - 1));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Check-out must be at least 1 minute after check-in.')).toBeVisible();
  await expect(dialog.getByText('Ensure all fields are filled correctly.')).toBeVisible();
  await snapshot(page, 'attendance-dialog', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snapshot(page, 'attendance-dialog', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByLabel('Check-out').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(hhmm(checkIn), { exact: true })).toBeVisible();
  await expect(panel.getByText('Added by hand').or(panel.getByText('Web'))).toBeVisible();

  await snapshot(page, 'attendance-today', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snapshot(page, 'attendance-today', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.waitForTimeout(Math.max(0, 62_000 - (Date.now() - breakStarted)));
  await attendance.act('End break');
  await attendance.expectState('Checked in');
  await attendance.checkOut();
  await attendance.expectState('Checked out');
  // Checked out by mistake: undone within the window, the open day comes back as it was.
  await expect(attendance.todayCard().getByText(/You can undo it until \d\d:\d\d\./)).toBeVisible();
  await attendance.act('Undo check-out');
  await expect(page.getByText('Check-out undone', { exact: true })).toBeVisible();
  await attendance.expectState('Checked in');
  await expect(panel.getByText('Still at work')).toBeVisible();
  await attendance.checkOut();
  await attendance.expectState('Checked out');
  await expect(panel.getByRole('table', { name: 'Breaks' }).locator('tbody tr')).toHaveCount(1);
  const worked = (
    await panel.getByText('Worked', { exact: true }).locator('xpath=following-sibling::*[1]').innerText()
  ).trim();
  // Whole hours read "2h", others "1h 58m" or "58m" (shared/duration.ts).
  expect(worked).toMatch(/^\d+h( \d+m)?$|^\d+m$/);

  // The month view shows today's hours.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Month view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Month view' })).toBeVisible();
  const cell = attendance.monthCell(now.date);
  await expect(cell).toContainText(worked);
  await expect(cell).toHaveAccessibleName(new RegExp(`worked ${worked}.*today`));
  await expect(page.getByRole('region', { name: 'Past 3 months' })).toContainText('Worked');
  // The WFO icon and the colours have a legend; only the running month's totals are "so far".
  await expect(page.getByTestId('calendar-legend')).toContainText('Work from office');
  const monthName = format(new Date(`${now.date}T12:00:00`), 'MMMM yyyy');
  await expect(page.getByRole('heading', { name: `${monthName} so far` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hours statistics' })).toContainText('Present days');
  await snapshot(page, 'month-view', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snapshot(page, 'month-view', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Delete the day, after confirming.
  const monthPanel = attendance.dayPanel(display(now.date));
  await monthPanel.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete attendance?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cell).toContainText(worked);
  await monthPanel.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete attendance' }).click();
  await expect(confirm).toBeHidden();
  await expect(monthPanel.getByText('No attendance on this day')).toBeVisible();
  await expect(cell).not.toContainText(worked);

  await attendance.open();
  await attendance.expectState('Not checked in');
  // The one refused request is the early check-out above; Chromium logs every non-2xx answer.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});
