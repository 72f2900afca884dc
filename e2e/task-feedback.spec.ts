/**
 * Task feedback (docs/projects.md "Task feedback"), on the demo's Web Storefront project
 * (server/src/seed/demo-task-feedback.ts): its product owner gives feedback on a task from the project's
 * Tasks tab, the form prefilled with the task and its assignee, and sees it again after a reload; the
 * assignee (the administrator) finds it at /task, marks it seen, and the Overview's switch shows Task
 * Feedback. The product owner edits feedback she gave (and Cancel on a form opened directly stays in the
 * app); the administrator asks a colleague for feedback on a task, who declines.
 */
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
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
  // The administrator's ratings of the last 90 days: the demo's four feedback on SHOP-101 and SHOP-103 (three
  // attributes each, 12 points apiece) and the 4 above: 52 points over 13 ratings.
  await expect(page.getByTestId('task-average')).toHaveText('4.0');
  await snapshot(page, 'task-feedback-overview', 'light');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Task Feedback', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Personal Feedback' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(consoleErrors).toEqual([]);
});

/** A task of the administrator's the product owner rated in the demo: Clarity 3, Listening 4, Written 5. */
const RATED = { issue: 'SHOP-101', name: 'Checkout: remember the last payment method' };

test('the product owner edits task feedback she gave; after a reload the new rating and comment are there', async ({
  page,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
  await page.goto('/given/task');
  await page.getByRole('button', { name: `Edit your feedback on ${RATED.issue}` }).click();
  await expect(page).toHaveURL(/\/task\/\d+\/give$/);
  const formUrl = page.url();
  const taskId = /\/task\/(\d+)\/give$/.exec(formUrl)![1]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Edit task feedback' })).toBeVisible();
  const clarity = page.getByRole('radiogroup', { name: 'Rating of Clarity' }).getByRole('radio');
  await expect(clarity.nth(2)).toBeChecked();

  // The form opened on its own (a link in a new tab): Cancel goes to the task's page, not out of the app.
  const direct = await page.context().newPage();
  await direct.goto(formUrl);
  await expect(direct.getByRole('heading', { level: 1, name: 'Edit task feedback' })).toBeVisible();
  await direct.getByRole('button', { name: 'Cancel' }).click();
  await expect(direct).toHaveURL(new RegExp(`/given/task/${taskId}$`));
  await expect(direct.getByRole('heading', { level: 1, name: `${RATED.issue} · ${RATED.name}` })).toBeVisible();
  await direct.close();

  await clarity.nth(0).check({ force: true });
  const comment = `Rethought after the release ${Date.now().toString(36)}`;
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Feedback saved' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/given/task/${taskId}$`));

  await page.reload();
  const card = page.getByTestId('task-feedback-card').filter({ hasText: comment });
  await expect(card).toBeVisible();
  // Clarity 1, Listening 4, Written communication 5: 10 / 3.
  await expect(card.getByLabel('Ratings')).toContainText('Clarity: 1');
  await expect(card.getByText('3.33', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('Clarity: 3');
  await page.getByRole('button', { name: 'Edit my feedback' }).click();
  await expect(page.getByLabel('Comment')).toHaveValue(comment);
  await expect(page.getByRole('radiogroup', { name: 'Rating of Clarity' }).getByRole('radio').nth(0)).toBeChecked();
  expect(consoleErrors).toEqual([]);
});

/** The administrator's task in progress (the product owner gave feedback on it in the first test). */
const ASKED_TASK = { issue: 'SHOP-105', name: 'Account: export order history as CSV' };

test('the assignee asks a colleague for task feedback; the colleague sees it and declines; the task is no longer requested', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await page.goto('/task');
  await page
    .getByRole('row')
    .filter({ hasText: ASKED_TASK.issue })
    .getByRole('link', { name: ASKED_TASK.name })
    .click();
  await expect(page).toHaveURL(/\/task\/\d+$/);
  const facts = page.getByRole('heading', { level: 1, name: `${ASKED_TASK.issue} · ${ASKED_TASK.name}` });
  await expect(facts).toBeVisible();
  await page.getByRole('button', { name: 'Request feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request feedback on this task' });
  // The project's members who may give task feedback: its product owner and four of the Web team; its two
  // clients, members too, are not offered.
  const offered = dialog.getByRole('group', { name: 'Colleagues on the project' }).getByRole('checkbox');
  await expect(offered).toHaveCount(5);
  await dialog.getByRole('checkbox', { name: EMPLOYEE.name }).check();
  // Only the one ticked is (each name's label ticks its own box).
  await expect(dialog.getByRole('checkbox', { name: EMPLOYEE.name })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Asked 1 colleague' })).toBeVisible();

  await page.reload();
  const requests = page.getByRole('region', { name: 'Requests' });
  await expect(requests.getByRole('listitem').filter({ hasText: EMPLOYEE.name })).toContainText('Waiting');
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();

  // The colleague finds it asked of them, declines it, and after a reload it is gone.
  const colleague = (await signedIn(EMPLOYEE.email)).page;
  await colleague.goto('/given/task');
  const asked = colleague.getByRole('region', { name: 'Asked of you' });
  const request = asked.getByText(`${ASKED_TASK.issue} · ${ASKED_TASK.name}`);
  await expect(request).toBeVisible();
  await expect(asked).toContainText(`Asked by ${ADMIN.name}`);
  await asked.getByRole('button', { name: 'Decline' }).click();
  await colleague
    .getByRole('alertdialog', { name: 'Decline this request?' })
    .getByRole('button', { name: 'Decline' })
    .click();
  await expect(colleague.locator('.fui-ToastTitle', { hasText: 'Request declined' })).toBeVisible();
  await colleague.reload();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Task feedback' })).toBeVisible();
  await expect(colleague.getByText(`${ASKED_TASK.issue} · ${ASKED_TASK.name}`)).toHaveCount(0);

  // With no request waiting, the task shows its tracker status again; the request shows declined.
  await page.reload();
  await expect(requests.getByRole('listitem').filter({ hasText: EMPLOYEE.name })).toContainText('Declined');
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  await expect(page.getByText('Requested', { exact: true })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
