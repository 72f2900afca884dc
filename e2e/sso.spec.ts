/**
 * Single sign-on in Chromium, against a real OpenID provider on loopback (server/test/oidc-fixture.ts: the
 * maintained oidc-provider with its development login page). An administrator sets the provider up in
 * Settings › Single sign-on (saved, reloaded, the secret shown only as stored); an employee types their
 * e-mail, continues with the provider, signs in on the provider's page and lands signed in; an identity from
 * another domain comes back to the sign-in page with a clear message.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../server/test/oidc-fixture.js';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import type { LoginPage } from './pages/login-page.js';

const DOMAIN = 'northwind.example';
const PROVIDER_NAME = 'Northwind Login';
const TAB = 'Single sign-on';
let provider: TestProvider;

test.beforeAll(async ({ server }) => {
  provider = await startTestProvider();
  provider.allowRedirect(`${server.baseURL}/api/auth/sso/callback`);
});
test.afterAll(async () => {
  await provider?.close();
});

/** Sets the demo company's provider through the API, as the administrator. */
async function configure(request: APIRequestContext, changes: { isRequired?: boolean } = {}) {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: ADMIN.email, password: DEMO_PASSWORD, client: 'desktop' },
  });
  expect(signIn.status()).toBe(200);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const saved = await request.put('/api/tenant/sso', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      providerName: PROVIDER_NAME,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      isEnabled: true,
      isRequired: changes.isRequired ?? false,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The provider's development login page: any login, any password. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

/**
 * With the provider set, the employee types their e-mail, continues with the provider and signs in on its
 * page as `login` (their own identity, or another).
 */
async function continueWithProvider(loginPage: LoginPage, request: APIRequestContext, login: string) {
  await configure(request);
  await loginPage.open();
  await loginPage.enterEmail(EMPLOYEE.email);
  await loginPage.page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await signInAtProvider(loginPage.page, login);
}

test('an administrator sets up single sign-on: saved, reloaded, the secret only shown as stored', async ({
  loginPage,
  settings,
  page,
  server,
}) => {
  await loginPage.signInToHome(ADMIN.email, DEMO_PASSWORD);
  await settings.open(TAB);
  const form = page.getByRole('form', { name: 'Single sign-on settings' });

  await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
    `${server.baseURL}/api/auth/sso/callback`,
  );
  await expect(form.getByRole('textbox', { name: 'Allowed e-mail domain' })).toHaveValue(DOMAIN);
  await expect(page.getByRole('list', { name: 'Break-glass accounts' })).toContainText(ADMIN.name);
  await expect(form.getByRole('switch', { name: 'Require single sign-on' })).toBeDisabled();

  // The field says what is wrong with the issuer before anything is sent.
  const issuer = form.getByRole('textbox', { name: 'Issuer URL' });
  await issuer.fill('http://idp.example.com');
  await issuer.blur();
  await expect(form).toContainText('The issuer must be an https URL');
  // Nothing answers discovery here: the test says so beside the field.
  await issuer.fill('http://127.0.0.1:9/');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form).toContainText('The identity provider could not be reached at this issuer');
  await issuer.fill(provider.issuer);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('status')).toContainText(`${provider.issuer}/auth`);

  await form.getByRole('textbox', { name: 'Provider name' }).fill(PROVIDER_NAME);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(provider.clientId);
  await form.getByLabel('Client secret').fill(provider.clientSecret);
  await form.getByRole('switch', { name: 'Enable single sign-on' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on settings saved').first()).toBeVisible();

  await settings.reload(TAB);
  await expect(form.getByRole('textbox', { name: 'Provider name' })).toHaveValue(PROVIDER_NAME);
  await expect(form.getByRole('textbox', { name: 'Issuer URL' })).toHaveValue(provider.issuer);
  await expect(form.getByRole('textbox', { name: 'Client ID' })).toHaveValue(provider.clientId);
  await expect(form.getByTestId('sso-secret-stored')).toHaveText('Stored');
  await expect(form.getByRole('switch', { name: 'Enable single sign-on' })).toBeChecked();
  expect(await page.content()).not.toContain(provider.clientSecret);

  // A new client ID needs the secret again: said in the field, nothing saved.
  await form.getByRole('textbox', { name: 'Client ID' }).fill('another-client');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('A new issuer or client ID needs the client secret again');
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form.getByRole('textbox', { name: 'Client ID' })).toHaveValue(provider.clientId);

  // Requiring single sign-on is confirmed first; cancelling saves nothing.
  await form.getByRole('switch', { name: 'Require single sign-on' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Require single sign-on?' });
  await expect(confirm).toContainText('everyone but the 1 break-glass account');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await settings.reload(TAB);
  await expect(form.getByRole('switch', { name: 'Require single sign-on' })).not.toBeChecked();

  await form.getByRole('switch', { name: 'Require single sign-on' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await confirm.getByRole('button', { name: 'Require single sign-on' }).click();
  await expect(page.getByText('Single sign-on settings saved').first()).toBeVisible();
  await settings.reload(TAB);
  await expect(form.getByRole('switch', { name: 'Require single sign-on' })).toBeChecked();
  // Password sign-in is now refused to the employee (the administrator is a break-glass account).
  const refused = await page.request.post('/api/auth/sign-in', {
    data: { email: EMPLOYEE.email, password: DEMO_PASSWORD, client: 'web' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SSO_REQUIRED');

  await form.getByRole('switch', { name: 'Require single sign-on' }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on settings saved').first()).toBeVisible();
  await settings.reload(TAB);
  await expect(form.getByRole('switch', { name: 'Require single sign-on' })).not.toBeChecked();
});

test('an employee continues with the provider, signs in on its page, and lands signed in', async ({
  loginPage,
  page,
  request,
}) => {
  await continueWithProvider(loginPage, request, EMPLOYEE.email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(EMPLOYEE.name).first()).toBeVisible();
  // The session is a real one: it survives a reload (the refresh cookie the callback set).
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
});

test('an identity from another domain comes back to the sign-in page with a clear message', async ({
  loginPage,
  page,
  request,
}) => {
  await continueWithProvider(loginPage, request, 'someone@elsewhere.example');
  await expect(page).toHaveURL(/\/login\?ssoError=SSO_EMAIL_DOMAIN$/);
  await expect(loginPage.errorMessage()).toContainText(
    'The identity provider signed you in with an address outside your company’s domain.',
  );
  await expect(loginPage.email()).toBeVisible();
});
