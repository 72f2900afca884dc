import { expect, type Page } from '@playwright/test';

/** The sign-in page: e-mail first, then password. */
export class LoginPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.getByLabel('Work e-mail');
  readonly password = () => this.page.getByRole('textbox', { name: 'Password', exact: true });
  readonly errorMessage = () => this.page.getByRole('alert');

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.email()).toBeVisible();
  }

  async enterEmail(email: string): Promise<void> {
    await this.email().fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  async enterPassword(password: string): Promise<void> {
    await expect(this.password()).toBeVisible();
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Signs in through the form and returns the access token the server issued. */
  async signIn(email: string, password: string): Promise<string> {
    await this.open();
    await this.enterEmail(email);
    const answer = this.page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in') && r.ok());
    await this.enterPassword(password);
    const body = (await (await answer).json()) as { accessToken: string };
    return body.accessToken;
  }

  /** Signs in through the form and waits for Home, where every sign-in lands; returns the access token. */
  async signInToHome(email: string, password: string): Promise<string> {
    const token = await this.signIn(email, password);
    await expect(this.page).toHaveURL(/\/home$/);
    return token;
  }
}
