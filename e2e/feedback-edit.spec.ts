/**
 * Editing feedback one gave (issue #12, docs/feedback.md "One act of giving is a group"): the giver opens a
 * gift to two teammates from its detail, changes a rating, adds a recipient and removes one, drops a file
 * it kept and attaches a new one, saves; after a reload the detail and the Given list show each change,
 * and the removed recipient can no longer read it (404 in the app and from the API).
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { AYESHA, DEMO_PASSWORD, EMPLOYEE, GRACE, PRIYA, expect, test } from './fixtures.js';
import { FeedbackPage } from './pages/feedback-page.js';

type Attachment = { id: number; name: string; url: string | null };
type Item = { id: number; comment: string; ratings: { attributeName: string; rating: number }[] };

/** Begins, uploads and confirms a file as the signed-in giver, as the give form does. */
async function upload(
  request: APIRequestContext,
  auth: Record<string, string>,
  file: { kind: 'image' | 'file'; name: string; contentType: string; body: Buffer },
): Promise<number> {
  const begun = await request.post('/api/feedback/attachments', {
    headers: auth,
    data: { kind: file.kind, name: file.name, size: file.body.length, contentType: file.contentType },
  });
  expect(begun.status()).toBe(201);
  const { id, upload: link } = (await begun.json()) as {
    id: number;
    upload: { url: string; headers: Record<string, string> };
  };
  expect((await request.put(link.url, { headers: link.headers, data: file.body })).status()).toBe(204);
  expect((await request.post(`/api/feedback/attachments/${id}/confirm`, { headers: auth })).status()).toBe(200);
  return id;
}

const picture = (background: string) =>
  sharp({ create: { width: 160, height: 100, channels: 3, background } })
    .png()
    .toBuffer();

