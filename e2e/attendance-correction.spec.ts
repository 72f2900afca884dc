/**
 * Security review #10, item 8: a device punch is never edited in place. The employee opens a recent day the
 * biometric device recorded, finds "Correct…" instead of Edit and Delete, must give a reason, saves the
 * correction, reloads, and sees both the corrected times and the punch as the device made it (struck through,
 * with a "Corrected" badge and the reason).
 */
import type { APIRequestContext } from '@playwright/test';
import { format } from 'date-fns';
import { addDays } from '../shared/time.js';
import { DEMO_PASSWORD, EMPLOYEE, expect, test, TODAY, ZONE } from './fixtures.js';
import { AttendancePage } from './pages/attendance-page.js';

type Day = {
  date: string;
  attendance: { source: string; checkIn: string; checkOut: string | null; correction: unknown } | null;
};

const display = (date: string) => format(new Date(`${date}T12:00:00`), 'dd-MMM-yyyy');
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** The newest day before today, within the default edit limit (10 days), that a device punched and nobody corrected. */
async function recentPunch(
  request: APIRequestContext,
  token: string,
): Promise<{ date: string; attendance: NonNullable<Day['attendance']> }> {
  const res = await request.get(`/api/attendance/month?month=${TODAY.slice(0, 7)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const { days } = (await res.json()) as { days: Day[] };
  const found = days
    .filter((d) => d.date < TODAY && d.date >= addDays(TODAY, -10))
    .filter((d) => d.attendance?.source === 'device' && d.attendance.correction === null)
    .at(-1);
  if (!found?.attendance) throw new Error('the demo seed gave the e2e employee no recent device punch');
  return { date: found.date, attendance: found.attendance };
}

test('an employee corrects a device punch with a reason; after a reload both the correction and the punch show', async ({
  page,
  loginPage,
  consoleErrors,
}) => {
  const token = await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  const day = await recentPunch(page.request, token);
  const punch = day.attendance;
  const attendance = new AttendancePage(page);

  await page.goto('/month-view');
  await expect(page.getByRole('heading', { level: 1, name: 'Month view' })).toBeVisible();
  await attendance.monthCell(day.date).click();
  const panel = attendance.dayPanel(display(day.date));
  await expect(panel.getByText('Biometric device')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Correct…' }).click();
  const dialog = attendance.dialog();
  await expect(dialog.getByText('Correct punch')).toBeVisible();
  // The work-from-office flag is the punch's evidence: the employee is not offered to change it.
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  const checkOut = '18:45';
  await dialog.getByLabel('Check-out').fill(checkOut);
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog.getByText('A correction needs a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Punched out at the side door, which has no reader');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await attendance.monthCell(day.date).click();
  const reloaded = attendance.dayPanel(display(day.date));
  await expect(reloaded.getByText(checkOut, { exact: true })).toBeVisible();
  await expect(reloaded.getByText('Added by hand')).toBeVisible();
  const corrected = reloaded
    .getByRole('group', { name: 'Corrected punch' })
    .or(reloaded.getByText('Corrected', { exact: true }));
  await expect(corrected.first()).toBeVisible();
  await expect(reloaded.getByTestId('original-punch')).toHaveText(
    `${timeOf(punch.checkIn)}–${punch.checkOut ? timeOf(punch.checkOut) : '…'}`,
  );
  await expect(reloaded).toContainText('Punched out at the side door, which has no reader');
  // The correction is edited like a hand-made entry from now on.
  await expect(reloaded.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
