/**
 * The BioTime integration end to end (docs/devices.md "BioTime"): an admin sets up the connection to a BioTime
 * stand-in started here (tools/biotime-sim) on the Biometric Devices page, saves, reloads and finds it again (the
 * password never shown), tests it (a wrong password is told apart first), pulls now and sees the pull's counts, the
 * terminals listed as devices, and the employee whose employee ID is BioTime's emp_code sees the punches as today's
 * attendance.
 */
import { startBiotimeSim, type BiotimeSim } from '../tools/biotime-sim/biotime.js';
import { BIOTIME_DEMO_ACCOUNT, biotimeDemoData } from '../tools/biotime-sim/data.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { employeeWithoutAttendanceToday, getJson } from './people.js';
import { snapshot } from './screenshots.js';

let sim: BiotimeSim | undefined;
test.afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

test('an admin connects BioTime, tests it, pulls, and the employee sees the punches', async ({
  loginPage,
  frame,
  devices,
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const adminToken = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  const person = await employeeWithoutAttendanceToday(page.request, adminToken);
  const today = (await getJson<{ date: string }>(page.request, adminToken, '/api/attendance/today')).date;
  const [first, ...rest] = person.name.split(' ');
  // Today on the head office terminal (UTC+5, the company's zone): in at 08:30, out at 12:45, before the test clock's
  // 14:00 in Karachi.
  const data = biotimeDemoData({ people: [], days: 0 });
  data.employees.push({
    id: 1,
    empCode: person.employeeIdentificationNo!,
    firstName: first ?? '',
    lastName: rest.join(' '),
    department: 'Operations',
  });
  data.employees.push({ id: 2, empCode: 'BT-UNKNOWN', firstName: 'Visitor', lastName: 'Badge', department: 'Guests' });
  data.transactions.push(
    ...[
      [person.employeeIdentificationNo!, '08:30:00', '0'],
      ['BT-UNKNOWN', '09:15:00', '0'],
      [person.employeeIdentificationNo!, '12:45:00', '1'],
    ].map(([empCode, time, state], i) => ({
      id: i + 1,
      empCode: empCode!,
      punchTime: `${today} ${time}`,
      punchState: state!,
      verifyType: 1,
      terminalSn: 'BT-HQ-0001',
      uploadTime: `${today} ${time}`,
    })),
  );
  sim = await startBiotimeSim(data);

  await devices.open();
  await devices.openTab('BioTime');
  const form = page.getByRole('form', { name: 'BioTime connection' });
  await expect(form).toBeVisible();
  // Early validation, from the shared contract, before anything is sent.
  await form.getByLabel('BioTime server address').fill('ftp://biotime');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('Enter the address as http:// or https://');
  await form.getByLabel('BioTime server address').fill(sim.url);
  await form.getByLabel('BioTime user name').fill(BIOTIME_DEMO_ACCOUNT.username);
  await form.getByLabel('BioTime password').fill('not-the-password');
  await form.getByLabel('Import punches from').fill(today);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('BioTime connection saved').last()).toBeVisible();

  // A wrong password is told apart from an unreachable server.
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('status')).toContainText('BioTime refused the user name or password.');

  await form.getByLabel('BioTime password').fill(BIOTIME_DEMO_ACCOUNT.password);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('BioTime password')).toHaveValue('');

  // Saved: found again after a reload, the password never shown.
  await page.reload();
  await devices.openTab('BioTime');
  await expect(form.getByLabel('BioTime server address')).toHaveValue(sim.url);
  await expect(form.getByLabel('BioTime user name')).toHaveValue(BIOTIME_DEMO_ACCOUNT.username);
  await expect(form.getByLabel('BioTime password')).toHaveValue('');
  await expect(form).toContainText('Stored encrypted. Leave empty to keep it.');
  await expect(form.getByLabel('Import punches from')).toHaveValue(today);

  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('status')).toContainText('2 terminals, 2 employees');

  await form.getByRole('button', { name: 'Pull now' }).click();
  await expect(page.getByText(/^Last pull /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tabpanel').or(page.locator('main'))).toContainText(
    '3 transactions read, 3 new punches, 2 applied to attendance, 1 unmapped, 0 ignored.',
  );
  await expect(page.getByText('2 BioTime terminals added as devices.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Unmapped BioTime employees' })).toHaveText('BT-UNKNOWN: Visitor Badge');
  await snapshot(page, 'devices-biotime', 'light');

  // The terminals are devices now, read through BioTime.
  await devices.openTab('Devices');
  await devices.search('BT-HQ-0001');
  await expect(devices.row('Head office entrance')).toContainText('Read through BioTime');
  await expect(devices.row('Head office entrance')).toContainText('Asia/Karachi');
  expect(consoleErrors).toEqual([]);
  await frame.signOut();

  // The employee: the BioTime punches are today's check-in and check-out, from a device.
  const token = await loginPage.signIn(person.email, DEMO_PASSWORD);
  const mine = await getJson<{ attendance: { checkIn: string; checkOut: string | null; source: string } | null }>(
    page.request,
    token,
    '/api/attendance/today',
  );
  expect(mine.attendance).toMatchObject({
    checkIn: `${today}T03:30:00.000Z`,
    checkOut: `${today}T07:45:00.000Z`,
    source: 'device',
  });
  await frame.openPage('Month view');
  await expect(page.getByText('Biometric device', { exact: true })).toBeVisible();
  await expect(page.getByText('08:30', { exact: true })).toBeVisible();
});
