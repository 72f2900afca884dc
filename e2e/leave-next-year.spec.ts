/**
 * Booking leave into next year end to end: while the setting is off (the default), the employee's request
 * dialog refuses a date of next year before sending; the admin opens next year from June (the test clock's
 * month) in Settings > Leaves, the value is still there after a reload, and the employee then books a day of
 * next year. The request is cancelled and the setting closed again at the end, so other specs are not affected.
 */
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '../shared/time.js';
import { ADMIN, EMPLOYEE, expect, test, TODAY } from './fixtures.js';
import { snapshot } from './screenshots.js';

const OUTSIDE = 'Leave dates must be within the current year (or next year, once your company opens it).';
const SETTING = 'Next year opens for requests';

type Rules = {
  weekendDays: number[];
  bookable: { nextYearFromMonth: number | null; to: string };
  types: {
    leaveTypeId: number;
    name: string;
    kind: string;
    yearlyQuota: number | null;
    earliestStart: string | null;
  }[];
};

const api = (base: string, token: string): Promise<APIRequestContext> =>
  apiRequest.newContext({ baseURL: base, extraHTTPHeaders: { authorization: `Bearer ${token}` } });

/** Opens the request dialog with a type and one day, and a reason. */
async function fillRequest(page: Page, typeName: string, day: string) {
  await page.getByRole('button', { name: 'Request leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request leave' });
  await dialog.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: new RegExp(`^${typeName}`) }).click();
  await dialog.getByLabel('From').fill(day);
  await dialog.getByLabel('To').fill(day);
  await dialog.getByLabel('Reason').fill('New year trip');
  return dialog;
}

test('booking into next year: refused while off, opened from a month in Settings, then booked', async ({
  signedIn,
  server,
}) => {
  test.setTimeout(180_000);
  const { page: omar, token: omarToken } = await signedIn(EMPLOYEE.email);
  const { page: admin, token: adminToken } = await signedIn(ADMIN.email);
  const omarApi = await api(server.baseURL, omarToken);
  const adminApi = await api(server.baseURL, adminToken);
  const nextYear = Number(TODAY.slice(0, 4)) + 1;
  const rules = (await (await omarApi.get('/api/leave/rules')).json()) as Rules;
  expect(rules.bookable).toEqual({ nextYearFromMonth: null, to: `${nextYear - 1}-12-31` });
  const type = rules.types.find((t) => t.kind === 'quota' && (t.yearlyQuota ?? 0) > 0 && t.earliestStart === null)!;
  // The first working day of next year's second week that is no holiday.
  const holidays = (
    (await (await adminApi.get(`/api/holidays?year=${nextYear}`)).json()) as { items: { date: string }[] }
  ).items.map((h) => h.date);
  let day = `${nextYear}-01-06`;
  while (rules.weekendDays.includes(new Date(`${day}T00:00:00Z`).getUTCDay()) || holidays.includes(day))
    day = addDays(day, 1);

  // Off: the dialog refuses next year before sending, with the server's message.
  await omar.goto('/leave');
  let dialog = await fillRequest(omar, type.name, day);
  await expect(dialog.getByText(OUTSIDE)).toBeVisible();
  await expect(dialog.getByLabel('From')).toHaveAttribute('max', `${nextYear - 1}-12-31`);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText(OUTSIDE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The admin opens next year from June (the test clock's month), saves, reloads and sees it.
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'Leaves' }).click();
  const card = admin.getByRole('form', { name: 'Booking into next year' });
  const setting = card.getByRole('combobox', { name: SETTING });
  await expect(setting.locator('option:checked')).toHaveText('Never: current year only');
  await setting.selectOption({ label: 'From June' });
  const saved = admin.waitForResponse((r) => r.url().endsWith('/api/leave/settings') && r.request().method() === 'PUT');
  await card.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snapshot(admin, 'settings-leave-next-year', 'light');
  await admin.reload();
  await admin.getByRole('tab', { name: 'Leaves' }).click();
  await expect(
    admin
      .getByRole('form', { name: 'Booking into next year' })
      .getByRole('combobox', { name: SETTING })
      .locator('option:checked'),
  ).toHaveText('From June');

  // Open: the employee books the day of next year.
  await omar.reload();
  dialog = await fillRequest(omar, type.name, day);
  await expect(dialog.getByLabel('From')).toHaveAttribute('max', `${nextYear}-12-31`);
  await expect(dialog.getByText(OUTSIDE)).toBeHidden();
  await expect(dialog.getByTestId('working-days')).toHaveText('1');
  const created = omar.waitForResponse(
    (r) => r.url().endsWith('/api/leave-requests') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send request' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const mine = (await (await omarApi.get('/api/leave-requests')).json()) as {
    items: { id: number; startDate: string; status: number }[];
  };
  const booked = mine.items.find((r) => r.startDate === day);
  expect(booked).toBeDefined();

  // Tidy: the request cancelled, next year closed again.
  const cancelled = await omarApi.post(`/api/leave-requests/${booked!.id}/actions`, {
    data: { action: 3, reason: 'Test done' },
  });
  expect(cancelled.ok()).toBe(true);
  const closed = await adminApi.put('/api/leave/settings', { data: { leaveNextYearFromMonth: null } });
  expect(closed.ok()).toBe(true);
  await Promise.all([omarApi.dispose(), adminApi.dispose()]);
});
