/**
 * Settings › Provisioning: an administrator creates a SCIM token for the identity provider (shown once, with a
 * copy button), the token works against the SCIM API, it is listed after a reload (never the token itself), and
 * revoking it (after a confirmation) stops it at once.
 */
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

test('an admin creates a provisioning token, sees it listed after a reload, and revokes it', async ({
  loginPage,
  settings,
  page,
}) => {
  await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
  await settings.open('Provisioning');

  const name = `E2E IdP ${Date.now()}`;
  await page.getByRole('button', { name: 'Create token' }).first().click();
  const form = page.getByRole('form', { name: 'Create provisioning token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: `Token for ${name}` });
  const token = await dialog.getByRole('textbox', { name: 'Provisioning token' }).inputValue();
  expect(token).toMatch(/^tbscim_/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(dialog).toContainText('/api/scim/v2');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const scimUsers = () =>
    page.request.get('/api/scim/v2/Users?count=1', { headers: { authorization: `Bearer ${token}` } });
  expect((await scimUsers()).status()).toBe(200);

  await settings.reload('Provisioning');
  const table = page.getByRole('table', { name: 'Provisioning tokens' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(table).not.toContainText(token);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke provisioning token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  expect((await scimUsers()).status()).toBe(401);

  await settings.reload('Provisioning');
  await expect(
    page.getByRole('table', { name: 'Provisioning tokens' }).getByRole('row').filter({ hasText: name }),
  ).toContainText('Revoked');
});
