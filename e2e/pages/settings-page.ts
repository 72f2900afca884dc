import type { Page } from '@playwright/test';

/** Settings (/settings) and its tabs. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  readonly tab = (name: string) => this.page.getByRole('tab', { name });

  /** Opens Settings at the tab `name`. */
  async open(name: string): Promise<void> {
    await this.page.goto('/settings');
    await this.tab(name).click();
  }

  /** Reloads and comes back to the tab `name`: the form then shows what the server kept. */
  async reload(name: string): Promise<void> {
    await this.page.reload();
    await this.tab(name).click();
  }
}
