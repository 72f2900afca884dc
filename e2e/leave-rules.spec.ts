/**
 * Leave rules end to end: the admin adds a leave type with three days' notice and at most two working
 * days per request (validated early in the dialog), the table shows its rules, and the employee's request
 * dialog shows them in one line and refuses a too-early start with the same message the server answers.
 * The type gets a unique name and is switched off at the end, so reruns and other specs are not affected.
 */
import { addDays, dayOfWeek } from '../shared/time.js';
import { apiAs } from './api-client.js';
import { ADMIN, EMPLOYEE, expect, test, TODAY } from './fixtures.js';
import { snapshot } from './screenshots.js';

const NOTICE = 'This leave type needs more notice: choose a later start date.';
const RULES_LINE = "At least 3 days' notice · up to 2 working days per request";

type Rules = { today: string; weekendDays: number[]; types: { leaveTypeId: number; name: string; summary: string }[] };

test('a leave type with notice: set in Settings, shown and refused early in the request dialog', async ({
  signedIn,
  server,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Planned ${Date.now().toString(36)}`;
  const { page: admin } = await signedIn(ADMIN.email);
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'Leaves' }).click();
  await admin.getByRole('button', { name: 'Add leave type' }).click();
  const form = admin.getByRole('form', { name: 'Add leave type' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Yearly quota (working days)').fill('5');
  await form.getByLabel('Minimum notice (days)').fill('400');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Notice must be between 0 and 365 days')).toBeVisible();
  await form.getByLabel('Minimum notice (days)').fill('3');
  // Notice rules out past days: the switch turns off and cannot be turned on.
  await expect(form.getByRole('switch', { name: 'Allow requests for past days' })).toBeDisabled();
  await expect(form.getByRole('switch', { name: 'Allow requests for past days' })).not.toBeChecked();
  await form.getByLabel('Most working days per request').fill('2');
  await expect(form.getByTestId('rules-preview')).toHaveText(RULES_LINE);
  await snapshot(admin, 'settings-leave-type-rules', 'light');
  const created = admin.waitForResponse((r) => r.url().endsWith('/api/leave-types') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(form).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: name })).toContainText(RULES_LINE);
  await snapshot(admin, 'settings-leave-rules-table', 'light');

  const employeeApi = await apiAs(server.baseURL, EMPLOYEE.email);
  const rules = (await (await employeeApi.get('/api/leave/rules')).json()) as Rules;
  const type = rules.types.find((t) => t.name === name)!;
  expect(type.summary).toBe(RULES_LINE);
  expect(rules.today).toBe(TODAY); // the server's day is the test clock's
  // A working day less than three days ahead (today, tomorrow or the day after): on the test clock's
  // Wednesday, today is one.
  const early = [0, 1, 2].map((n) => addDays(rules.today, n)).find((d) => !rules.weekendDays.includes(dayOfWeek(d)));
  if (!early) throw new Error(`no working day within three days of ${rules.today}`);

  const { page: omar } = await signedIn(EMPLOYEE.email);
  await omar.goto('/leave');
  const dialog = omar.getByRole('dialog', { name: 'Request leave' });
  const openDialog = async () => {
    await omar.getByRole('button', { name: 'Request leave' }).click();
    await dialog.getByRole('combobox', { name: 'Leave type' }).click();
    await omar.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(dialog.getByTestId('leave-rules')).toHaveText(RULES_LINE);
    await dialog.getByLabel('From').fill(early);
    await dialog.getByLabel('To').fill(early);
    await dialog.getByLabel('Reason').fill('Too soon');
    await expect(dialog.getByText(NOTICE)).toBeVisible();
  };
  await openDialog();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText(NOTICE)).toBeVisible(); // refused before sending: the dialog stays
  // The server answers the same, and stores nothing.
  const refused = await employeeApi.post('/api/leave-requests', {
    data: { leaveTypeId: type.leaveTypeId, startDate: early, endDate: early, reason: 'Too soon' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(NOTICE);
  await snapshot(omar, 'leave-request-notice', 'light');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await omar.getByTestId('user-menu').click();
  await omar.getByRole('menuitemradio', { name: 'Dark' }).click();
  await omar.keyboard.press('Escape');
  await openDialog();
  await snapshot(omar, 'leave-request-notice', 'dark');

  // Leave the shared database tidy: the type is switched off (types cannot be deleted).
  const adminApi = await apiAs(server.baseURL, ADMIN.email);
  const off = await adminApi.put(`/api/leave-types/${type.leaveTypeId}/status`, { data: { isActive: false } });
  expect(off.ok()).toBe(true);
  await Promise.all([employeeApi.dispose(), adminApi.dispose()]);
});
