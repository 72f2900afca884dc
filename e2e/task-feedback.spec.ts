/**
 * Task feedback (docs/projects.md "Task feedback"), on the demo's Web Storefront project
 * (server/src/seed/demo-task-feedback.ts): its product owner gives feedback on a task from the project's
 * Tasks tab, the form prefilled with the task and its assignee, and sees it again after a reload; the
 * assignee (the administrator) finds it at /task, marks it seen, and the Overview's switch shows Task
 * Feedback.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { LoginPage } from './pages/login-page.js';
import { snapshot } from './screenshots.js';

/** The Web team's product owner (server/src/seed/demo.ts), the demo project's product owner. */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example', name: 'Isha Lopez' };
/** A task of the administrator's in progress, without feedback in the demo. */
const TASK = 'SHOP-105';

test('a product owner gives task feedback from the Tasks tab; the assignee reads it, marks it seen and sees the overview', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await new AppFrame(page).openPage('Project Hub');
  await page.getByRole('link', { name: 'Open Web Storefront' }).click();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: `Give feedback on ${TASK}` }).click();

  // The form opens prefilled with the task and who receives the feedback.
  await expect(page).toHaveURL(/\/task\/\d+\/give$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Give task feedback' })).toBeVisible();
  await expect(page.getByText(`${TASK} · Account: export order history as CSV`)).toBeVisible();
  await expect(page.getByTestId('task-receiver')).toHaveText(`Feedback goes to ${ADMIN.name}`);
  // Nothing chosen: the form names the field and sends nothing.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Choose at least one category or attribute to rate.')).toBeVisible();
  await new FeedbackPage(page).rate('Clarity', 4);
  const comment = `Clear export, edge cases covered ${Date.now().toString(36)}`;
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Feedback sent' })).toBeVisible();
  await expect(page).toHaveURL(/\/task\/\d+$/);
  const taskUrl = page.url();

  // After a reload the feedback is there, and the task offers to edit it, prefilled.
  await page.reload();
  await expect(page.getByTestId('task-feedback-card').filter({ hasText: comment })).toBeVisible();
  await page.getByRole('button', { name: 'Edit my feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit task feedback' })).toBeVisible();
  await expect(page.getByLabel('Comment')).toHaveValue(comment);
  await expect(page.getByRole('radiogroup', { name: 'Rating of Clarity' }).getByRole('radio').nth(3)).toBeChecked();
  await new AppFrame(page).signOut();

  // The assignee finds it at /task, unseen, and marks it seen.
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await page.goto('/task');
  await expect(page.getByRole('heading', { level: 1, name: 'Task feedback' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TASK });
  await expect(row).toContainText('1 new');
  await row.getByRole('link', { name: 'Account: export order history as CSV' }).click();
  await expect(page).toHaveURL(taskUrl);
  const card = page.getByTestId('task-feedback-card').filter({ hasText: comment });
  await expect(card).toContainText(`${PRODUCT_OWNER.name} → ${ADMIN.name}`);
  await snapshot(page, 'task-feedback-detail', 'light');
  await card.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(card.getByRole('button', { name: 'Mark as seen' })).toHaveCount(0);
  // Seen for good: after a reload it is no longer marked new.
  await page.reload();
  await expect(page.getByTestId('task-feedback-card').filter({ hasText: comment })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as seen' })).toHaveCount(0);

  // The Overview switches between Personal Feedback and Task Feedback.
  await page.goto('/overview');
  await page.getByRole('tab', { name: 'Task Feedback' }).click();
  await expect(page).toHaveURL(/\/overview\?kind=task$/);
  await expect(page.getByText('Recent tasks')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(TASK) })).toBeVisible();
  await expect(page.getByTestId('task-average')).not.toHaveText('Not rated');
  await snapshot(page, 'task-feedback-overview', 'light');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Task Feedback', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Personal Feedback' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(consoleErrors).toEqual([]);
});
