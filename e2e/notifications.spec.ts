/**
 * Notifications end to end (docs/notifications.md): a leave request raises the team lead's bell without a
 * reload, the action item opens the approvals, approving clears it and tells the requester live; a feedback
 * request is an action item that leaves the open panel when answered; ignoring asks first; a person's
 * e-mail switch, saved and reloaded, stops the e-mail; the company's Notification tab saves and reloads.
 */
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, displayDate as display } from '../shared/time.js';
import { ADMIN, EMPLOYEE, PRIYA, TODAY, expect, test } from './fixtures.js';
import { seedAttributes } from './feedback-seed.js';
import { emailsTo, newestDelivery, pushDevicesOf } from './outbox.js';
import { AppFrame } from './pages/app-frame.js';
import { LeavePage } from './pages/leave-page.js';
import { snapshot } from './screenshots.js';

/** An API client with a signed-in page's token. */
const apiWith = (baseURL: string, token: string) =>
  apiRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The bell's badge: how many things want the person (0 when no badge shows). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

/** A leave request of the API's person on the first free working day from `from` days ahead; its day. */
async function requestLeave(api: APIRequestContext, from: number): Promise<string> {
  const types = await json<{ items: { id: number; name: string }[] }>(api, '/api/leave-types');
  const annual = types.items.find((t) => t.name === 'Annual leave')!;
  for (let n = from; n < from + 40; n++) {
    const day = addDays(TODAY, n);
    const res = await api.post('/api/leave-requests', {
      data: { leaveTypeId: annual.id, startDate: day, endDate: day, reason: 'Notifications e2e' },
    });
    if (res.status() === 201) return day;
  }
  throw new Error('no free working day for a leave request');
}

