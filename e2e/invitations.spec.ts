/**
 * Invitations (docs/security.md "Invitations"): an administrator adds an employee in the directory, who is
 * shown as invited; the new hire opens the e-mailed link (read from the outbox), sets a password, signs in and
 * lands on Home, and the directory then shows them active. A resend replaces the earlier link, which then
 * says so.
 */
import type { Locator, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';
import { emailsTo } from './outbox.js';
import { AppFrame } from './pages/app-frame.js';
import { LoginPage } from './pages/login-page.js';

const NEW_PASSWORD = 'Welcome!Aboard42';

/** A directory row's Account cell (after ID, employee ID, name, e-mail, joining, teams, allocation, roles, status). */
const accountCell = (row: Locator) => row.locator('td').nth(9);

/** The invitation links e-mailed to `address`, oldest first, as paths of this server. */
async function invitationLinks(dataDir: string, address: string): Promise<string[]> {
  const mails = await emailsTo(dataDir, address);
  return mails.flatMap((m) => {
    const match = /\/invitation#token=[\w-]+/.exec(m.body);
    return match ? [match[0]] : [];
  });
}

async function setPassword(page: Page, link: string, email: string) {
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Set your password' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Work e-mail')).toHaveValue(email);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible();
}

test.describe('invitations', () => {
  test('a new hire sets a password from the e-mailed link and signs in', async ({
    loginPage,
    directory,
    page,
    server,
    newContext,
    consoleErrors,
  }) => {
    await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
    await directory.open();
    const hire = await directory.addUniqueEmployee('Ines Invited', 'INV');
    await directory.search(hire.stamp);
    await expect(accountCell(directory.row(hire.email))).toHaveText('Invited — pending');

    const links = await invitationLinks(server.dataDir, hire.email);
    expect(links).toHaveLength(1);
    const newHire = await (await newContext()).newPage();
    await setPassword(newHire, links[0]!, hire.email);
    await new LoginPage(newHire).signInToHome(hire.email, NEW_PASSWORD);
    await new AppFrame(newHire).expectSignedInAs(hire.name);

    // The link works once (opened signed out: a signed-in browser goes Home).
    const again = await (await newContext()).newPage();
    await again.goto(links[0]!);
    await expect(again.getByText('This invitation was already used.', { exact: false })).toBeVisible();

    await page.reload();
    await directory.waitForRows();
    await directory.search(hire.stamp);
    await expect(accountCell(directory.row(hire.email))).toHaveText('Active');
    expect(consoleErrors).toEqual([]);
  });

  test('a resend replaces the earlier link', async ({ loginPage, directory, page, server, newContext }) => {
    await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
    await directory.open();
    const hire = await directory.addUniqueEmployee('Rafael Resent', 'RES');
    await directory.search(hire.stamp);
    const row = directory.row(hire.email);
    await expect(accountCell(row)).toHaveText('Invited — pending');
    await directory.chooseAction(hire.name, 'Resend invitation', row);
    await expect(page.getByText('Invitation sent', { exact: true }).first()).toBeVisible();
    await expect.poll(async () => (await invitationLinks(server.dataDir, hire.email)).length).toBe(2);
    const [first, second] = await invitationLinks(server.dataDir, hire.email);

    const newHire = await (await newContext()).newPage();
    await newHire.goto(first!);
    await expect(newHire.getByText('This invitation link is not valid.', { exact: false })).toBeVisible();
    await setPassword(newHire, second!, hire.email);
    await new LoginPage(newHire).signInToHome(hire.email, NEW_PASSWORD);

    await page.reload();
    await directory.waitForRows();
    await directory.search(hire.stamp);
    await expect(accountCell(directory.row(hire.email))).toHaveText('Active');
  });
});
