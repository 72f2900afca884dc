/**
 * The responsibility matrix as people use it (issue #12, docs/feedback.md): an administrator sets the
 * expected count in Settings › Feedback (kept after a reload); a team lead opens My team › My Responsibility
 * Matrix, follows a "give feedback" suggestion into the prefilled form, sends, and sees their counts move;
 * the administrator downloads the company report.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { MyMatrix } from '../shared/contracts/feedback-matrix.js';
import { ADMIN, DEMO_PASSWORD, LEAD, expect, test } from './fixtures.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { snapshot } from './screenshots.js';

async function myMatrix(request: APIRequestContext, token: string): Promise<MyMatrix> {
  const res = await request.get('/api/feedback-matrix/mine', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as MyMatrix;
}

async function openFeedbackSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Feedback' }).click();
}

async function saveIndex(page: Page, value: string): Promise<void> {
  await openFeedbackSettings(page);
  const form = page.getByRole('form', { name: 'Responsibility matrix settings' });
  await form.getByTestId('matrix-index').fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Responsibility matrix settings saved').first()).toBeVisible();
}

test('a lead follows a suggestion, gives feedback and sees the matrix move; the company report downloads', async ({
  loginPage,
  page,
  signedIn,
  request,
  consoleErrors,
}) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await saveIndex(page, '40');
  await openFeedbackSettings(page);
  const form = page.getByRole('form', { name: 'Responsibility matrix settings' });
  await expect(form.getByTestId('matrix-index')).toHaveValue('40');
  await expect(form.getByTestId('matrix-period-setting')).toHaveValue('month');
  await form.getByTestId('matrix-index').fill('101');
  await expect(form.getByText('Enter a whole number from 0 to 100')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  const lead = await signedIn(LEAD.email);
  const before = await myMatrix(request, lead.token);
  expect(before.period.index).toBe(40);
  const suggestion = before.suggestions.find((s) => s.type === 'GIVE_FEEDBACK');
  expect(suggestion).toBeDefined();
  const team = before.teams.find((t) => t.id === suggestion!.team.id)!;

  await lead.page.goto('/my-team/received');
  await lead.page.getByRole('tab', { name: 'My Responsibility Matrix' }).click();
  await expect(lead.page).toHaveURL(/\/my-team\/matrix$/);
  const card = lead.page.getByTestId(`matrix-mine-${team.id}`);
  await expect(card.getByTestId('matrix-mine-counts')).toHaveText(
    `${team.given} of 40 given, ${team.remaining} remaining`,
  );
  await expect(
    lead.page.getByText('Each member is expected to give 40 feedback a month to their teammates.'),
  ).toBeVisible();
  await expect(lead.page.getByRole('table', { name: `Responsibility matrix of ${team.name}` })).toBeVisible();
  await snapshot(lead.page, 'feedback-matrix', 'light');

  await lead.page
    .getByRole('button', { name: `Give feedback to ${suggestion!.employee.name} (${suggestion!.count} so far)` })
    .click();
  await expect(lead.page).toHaveURL(new RegExp(`/feedback/personal\\?to=${suggestion!.employee.id}$`));
  await expect(lead.page.getByText(`Visible to ${suggestion!.employee.name}, their team leads and HR.`)).toBeVisible();
  await new FeedbackPage(lead.page).rate('Clarity', 4);
  await lead.page.getByRole('textbox', { name: 'Comment' }).fill(`Thanks for the matrix review ${Date.now()}`);
  const sent = lead.page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await lead.page.getByRole('button', { name: 'Send feedback' }).click();
  expect((await sent).status()).toBe(201);

  const after = await myMatrix(request, lead.token);
  const moved = after.teams.find((t) => t.id === team.id)!;
  expect(moved.given).toBe(team.given + 1);
  expect(moved.remaining).toBe(team.remaining - 1);
  await lead.page.goto('/my-team/matrix');
  await expect(lead.page.getByTestId(`matrix-mine-${team.id}`).getByTestId('matrix-mine-counts')).toHaveText(
    `${moved.given} of 40 given, ${moved.remaining} remaining`,
  );
  await lead.page.reload();
  await expect(lead.page.getByTestId(`matrix-mine-${team.id}`).getByTestId('matrix-mine-counts')).toHaveText(
    `${moved.given} of 40 given, ${moved.remaining} remaining`,
  );
  await expect(lead.page.getByRole('button', { name: 'Download report (CSV)' })).toHaveCount(0);

  await page.goto('/my-team/matrix');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^teambeat-responsibility-matrix-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(path, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'Team,Employee,E-mail,Period start,Period end,Expected,Given,Remaining',
  );
  expect(text).toContain(LEAD.email);

  await saveIndex(page, '5');
  expect(consoleErrors).toEqual([]);
});
