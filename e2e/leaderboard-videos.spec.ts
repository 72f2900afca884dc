/**
 * Leaderboard videos end to end (docs/recognition.md "Leaderboard videos"): the administrator uploads a video
 * file (made here by ffmpeg) in Feedback Management's Leaderboard Videos tab, approves it after confirming,
 * sees it approved after a reload, and an employee plays it on the leaderboard, likes it and comments (at
 * once, kept after a reload); the administrator then switches it off and it leaves the leaderboard.
 */
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';

const run = promisify(execFile);

/** A small WebM (VP8), the kind Chromium plays. */
async function makeVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-video-'));
  try {
    const out = path.join(dir, 'cheers.webm');
    await run(ffmpeg.path, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25:duration=3',
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('an administrator uploads and approves a video, and an employee plays it', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  test.slow();
  const title = `Cheers to the release ${Date.now().toString(36)}`;
  const video = await makeVideo();
  await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
  await page.goto('/feedback/management');
  await page.getByRole('tab', { name: 'Leaderboard Videos' }).click();

  const form = page.getByRole('form', { name: 'Upload a leaderboard video' });
  // Nothing given: the file and the title are asked for, each on its field.
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText('No file provided')).toBeVisible();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cheers.webm', mimeType: 'video/webm', buffer: video });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Hashtags').fill('#release #cheers');
  // Shown on one category's leaderboard (and the Company view): the first category the picker offers.
  await form.getByRole('combobox', { name: 'Shown in' }).click();
  const category = page.getByRole('option', { name: /^Category: / }).first();
  const categoryText = (await category.textContent()) ?? '';
  await category.click();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Video uploaded: it waits for approval').first()).toBeVisible();

  const list = page.getByRole('list', { name: 'Leaderboard videos' });
  const row = list.getByRole('listitem', { name: title });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve this video?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Video approved', { exact: true }).first()).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Leaderboard Videos' }).click();
  await expect(list.getByRole('listitem', { name: title })).toContainText('Approved');
  await expect(list.getByRole('listitem', { name: title })).toContainText(categoryText);

  const { page: omar } = await signedIn(EMPLOYEE.email);
  await omar.goto('/leaderboard');
  await omar.getByRole('button', { name: `Watch “${title}”` }).click();
  const dialog = omar.getByRole('dialog', { name: title });
  const player = dialog.locator('video');
  await expect(player).toBeVisible();
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  // The sidebar is there at once: the video came from the list.
  const sidebar = dialog.getByRole('complementary', { name: 'Comments' });
  await expect(sidebar).toBeVisible();

  // Omar likes it and comments: both show at once, and both are kept after a reload.
  await sidebar.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(sidebar.getByRole('button', { name: 'Take back my like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sidebar).toContainText('1 like');
  const comment = `Brilliant work ${Date.now().toString(36)}`;
  const saved = omar.waitForResponse(
    (r) => /\/api\/leaderboard-videos\/\d+\/comments$/.test(r.url()) && r.status() === 201,
  );
  // The server is held back: the comment must show (as sending) before it answers.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await omar.route(/\/api\/leaderboard-videos\/\d+\/comments$/, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await sidebar.getByRole('textbox', { name: 'Your comment' }).fill(comment);
  await sidebar.getByRole('button', { name: 'Send' }).click();
  const mine = sidebar.getByRole('listitem').filter({ hasText: comment });
  await expect(mine).toContainText(EMPLOYEE.name);
  await expect(mine).toContainText('Sending…');
  await expect(sidebar.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
  answer();
  await saved;
  await expect(mine).not.toContainText('Sending…');
  await omar.unrouteAll({ behavior: 'wait' });
  await omar.reload();
  const again = omar.getByRole('dialog', { name: title }).getByRole('complementary', { name: 'Comments' });
  await expect(again.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Take back my like' })).toBeVisible();
  await expect(again).toContainText('1 like');

  // The administrator switches it off (confirmed): it stays off after a reload, and leaves the leaderboard.
  const active = list.getByRole('listitem', { name: title }).getByRole('switch');
  await expect(active).toBeChecked();
  await active.click();
  await page
    .getByRole('alertdialog', { name: 'Deactivate this video?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(active).not.toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Leaderboard Videos' }).click();
  await expect(list.getByRole('listitem', { name: title }).getByRole('switch')).not.toBeChecked();
  await omar.goto('/leaderboard');
  await expect(omar.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(omar.getByRole('button', { name: `Watch “${title}”` })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