test('the giver edits a gift: a rating, a recipient in and one out, a file out and one in; all kept after a reload', async ({
  loginPage,
  page,
  signedIn,
  request,
  consoleErrors,
}) => {
  // Three people sign in and two files are checked on a machine shared with other runs.
  test.setTimeout(120_000);
  const comment = `Sharp release notes ${Date.now()}`;
  const token = await loginPage.signIn(EMPLOYEE.email, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const colleague = async (name: string) =>
    (
      (await (
        await request.get(`/api/feedback/colleagues?searchText=${encodeURIComponent(name)}`, { headers: auth })
      ).json()) as { items: { id: number }[] }
    ).items[0]!.id;
  const [ayeshaId, graceId] = [await colleague(AYESHA.name), await colleague(GRACE.name)];
  const options = (await (await request.get('/api/feedback/options', { headers: auth })).json()) as {
    categories: { attributes: { id: number; name: string }[] }[];
  };
  const attribute = (name: string) => options.categories.flatMap((c) => c.attributes).find((a) => a.name === name)!;
  const kept = await upload(request, auth, {
    kind: 'image',
    name: 'kept-board.png',
    contentType: 'image/png',
    body: await picture('#2563eb'),
  });
  const dropped = await upload(request, auth, {
    kind: 'file',
    name: 'dropped-notes.pdf',
    contentType: 'application/pdf',
    body: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  const given = await request.post('/api/feedback', {
    headers: auth,
    data: {
      receiverIds: [ayeshaId, graceId],
      ratings: [
        { attributeId: attribute('Clarity').id, rating: 5 },
        { attributeId: attribute('Teamwork').id, rating: 4 },
      ],
      comment,
      attachmentIds: [kept, dropped],
    },
  });
  expect(given.status()).toBe(201);
  const [ayeshaCopy, graceCopy] = ((await given.json()) as { feedbackIds: number[] }).feedbackIds as [number, number];
  const graceUrls = (
    (await (await request.get(`/api/feedback/${graceCopy}`, { headers: auth })).json()) as {
      attachments: Attachment[];
    }
  ).attachments;
  const droppedUrl = graceUrls.find((a) => a.name === 'dropped-notes.pdf')!.url!;

  // Omar opens Grace's copy from Given and edits the gift: the form comes filled with what he gave.
  await page.goto(`/given/${graceCopy}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/feedback/personal\\?edit=${graceCopy}$`));
  await expect(page.getByRole('heading', { name: 'Edit feedback' })).toBeVisible();
  const chosenPeople = page.getByRole('listbox', { name: 'Chosen people' });
  await expect(chosenPeople.getByText(AYESHA.name)).toBeVisible();
  await expect(chosenPeople.getByText(GRACE.name)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue(comment);
  const clarity = page.getByRole('radiogroup', { name: 'Rating of Clarity' });
  await expect(clarity.getByRole('radio').nth(4)).toBeChecked();
  await expect(page.getByTestId('attachment-row')).toHaveCount(2);

  const feedback = new FeedbackPage(page);
  await clarity.getByRole('radio').nth(2).check({ force: true });
  await chosenPeople.getByRole('option', { name: new RegExp(GRACE.name) }).click();
  await expect(chosenPeople.getByText(GRACE.name)).toHaveCount(0);
  await feedback.addRecipient('Priya', PRIYA.name);
  await page.getByRole('button', { name: 'Remove dropped-notes.pdf' }).click();
  await expect(page.getByTestId('attachment-row').filter({ hasText: 'dropped-notes.pdf' })).toHaveCount(0);
  await page.getByLabel('Choose images or files to attach').setInputFiles({
    name: 'added-sketch.png',
    mimeType: 'image/png',
    buffer: await picture('#16a34a'),
  });
  await expect(page.getByTestId('attachment-row').filter({ hasText: 'added-sketch.png' })).toContainText('Ready');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/feedback/groups/') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  const { feedbackIds } = (await answer.json()) as { feedbackIds: number[] };
  expect(feedbackIds).toHaveLength(2);
  expect(feedbackIds).toContain(ayeshaCopy);
  expect(feedbackIds).not.toContain(graceCopy);

  // The detail it lands on is a copy that still exists (Grace's is gone), and shows every change.
  await expect(page).toHaveURL(/\/given\/\d+$/);
  await page.reload();
  const card = page.locator('[data-testid^="feedback-"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${EMPLOYEE.name} → ${AYESHA.name}, ${PRIYA.name}`);
  await expect(card).not.toContainText(GRACE.name);
  await expect(card.getByText('Clarity').locator('xpath=..')).toContainText('3');
  await expect(card.getByText('Teamwork').locator('xpath=..')).toContainText('4');
  await expect(card.getByRole('img', { name: 'kept-board.png' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'added-sketch.png' })).toBeVisible();
  await expect(card.getByText('dropped-notes.pdf')).toHaveCount(0);

  // The Given list holds the two copies, both changed, and none for Grace.
  await page.goto('/given');
  await expect(feedback.card(comment)).toHaveCount(2);
  for (const one of await feedback.card(comment).all()) {
    await expect(one).toContainText(`${EMPLOYEE.name} → ${AYESHA.name}, ${PRIYA.name}`);
    await expect(one.getByRole('img', { name: 'added-sketch.png' })).toBeVisible();
    await expect(one.getByText('dropped-notes.pdf')).toHaveCount(0);
  }
  // The dropped file is deleted with its link.
  expect((await request.get(droppedUrl)).status()).toBe(404);

  // Grace no longer reads it: gone from the app and the API.
  const grace = await signedIn(GRACE.email);
  expect(
    (await request.get(`/api/feedback/${graceCopy}`, { headers: { authorization: `Bearer ${grace.token}` } })).status(),
  ).toBe(404);
  await grace.page.goto(`/received/${graceCopy}`);
  await expect(grace.page.getByRole('heading', { name: 'Feedback not found' })).toBeVisible();
  await grace.page.goto('/received');
  await expect(grace.page.getByText(comment)).toHaveCount(0);

  // Priya, added, reads it with the new rating and both files.
  const priya = await signedIn(PRIYA.email);
  const priyaCopy = feedbackIds.find((id) => id !== ayeshaCopy)!;
  const theirs = await request.get(`/api/feedback/${priyaCopy}`, {
    headers: { authorization: `Bearer ${priya.token}` },
  });
  expect(theirs.status()).toBe(200);
  const item = (await theirs.json()) as Item & { attachments: Attachment[] };
  expect(item.comment).toBe(comment);
  expect(item.ratings.map((r) => [r.attributeName, r.rating]).sort()).toEqual([
    ['Clarity', 3],
    ['Teamwork', 4],
  ]);
  expect(item.attachments.map((a) => a.name).sort()).toEqual(['added-sketch.png', 'kept-board.png']);
  expect(consoleErrors).toEqual([]);
});
