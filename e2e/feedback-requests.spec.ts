/**
 * Feedback requests and flags end to end: the administrator sets how long requests stay open (saved,
 * reloaded, seen); an employee asks two colleagues for feedback; one of them declines with a reason and the
 * requester sees it; a feedback flagged through the API shows in the reviewers' queue with a count in the
 * sidebar, is escalated, then approved from HR's queue, each decision confirmed.
 */
import { request as apiRequest, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, PRIYA, QUINN, expect, test } from './fixtures.js';
import { seedAttributes, seedFeedback } from './feedback-seed.js';
import { LoginPage } from './pages/login-page.js';

async function openRequests(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Feedback requests' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback requests' })).toBeVisible();
}

/** Picks options of a Fluent multiselect dropdown (checkbox items) by their names, then closes it. */
async function pick(page: Page, label: string, names: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  for (const name of names) await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('asking for feedback, declining, and the requester seeing it', async ({ page, signedIn, server }) => {
  // Three people sign in and the settings are saved and reloaded: longer than the default minute.
  test.slow();
  const run = Date.now().toString(36);
  await seedAttributes(server.dataDir, server.now(), `Communication ${run}`, [`Clarity ${run}`, `Listening ${run}`]);

  // The administrator sets how long requests stay open: saved, reloaded, seen.
  const admin = page;
  await new LoginPage(admin).signIn(ADMIN.email, DEMO_PASSWORD);
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'Feedback' }).click();
  const expiry = admin.getByRole('spinbutton', { name: 'Days a request stays open' });
  await expect(expiry).toHaveValue('30');
  await expiry.fill('400');
  await expect(admin.getByText('Enter a whole number from 1 to 365')).toBeVisible();
  await expiry.fill('14');
  await admin.getByRole('form', { name: 'Feedback request settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('New requests stay open 14 days', { exact: true })).toBeVisible();
  await admin.reload();
  await admin.getByRole('tab', { name: 'Feedback' }).click();
  await expect(admin.getByRole('spinbutton', { name: 'Days a request stays open' })).toHaveValue('14');

  // Omar asks Priya and Quinn about himself.
  const { page: omar } = await signedIn(EMPLOYEE.email);
  await openRequests(omar);
  await omar.getByRole('tab', { name: 'My requests' }).click();
  await expect(omar.getByText('You have not asked for feedback yet')).toBeVisible();
  await omar.getByRole('button', { name: 'Ask for feedback' }).first().click();
  const dialog = omar.getByRole('dialog', { name: 'Ask for feedback' });
  await expect(dialog.getByText('The request stays open 14 days')).toBeVisible();
  // Sending empty shows what is missing, field by field.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Choose a team or up to 5 employees')).toBeVisible();
  await expect(dialog.getByText('Choose at least one attribute')).toBeVisible();
  await pick(omar, 'Colleagues', [PRIYA.name, QUINN.name]);
  await expect(dialog.getByText('2 of 5 chosen')).toBeVisible();
  await pick(omar, 'Attributes', [`Clarity ${run}`, `Listening ${run}`]);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('How did my sprint demo land?');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(omar.getByText('2 people asked', { exact: true })).toBeVisible();
  await omar.reload();
  const mine = omar.locator('[data-testid^="mine-"]').first();
  await expect(mine).toContainText('How did my sprint demo land?');
  await expect(mine).toContainText('0 of 2 answered');
  await expect(mine.getByText(PRIYA.name)).toBeVisible();
  await expect(mine.getByText(QUINN.name)).toBeVisible();

  // Priya declines, with a reason, after confirming.
  const { page: priya } = await signedIn(PRIYA.email);
  await openRequests(priya);
  const asked = priya.locator('[data-testid^="asked-"]').filter({ hasText: 'How did my sprint demo land?' });
  await expect(asked).toContainText(`${EMPLOYEE.name} asks for your feedback`);
  await expect(asked).toContainText(`Clarity ${run}`);
  await expect(asked.getByTestId('request-status')).toHaveText('Waiting');
  await asked.getByRole('button', { name: 'Decline' }).click();
  const confirm = priya.getByRole('alertdialog', { name: 'Decline this request?' });
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('I missed the demo');
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await expect(confirm).toBeHidden();
  await expect(asked.getByTestId('request-status')).toHaveText('Declined');
  await priya.reload();
  await expect(
    priya
      .locator('[data-testid^="asked-"]')
      .filter({ hasText: 'How did my sprint demo land?' })
      .getByTestId('request-status'),
  ).toHaveText('Declined');

  // Omar sees who declined and why; Quinn has not answered yet.
  await omar.reload();
  const updated = omar.locator('[data-testid^="mine-"]').first();
  const priyaRow = updated.locator('li').filter({ hasText: PRIYA.name });
  await expect(priyaRow.getByTestId('request-status')).toHaveText('Declined');
  await expect(priyaRow).toContainText('Reason: I missed the demo');
  await expect(updated.locator('li').filter({ hasText: QUINN.name }).getByTestId('request-status')).toHaveText(
    'Waiting',
  );
});

test('reviewing a flagged feedback: escalated, then approved by HR', async ({ page, server, baseURL }) => {
  const run = Date.now().toString(36);
  const { attributes } = await seedAttributes(server.dataDir, server.now(), `Craft ${run}`, [`Testing ${run}`]);
  const comment = `Your tests are sloppy ${run}`;
  const feedbackId = await seedFeedback(server.dataDir, server.now(), {
    giver: QUINN.email,
    receiver: EMPLOYEE.email,
    attributeId: attributes[0]!.id,
    rating: 1,
    comment,
  });
  // Omar, who received it, flags it through the API.
  const api = await apiRequest.newContext({ baseURL });
  const session = await api.post('/api/auth/sign-in', { data: { email: EMPLOYEE.email, password: DEMO_PASSWORD } });
  const token = ((await session.json()) as { accessToken: string }).accessToken;
  const flagged = await api.post(`/api/feedback-flags/${feedbackId}`, {
    data: { reason: 'Hurtful, not constructive' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(flagged.status()).toBe(201);
  await api.dispose();

  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByTestId('flag-count')).toHaveText('1');
  await nav.getByRole('link', { name: /Flagged feedback/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flagged feedback' })).toBeVisible();
  const item = page.getByTestId(`flagged-${feedbackId}`);
  await expect(item).toContainText(`${QUINN.name} to ${EMPLOYEE.name}`);
  await expect(item).toContainText(comment);
  await expect(item).toContainText(`Testing ${run}: 1/5`);
  await expect(item).toContainText('“Hurtful, not constructive”');
  await item.getByRole('button', { name: 'Review' }).click();
  await expect(page).toHaveURL(new RegExp(`/flag-feedback/${feedbackId}$`));
  await expect(page.getByText(`${EMPLOYEE.name} flagged it on`)).toBeVisible();

  // Escalate, confirmed; it leaves the reviewers' queue for HR's.
  await page.getByRole('button', { name: 'Escalate' }).click();
  const escalate = page.getByRole('alertdialog', { name: 'Escalate to HR?' });
  await escalate.getByRole('button', { name: 'Escalate' }).click();
  await expect(escalate).toBeHidden();
  await expect(page.getByTestId('flag-decision')).toContainText(`${ADMIN.name} escalated it to HR on`);
  await page.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(page.getByText('Nothing to review')).toBeVisible();
  await page.getByRole('tab', { name: /Escalated to HR/ }).click();
  await page.getByTestId(`flagged-${feedbackId}`).getByRole('button', { name: 'Review' }).click();

  // HR approves: final, both decisions kept, nothing left to decide; the badge is gone.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('alertdialog', { name: 'Approve this flag?' });
  await expect(approve).toContainText('cannot be undone');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('flag-decision')).toHaveCount(2);
  await expect(page.getByTestId('flag-decision').nth(1)).toContainText(`${ADMIN.name} approved the flag on`);
  await expect(page.getByText('Nothing left for you to decide here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(nav.getByTestId('flag-count')).toHaveCount(0);
});
