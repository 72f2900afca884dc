/**
 * Personal feedback as people use it (issue #12): an employee gives feedback with a rating per attribute,
 * a comment and an image to two teammates; it is kept after a reload; each receiver finds it in Received, opens it
 * (seen) and reacts, the reaction kept after a reload; their team lead reads it in My team; a colleague of
 * another team gets 403 from the API and finds nothing in the app.
 */
import sharp from 'sharp';
import { AYESHA, DEMO_PASSWORD, EMPLOYEE, GRACE, LEAD, PRIYA, expect, test } from './fixtures.js';
import { FeedbackPage } from './pages/feedback-page.js';
import { snapshot } from './screenshots.js';

// Someone of another team than Omar's.
const OUTSIDER = PRIYA;

test('feedback goes to two teammates, who read and react; their lead sees it; nobody else does', async ({
  loginPage,
  page,
  signedIn,
  request,
  consoleErrors,
}) => {
  // Four people sign in and two of them react: longer than the default minute on a busy machine.
  test.slow();
  const comment = `Clear demo of the checkout flow ${Date.now()}`;
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  const feedback = new FeedbackPage(page);
  await feedback.openGive();
  await feedback.addRecipient('Ayesha', AYESHA.name);
  await feedback.addRecipient('Grace', GRACE.name);
  await expect(page.getByText(`Visible to ${AYESHA.name}, ${GRACE.name}, each one’s team leads and HR.`)).toBeVisible();
  await feedback.rate('Clarity', 5);
  await feedback.rate('Teamwork', 4);
  await expect(page.getByRole('listitem').filter({ hasText: 'Clarity' }).getByText('Excellent')).toBeVisible();
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment);
  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose images or files to attach').setInputFiles({
    name: 'whiteboard.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await expect(page.getByTestId('attachment-row').filter({ hasText: 'whiteboard.png' })).toContainText('Ready');
  await snapshot(page, 'feedback-give', 'light');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  const { feedbackIds } = (await answer.json()) as { feedbackIds: number[] };
  await expect(page).toHaveURL(/\/given$/);
  await page.reload();
  await expect(feedback.card(comment)).toHaveCount(2);
  await expect(feedback.card(comment).first()).toContainText('Clarity');
  await snapshot(page, 'feedback-given', 'light');

  for (const person of [AYESHA, GRACE]) {
    const { page: theirs } = await signedIn(person.email);
    await theirs.goto('/received');
    const card = new FeedbackPage(theirs).card(comment);
    await expect(card).toContainText('New');
    await expect(card).toContainText(`${EMPLOYEE.name} → ${person.name}`);
    const image = card.getByRole('img', { name: 'whiteboard.png' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await card.getByRole('link', { name: /→/ }).click();
    await expect(theirs).toHaveURL(/\/received\/\d+$/);
    await card.getByRole('button', { name: 'React' }).click();
    // The reaction shows at once; the reload waits for the server to have kept it.
    const kept = theirs.waitForResponse(
      (r) => /\/api\/feedback\/\d+\/reactions\//.test(r.url()) && r.request().method() === 'PUT' && r.ok(),
    );
    await theirs.getByRole('menuitem', { name: '🎉' }).click();
    await expect(card.getByRole('button', { name: '🎉: 1 reaction' })).toHaveAttribute('aria-pressed', 'true');
    await kept;
    await theirs.reload();
    await expect(new FeedbackPage(theirs).card(comment).getByRole('button', { name: '🎉: 1 reaction' })).toBeVisible();
    await theirs.goto('/received');
    await expect(new FeedbackPage(theirs).card(comment)).not.toContainText('New');
    if (person === AYESHA) await snapshot(theirs, 'feedback-received', 'light');
  }

  const lead = await signedIn(LEAD.email);
  await lead.page.goto('/my-team/received');
  await expect(new FeedbackPage(lead.page).card(comment)).toHaveCount(2);

  const outsider = await signedIn(OUTSIDER.email);
  for (const id of feedbackIds) {
    const refused = await request.get(`/api/feedback/${id}`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain(comment);
  }
  await outsider.page.goto(`/received/${feedbackIds[0]}`);
  await expect(outsider.page.getByRole('heading', { name: 'Not yours to read' })).toBeVisible();
  await outsider.page.goto('/received');
  await expect(outsider.page.getByText(comment)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the empty list invites a first feedback, and the rules show before sending', async ({ loginPage, page }) => {
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await page.goto('/given');
  await page.getByRole('searchbox').fill('nothing-matches-this');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  const feedback = new FeedbackPage(page);
  await feedback.openGive();
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Choose at least one person to give feedback to.')).toBeVisible();
  await expect(page.getByText('Choose at least one category or attribute to rate.')).toBeVisible();
});

test('a request is answered from its action item; a flag hides the answer until a reviewer rejects it', async ({
  loginPage,
  page,
  signedIn,
  request,
}) => {
  const message = `How did my demo land? ${Date.now()}`;
  const answer = `Calm and clear, well paced ${Date.now()}`;
  const ayesha = await signedIn(AYESHA.email);
  const auth = { authorization: `Bearer ${ayesha.token}` };
  const omar = (
    await (
      await request.get(`/api/feedback/colleagues?searchText=${encodeURIComponent(EMPLOYEE.email)}`, { headers: auth })
    ).json()
  ).items[0] as { id: number };
  const options = (await (await request.get('/api/feedback/options', { headers: auth })).json()) as {
    categories: { attributes: { id: number; name: string }[] }[];
  };
  const clarity = options.categories.flatMap((c) => c.attributes).find((a) => a.name === 'Clarity')!;
  const asked = await request.post('/api/feedback-requests', {
    headers: auth,
    data: { employeeIds: [omar.id], attributeIds: [clarity.id], message },
  });
  expect(asked.status()).toBe(201);
  const requestId = ((await asked.json()) as { id: number }).id;

  // Omar answers from his action item: the form comes prefilled with Ayesha and the attribute asked.
  await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  await page.goto('/feedback/requests');
  const item = page.getByTestId(`asked-${requestId}`);
  await item.getByRole('button', { name: 'Answer' }).click();
  await expect(page.getByText(`${AYESHA.name} asked for your feedback:`)).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Chosen people' }).getByText(AYESHA.name)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Rating of Clarity' }).getByRole('radio').nth(3).check({ force: true });
  await page.getByRole('textbox', { name: 'Comment' }).fill(answer);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page).toHaveURL(/\/feedback\/requests$/);
  await page.reload();
  await expect(page.getByTestId(`asked-${requestId}`).getByTestId('request-status')).toHaveText('Answered');

  // Ayesha flags the answer: it leaves her list at once.
  await ayesha.page.goto('/received');
  const card = new FeedbackPage(ayesha.page).card(answer);
  await card.getByRole('link', { name: /→/ }).click();
  await ayesha.page.getByRole('button', { name: 'Flag as inappropriate' }).click();
  const dialog = ayesha.page.getByRole('dialog', { name: 'Flag feedback' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Not about my work');
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await expect(ayesha.page).toHaveURL(/\/received$/);
  await expect(ayesha.page.getByText(answer)).toHaveCount(0);

  // A reviewer rejects the flag: the feedback is shown again.
  const admin = await signedIn('admin@northwind.example');
  await admin.page.goto('/flag-feedback');
  await admin.page
    .getByTestId(/^flagged-/)
    .filter({ hasText: answer })
    .getByRole('button', { name: 'Review' })
    .click();
  await admin.page.getByRole('button', { name: 'Reject' }).click();
  await admin.page
    .getByRole('alertdialog', { name: 'Reject this flag?' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(admin.page.getByText('Flag rejected').first()).toBeVisible();
  await ayesha.page.reload();
  await expect(new FeedbackPage(ayesha.page).card(answer)).toBeVisible();
});
