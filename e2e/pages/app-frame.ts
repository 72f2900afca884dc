import { expect, type Page } from '@playwright/test';

/** The signed-in frame: sidebar, header, user menu. */
export class AppFrame {
  constructor(readonly page: Page) {}

  readonly nav = () => this.page.getByRole('navigation', { name: 'Main navigation' });
  readonly userMenu = () => this.page.getByTestId('user-menu');

  async navEntries(): Promise<string[]> {
    await expect(this.nav()).toBeVisible();
    const items = this.nav().getByRole('link');
    // An entry's first line is its name; a count badge (flagged feedback) comes after it.
    return (await items.allInnerTexts()).map((t) => t.split('\n')[0]!.trim()).filter(Boolean);
  }

  async openPage(title: string): Promise<void> {
    await this.nav().getByRole('link', { name: title }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async expectSignedInAs(name: string): Promise<void> {
    await expect(this.userMenu()).toContainText(name);
  }

  async signOut(): Promise<void> {
    await this.userMenu().click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  async chooseTheme(theme: 'Light' | 'Dark' | 'System default'): Promise<void> {
    await this.userMenu().click();
    await this.page.getByRole('menuitemradio', { name: theme }).click();
    await this.page.keyboard.press('Escape');
  }
}
