/**
 * Security review item 19: an employee's picture is uploaded to Teambeat and shown from there. The
 * administrator uploads one in the employee dialog, reloads, and sees it in the directory, loaded from a
 * blob: URL of the picture Teambeat served (never an address elsewhere).
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('uploads an employee picture, reloads and sees it served by Teambeat', async ({ loginPage, directory, page }) => {
  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await directory.open();
  await directory.search('quinn');
  const quinn = directory.rows().first();
  await expect(quinn).toContainText('Quinn');
  await expect(quinn.locator('img')).toHaveCount(0);
  const name = await directory.nameIn(quinn);

  const dialog = await directory.openEdit(name, quinn);
  // A file that is not a picture is refused before anything is sent.
  await dialog
    .getByLabel('Upload picture')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
  await expect(dialog).toContainText('Choose a PNG, JPEG or WebP image');
  const uploaded = page.waitForResponse((r) => r.url().includes('/image') && r.request().method() === 'PUT');
  await dialog.getByLabel('Upload picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText('Picture uploaded', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByTestId('employee-picture').locator('img')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');

  await page.reload();
  await directory.waitForRows();
  const served = page.waitForResponse((r) => /\/api\/employees\/\d+\/image/.test(r.url()));
  await directory.search('quinn');
  const image = directory.rows().first().locator('img');
  await expect(image).toHaveAttribute('src', /^blob:/);
  const response = await served;
  expect(response.headers()['content-type']).toBe('image/png');
});
