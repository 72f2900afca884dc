/**
 * Compensatory leave is earned (docs/leave-workflow.md "Compensatory leave"): HR records a Saturday the
 * employee worked, the employee's balance shows one more day earned, the request dialog refuses more days
 * than are left (naming the leave type), and a request within them is sent and held.
 */
import { addDays, dayOfWeek } from '../shared/time.js';
import { apiAs } from './api-client.js';
import { ADMIN, DEMO_PASSWORD, expect, PRIYA, test, TODAY } from './fixtures.js';
import { LeavePage } from './pages/leave-page.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

const WEEKEND = [0, 6]; // the demo company's weekend_days

type CompType = {
  id: number;
  kind: string;
  earned: number | null;
  remaining: number | null;
  pending: number;
};

test('a worked Saturday earns a compensatory day, which the employee sees and books', async ({
  newContext,
  server,
}) => {
  const admin = await apiAs(server.baseURL, ADMIN.email);
  const priya = await apiAs(server.baseURL, PRIYA.email);
  const compOf = async (): Promise<CompType> => {
    const details = (await (await priya.get('/api/leave/details')).json()) as { leaveTypes: CompType[] };
    return details.leaveTypes.find((t) => t.kind === 'compensatory')!;
  };
  const before = await compOf();
  const holidays = new Set(
    ((await (await admin.get('/api/holidays')).json()) as { items: { date: string; isActive: boolean }[] }).items
      .filter((h) => h.isActive)
      .map((h) => h.date),
  );
  const isWorking = (day: string) => !WEEKEND.includes(dayOfWeek(day)) && !holidays.has(day);

  // A Saturday three weeks back (the demo's own weekend work is on last month's last weekend days): 09:00–15:00
  // in Karachi, six hours, at least half the working day.
  let saturday = addDays(TODAY, -21);
  while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, -1);
  const me = (await (await priya.get('/api/me')).json()) as { employee: { id: number } };
  const created = await admin.post('/api/attendance', {
    data: { employeeId: me.employee.id, checkIn: `${saturday}T04:00:00.000Z`, checkOut: `${saturday}T10:00:00.000Z` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const after = await compOf();
  expect(after.earned).toBe(before.earned! + 1);

  const context = await newContext();
  const page = await context.newPage();
  await new LoginPage(page).signIn(PRIYA.email, DEMO_PASSWORD);
  const leave = new LeavePage(page);
  await leave.open();
  const card = page.getByTestId(`balance-type-${after.id}`);
  await expect(card).toContainText(`${after.earned} earned`);
  await expect(card).toContainText(`${after.remaining} left`);
  await snapshot(page, 'leave-compensatory', 'light');

  // Far ahead, clear of the demo’s requests: one working day more than is left is refused before sending.
  let start = addDays(TODAY, 45);
  while (!isWorking(start)) start = addDays(start, 1);
  const left = (await compOf()).remaining!; // earned minus taken; the dialog also holds pending days back
  let end = start;
  for (let n = 1; n < left + 2;) {
    end = addDays(end, 1);
    if (isWorking(end)) n += 1;
  }
  expect(end.slice(0, 4)).toBe(TODAY.slice(0, 4));
  await page.getByRole('button', { name: 'Request leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request leave' });
  await dialog.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: /^Compensatory leave/ }).click();
  await dialog.getByLabel('From').fill(start);
  await dialog.getByLabel('To').fill(end);
  await expect(dialog.getByText(/Not enough compensatory days earned for these dates/)).toBeVisible();
  await snapshot(page, 'leave-compensatory-refused', 'light');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // One day is within what was earned: sent, pending, and held back from what may still be asked.
  await leave.requestLeave({
    type: 'Compensatory leave',
    from: start,
    to: start,
    reason: 'Rest after the Saturday',
    workingDays: 1,
  });
  await page.reload();
  const rowDate = `${start.slice(8, 10)}-${new Date(`${start}T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}-${start.slice(0, 4)}`;
  await expect(leave.row(rowDate)).toContainText('Compensatory leave');
  const final = await compOf();
  expect(final).toMatchObject({ earned: after.earned, pending: after.pending + 1 });
  await expect(card).toContainText(`${final.earned} earned`);
  await expect(card).toContainText(`${final.pending} pending`);
  await Promise.all([admin.dispose(), priya.dispose()]);
});