test.describe('notifications', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a leave request reaches the lead live; approving clears the item and tells the requester', async ({
    signedIn,
    server,
  }) => {
    const { page: omar, token: omarToken } = await signedIn(EMPLOYEE.email);
    const { token: adminToken } = await signedIn(ADMIN.email);
    const omarApi = await apiWith(server.baseURL, omarToken);
    const adminApi = await apiWith(server.baseURL, adminToken);
    const approvers = await json<{ po: { id: number }[] }>(omarApi, '/api/leave/approvers');
    const people = await json<{ items: { id: number; email: string; name: string }[] }>(
      adminApi,
      '/api/employees?pageSize=100',
    );
    const lead = people.items.find((p) => p.id === approvers.po[0]!.id)!;
    const { page: leadPage, token: leadToken } = await signedIn(lead.email);
    const leadApi = await apiWith(server.baseURL, leadToken);
    /** The lead's open items and counts as the server has them. */
    const leadServer = () =>
      json<{ unread: number; notifications: { type: string; actor: { name: string } | null; body: string }[] }>(
        leadApi,
        '/api/notification/v2?type=action&limit=50',
      );
    const omarsApprovals = async () =>
      (await leadServer()).notifications.filter((n) => n.type === 'leave-approval' && n.actor?.name === EMPLOYEE.name)
        .length;
    /** Omar's notices about his leave as the server has them. */
    const omarServer = () =>
      json<{ unread: number; notifications: { type: string }[] }>(omarApi, '/api/notification/v2?type=all&limit=50');
    /** The page's bell against the server's unread count: 0 once the bell shows what the server has. The
     * bell is compared with the server rather than with its own count before, since that count may be read
     * before the bell's first answer and anything else reaching the person meanwhile (a reminder the
     * notifications job wrote) is rightly counted too; the message names what the server holds. */
    const bellMatches = async (page: Page, server: () => Promise<{ unread: number }>) =>
      expect
        .poll(async () => (await bellCount(page)) - (await server()).unread, { timeout: 15_000 })
        .toBe(0)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nThe server has: ${JSON.stringify(await server())}`);
        });
    /** The notices telling Omar his leave was approved (a lead's approval forwards it to HR, so either type). */
    const omarsApprovedNotices = async () =>
      (await omarServer()).notifications.filter((n) => n.type === 'leave-forwarded' || n.type === 'leave-approved')
        .length;
    await expect(leadPage.getByTestId('notification-bell')).toBeVisible();
    const approvalsBefore = await omarsApprovals();
    const approvedBefore = await omarsApprovedNotices();

    const day = display(await requestLeave(omarApi, 25));
    // No reload: the stream brings it. First the server holds the lead's item, then the bell shows it.
    await expect.poll(omarsApprovals, { timeout: 15_000 }).toBe(approvalsBefore + 1);
    await bellMatches(leadPage, leadServer);

    await leadPage.getByTestId('notification-bell').click();
    const panel = leadPage.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('tab', { name: /Action items/ })).toHaveAttribute('aria-selected', 'true');
    const item = panel
      .getByTestId('notification-item')
      .filter({ hasText: `${EMPLOYEE.name} asks for Annual leave, ${day}` });
    await expect(item.first()).toBeVisible();
    await snapshot(leadPage, 'notifications-bell', 'light');
    await item.first().getByRole('button').first().click();
    await expect(leadPage).toHaveURL(/\/leave\?tab=pending$/);
    const leave = new LeavePage(leadPage);
    const row = leave.row(EMPLOYEE.name, 'Notifications e2e');
    await expect(row.first()).toBeVisible();
    await leave.act(row.first(), 'Approve', 'Enjoy');
    // The item closed on the server, and the bell follows without a reload. The bell is compared with the
    // server's counts rather than with its count before: anything else that reached the lead meanwhile (a
    // reminder the notifications job wrote) is rightly counted too, and the message names it.
    await expect.poll(omarsApprovals, { timeout: 15_000 }).toBe(approvalsBefore);
    await bellMatches(leadPage, leadServer);

    await expect.poll(omarsApprovedNotices, { timeout: 15_000 }).toBe(approvedBefore + 1);
    await bellMatches(omar, omarServer);
    await omar.getByTestId('notification-bell').click();
    const omarPanel = omar.getByRole('dialog', { name: 'Notifications' });
    await expect(
      omarPanel.getByTestId('notification-item').filter({ hasText: `${lead.name} approved your Annual leave, ${day}` }),
    ).toBeVisible();
    await Promise.all([omarApi.dispose(), adminApi.dispose(), leadApi.dispose()]);
  });

  test('a feedback request is an action item until answered; ignoring asks first; e-mail follows the switch', async ({
    signedIn,
    server,
  }) => {
    const run = Date.now().toString(36);
    const { attributes } = await seedAttributes(server.dataDir, server.now(), `Notify ${run}`, [`Clarity ${run}`]);
    const { token: omarToken } = await signedIn(EMPLOYEE.email);
    const omarApi = await apiWith(server.baseURL, omarToken);
    const options = await json<{ employees: { id: number; name: string }[] }>(
      omarApi,
      '/api/feedback-requests/options',
    );
    const priyaId = options.employees.find((e) => e.name === PRIYA.name)!.id;
    const ask = async (message: string) => {
      const res = await omarApi.post('/api/feedback-requests', {
        data: { employeeIds: [priyaId], attributeIds: [attributes[0]!.id], message },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const { page: priya, token: priyaToken } = await signedIn(PRIYA.email);
    const priyaApi = await apiWith(server.baseURL, priyaToken);
    const mailsBefore = (await emailsTo(server.dataDir, 'priya.ahmed@northwind.example')).length;

    const first = await ask(`First ${run}`);
    await ask(`Second ${run}`);
    await priya.getByTestId('notification-bell').click();
    const panel = priya.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('tab', { name: /Action items/ }).click();
    const asked = panel.getByTestId('notification-item').filter({ hasText: `Clarity ${run}` });
    await expect(asked).toHaveCount(2);
    // E-mail is on for requests by default: one e-mail each.
    await expect
      .poll(async () => (await emailsTo(server.dataDir, 'priya.ahmed@northwind.example')).length)
      .toBe(mailsBefore + 2);

    // Answered (here through the API, as the give form would): it leaves the open panel by itself.
    const omarId = (await json<{ employee: { id: number } }>(omarApi, '/api/me')).employee.id;
    const answered = await priyaApi.post('/api/feedback', {
      data: {
        receiverIds: [omarId],
        ratings: [{ attributeId: attributes[0]!.id, rating: 4 }],
        comment: 'Clear',
        requestId: first,
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
    await expect(asked).toHaveCount(1);

    // Ignoring asks first; cancelling keeps it, confirming takes it away.
    await asked.getByRole('button', { name: 'Ignore' }).click();
    const confirm = priya.getByRole('alertdialog', { name: 'Ignore this notification?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(1);
    await asked.getByRole('button', { name: 'Ignore' }).click();
    await snapshot(priya, 'notifications-ignore', 'light');
    await confirm.getByRole('button', { name: 'Ignore' }).click();
    await expect(asked).toHaveCount(0);

    // Priya switches e-mail off for requests: saved, reloaded, seen; the next request sends no e-mail.
    await panel.getByRole('button', { name: 'Notification settings' }).click();
    await expect(priya).toHaveURL(/\/notifications\/settings$/);
    const box = priya.getByRole('checkbox', { name: 'E-mail: Feedback requests' });
    await expect(box).toBeChecked();
    await box.uncheck();
    await priya.getByRole('button', { name: 'Save' }).click();
    await expect(priya.getByRole('listitem', { name: 'Notification settings saved' })).toBeVisible();
    await priya.reload();
    await expect(priya.getByRole('checkbox', { name: 'E-mail: Feedback requests' })).not.toBeChecked();
    await snapshot(priya, 'notification-settings', 'light');
    const mailsNow = (await emailsTo(server.dataDir, 'priya.ahmed@northwind.example')).length;
    await ask(`Third ${run}`);
    await expect.poll(() => bellCount(priya), { timeout: 15_000 }).toBeGreaterThan(0);
    // Delivered: whatever e-mail it would send is in the outbox by now.
    await expect.poll(() => newestDelivery(server.dataDir, 'priya.ahmed@northwind.example')).toBe('done');
    expect((await emailsTo(server.dataDir, 'priya.ahmed@northwind.example')).length).toBe(mailsNow);
    await Promise.all([omarApi.dispose(), priyaApi.dispose()]);
  });

  test('signing out stops this browser’s push for the person', async ({ signedIn, server }) => {
    const { page, token } = await signedIn(PRIYA.email);
    const api = await apiWith(server.baseURL, token);
    // A browser that turned push on (Chromium here has no push service): its device id, its subscription.
    const deviceId = 'e2e-browser-0001';
    await page.evaluate((id) => localStorage.setItem('teambeat.push.deviceId', id), deviceId);
    const subscription = {
      endpoint: 'https://93.184.216.34/push/e2e-subscription',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };
    const kept = await api.post('/api/notification/register-device-token', {
      data: { token: JSON.stringify(subscription), deviceId },
    });
    expect(kept.status(), await kept.text()).toBe(204);
    expect(await pushDevicesOf(server.dataDir, 'priya.ahmed@northwind.example')).toContain(deviceId);
    await new AppFrame(page).signOut();
    expect(await pushDevicesOf(server.dataDir, 'priya.ahmed@northwind.example')).not.toContain(deviceId);
    await api.dispose();
  });

  test('the company’s Notification tab saves and reloads', async ({ signedIn }) => {
    const { page: admin } = await signedIn(ADMIN.email);
    await admin.goto('/settings');
    await admin.getByRole('tab', { name: 'Notification' }).click();
    const times = admin.getByTestId('digest-times');
    await expect(times).toHaveValue('09:00');
    await times.fill('25:00');
    await expect(admin.getByText('Use a time of day as HH:mm, for example 09:00')).toBeVisible();
    await times.fill('08:30, 17:00');
    await admin.getByTestId('reminder-days').fill('2, 4');
    await admin.getByRole('checkbox', { name: 'Friday' }).check();
    await admin.getByRole('form', { name: 'Notification settings' }).getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('listitem', { name: 'Notification settings saved' })).toBeVisible();
    await admin.reload();
    await admin.getByRole('tab', { name: 'Notification' }).click();
    await expect(admin.getByTestId('digest-times')).toHaveValue('08:30, 17:00');
    await expect(admin.getByTestId('reminder-days')).toHaveValue('2, 4');
    await expect(admin.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    await snapshot(admin, 'settings-notification', 'light');
  });
});
