/** The give form and the feedback lists (renderer/src/pages/feedback). */
import { expect, type Locator, type Page } from '@playwright/test';

export class FeedbackPage {
  constructor(private readonly page: Page) {}

  async openGive(): Promise<void> {
    await this.page.goto('/feedback/personal');
    await expect(this.page.getByRole('heading', { name: 'Give feedback' })).toBeVisible();
  }

  /** Picks a colleague in the recipients picker by typing part of their name. */
  async addRecipient(search: string, name: string): Promise<void> {
    const input = this.page.getByRole('combobox', { name: 'To' });
    await input.click();
    await input.pressSequentially(search);
    await this.page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(this.page.getByRole('listbox', { name: 'Chosen people' }).getByText(name)).toBeVisible();
  }

  /** Chooses an attribute and gives it `stars` (1-5). */
  async rate(attribute: string, stars: number): Promise<void> {
    await this.page.getByRole('button', { name: attribute, exact: true }).click();
    await this.page
      .getByRole('radiogroup', { name: `Rating of ${attribute}` })
      .getByRole('radio')
      .nth(stars - 1)
      .check({ force: true });
  }

  card(text: string): Locator {
    return this.page.locator('[data-testid^="feedback-"]').filter({ hasText: text });
  }
}
