/**
 * Leave, completed (issue 11): an employee edits a pending request and sees it after a reload; the team lead
 * approves, HR sends it back, the lead escalates it to HR, and the requester reads all of it in the history
 * with the approvers; HR picks an employee and sees their leave.
 */
import { addDays, dayOfWeek, displayDate as display } from '../shared/time.js';
import { apiAs, readJson as getJson } from './api-client.js';
import { ADMIN, EMPLOYEE, expect, test, TODAY } from './fixtures.js';
import { LeavePage } from './pages/leave-page.js';
import { snapshot } from './screenshots.js';

const WEEKEND = [0, 6]; // the demo company's weekend_days

type Person = { id: number; name: string };

test.describe('leave, completed', () => {
  test.describe.configure({ timeout: 240_000 });

  test('edit a pending request, send it back and escalate it; the requester sees history and approvers', async ({
    server,
    signedIn,
  }) => {
    const omarApi = await apiAs(server.baseURL, EMPLOYEE.email);
    const admin = await apiAs(server.baseURL, ADMIN.email);
    const holidays = new Set(
      (await getJson<{ items: { date: string; isActive: boolean }[] }>(admin, '/api/holidays')).items
        .filter((h) => h.isActive)
        .map((h) => h.date),
    );
    const isWorking = (day: string) => !WEEKEND.includes(dayOfWeek(day)) && !holidays.has(day);
    // Two working days in a row, well after the days leave.spec.ts asks for.
    let first = addDays(TODAY, 15);
    while (!isWorking(first) || !isWorking(addDays(first, 1))) first = addDays(first, 1);
    const second = addDays(first, 1);
    expect(second.slice(0, 4)).toBe(TODAY.slice(0, 4));
    const approvers = await getJson<{ po: Person[]; hr: Person[] }>(omarApi, '/api/leave/approvers');
    const lead = approvers.po[0]!;
    const hr = approvers.hr.find((h) => h.id !== lead.id)!;
    const emails = await getJson<{ items: { id: number; email: string }[] }>(admin, '/api/employees?pageSize=100');
    const emailOf = (id: number) => emails.items.find((e) => e.id === id)!.email;

    const omar = await signedIn(EMPLOYEE.email);
    const omarLeave = new LeavePage(omar.page);
    await omarLeave.open();
    await omarLeave.requestLeave({
      type: 'Annual leave',
      from: first,
      to: first,
      reason: 'First plan',
      workingDays: 1,
    });

    // Edit: one more day and a new reason; saved, and still there after a reload.
    await omarLeave.row(display(first)).getByRole('button', { name: 'Edit' }).click();
    const dialog = omar.page.getByRole('dialog', { name: 'Edit leave request' });
    await expect(dialog.getByLabel('From')).toHaveValue(first);
    await dialog.getByLabel('To').fill(second);
    await expect(dialog.getByTestId('working-days')).toHaveText('2');
    await dialog.getByLabel('Reason').fill('Two days after all');
    await snapshot(omar.page, 'leave-edit-dialog', 'light');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await omar.page.reload();
    const mine = omarLeave.row(display(first), display(second));
    await expect(mine).toContainText('Two days after all');
    await expect(mine).toContainText('Pending team lead / PO approval');

    // Asking again for a day it holds: the dialog says which request is in the way, with its dates.
    await omar.page.getByRole('button', { name: 'Request leave' }).click();
    const asked = omar.page.getByRole('dialog', { name: 'Request leave' });
    await asked.getByRole('combobox', { name: 'Leave type' }).click();
    await omar.page.getByRole('option', { name: /^Annual leave/ }).click();
    await asked.getByLabel('From').fill(second);
    await asked.getByLabel('To').fill(second);
    await asked.getByLabel('Reason').fill('Forgot I asked');
    await asked.getByRole('button', { name: 'Send request' }).click();
    await expect(
      asked.getByText(
        `These dates overlap your leave request of ${display(first)} to ${display(second)}, still waiting for approval.`,
      ),
    ).toBeVisible();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toBeHidden();

    // The lead approves; HR sends it back; the lead passes it to HR undecided.
    const leadPage = await signedIn(emailOf(lead.id));
    const leadLeave = new LeavePage(leadPage.page);
    await leadLeave.open();
    await leadLeave.showPending();
    await leadLeave.act(leadLeave.row(EMPLOYEE.name, display(second)), 'Approve', 'Fine by the team');

    const hrPage = await signedIn(emailOf(hr.id));
    const hrLeave = new LeavePage(hrPage.page);
    await hrLeave.open();
    await hrLeave.showPending();
    const forHr = hrLeave.row(EMPLOYEE.name, display(second));
    await expect(forHr).toContainText('Approved by team lead / PO');
    await hrLeave.act(forHr, 'Send back', 'Check the release week first');
    await expect(forHr).toHaveCount(0);

    await leadPage.page.reload();
    await leadLeave.showPending();
    const again = leadLeave.row(EMPLOYEE.name, display(second));
    await expect(again).toContainText('Pending team lead / PO approval');
    await leadLeave.act(again, 'Escalate', 'HR knows the release plan');

    await hrPage.page.reload();
    await hrLeave.showPending();
    await expect(hrLeave.row(EMPLOYEE.name, display(second))).toContainText('Pending HR approval');

    // The requester reads what happened, and who approves.
    await omar.page.reload();
    await expect(mine).toContainText('Pending HR approval');
    await mine.getByRole('button', { name: 'Details' }).click();
    const history = omar.page.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(5);
    await expect(history.nth(1)).toContainText(`Edited: Pending team lead / PO approval · ${EMPLOYEE.name}`);
    await expect(history.nth(2)).toContainText(`Approved by team lead / PO · ${lead.name} (Team lead / PO)`);
    await expect(history.nth(3)).toContainText(`Sent back: Pending team lead / PO approval · ${hr.name} (HR)`);
    await expect(history.nth(4)).toContainText(`Escalated: Pending HR approval · ${lead.name} (Team lead / PO)`);
    await expect(history.nth(4)).toContainText('HR knows the release plan');
    const shown = omar.page.getByTestId('leave-approvers');
    await expect(shown).toContainText(`Team lead / PO: ${approvers.po.map((p) => p.name).join(', ')}`);
    await expect(shown).toContainText(`HR: ${approvers.hr.map((p) => p.name).join(', ')}`);
    await snapshot(omar.page, 'leave-history-approvers', 'light');
    await omar.page.keyboard.press('Escape');

    // Decided requests are no longer editable; cancelling leaves the days free for other specs.
    await omarLeave.act(mine, 'Cancel request', 'No longer needed');
    await expect(mine).toContainText('Cancelled by HR');
    await expect(mine.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await Promise.all([omarApi.dispose(), admin.dispose()]);
  });

  test('HR picks an employee and sees their balance and requests', async ({ server, signedIn }) => {
    const omarApi = await apiAs(server.baseURL, EMPLOYEE.email);
    const approvers = await getJson<{ hr: Person[] }>(omarApi, '/api/leave/approvers');
    const admin = await apiAs(server.baseURL, ADMIN.email);
    const emails = await getJson<{ items: { id: number; email: string }[] }>(admin, '/api/employees?pageSize=100');
    const hr = approvers.hr[0]!;
    const hrPage = await signedIn(emails.items.find((e) => e.id === hr.id)!.email);
    const leave = new LeavePage(hrPage.page);
    await leave.open();

    const picker = hrPage.page.getByRole('combobox', { name: 'Employee' });
    await picker.clear();
    await picker.pressSequentially('Omar', { delay: 50 });
    await expect(picker).toHaveValue('Omar');
    await hrPage.page.getByRole('option', { name: EMPLOYEE.name }).first().click();
    await expect(picker).toHaveValue(EMPLOYEE.name);
    await expect(hrPage.page.getByText(`The balance this year and the requests of ${EMPLOYEE.name}.`)).toBeVisible();
    const list = hrPage.page.getByRole('region', { name: `Leave requests of ${EMPLOYEE.name}` });
    await expect(list).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    // Read only: no action of the requester or of an approver here.
    await expect(list.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
    await expect(hrPage.page.getByRole('button', { name: 'Request leave' })).toHaveCount(0);

    // The balance is Omar's: the same numbers the API gives him.
    const details = await getJson<{ remainingLeaves: number; totalLeavesBooked: number }>(
      omarApi,
      '/api/leave/details',
    );
    await expect(hrPage.page.getByTestId('balance-remaining')).toContainText(String(details.remainingLeaves));
    await expect(hrPage.page.getByTestId('balance-booked')).toContainText(String(details.totalLeavesBooked));
    await snapshot(hrPage.page, 'leave-employee-picked', 'light');

    // A reload keeps the employee (it is in the address).
    await hrPage.page.reload();
    await expect(list).toBeVisible();
    await expect(picker).toHaveValue(EMPLOYEE.name);
    await Promise.all([omarApi.dispose(), admin.dispose()]);
  });
});
