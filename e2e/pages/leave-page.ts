import { expect, type Locator, type Page } from '@playwright/test';

/** /leave: balance, my requests, pending approvals, the request and action dialogs. */
export class LeavePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/leave');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Leave' })).toBeVisible();
  }

  /** The "Remaining" total of the balance summary, once loaded. */
  async remaining(): Promise<number> {
    const card = this.page.getByTestId('balance-remaining');
    await expect(card).toHaveText(/\d/);
    return Number((await card.innerText()).replace(/\D+/g, ''));
  }

  async requestLeave(input: { type: string; from: string; to: string; reason: string; workingDays: number }) {
    await this.page.getByRole('button', { name: 'Request leave' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Request leave' });
    await dialog.getByRole('combobox', { name: 'Leave type' }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${input.type}`) }).click();
    await dialog.getByLabel('From').fill(input.from);
    await dialog.getByLabel('To').fill(input.to);
    await expect(dialog.getByTestId('working-days')).toHaveText(String(input.workingDays));
    await dialog.getByLabel('Reason').fill(input.reason);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
  }

  showPending = async (): Promise<void> => {
    // A click while the page is still settling can be lost (seen once in CI): click until the list shows.
    await expect(async () => {
      await this.page.getByRole('tab', { name: 'Pending approvals' }).click();
      await expect(this.page.getByRole('region', { name: 'Pending approvals' })).toBeVisible({ timeout: 2_000 });
    }).toPass();
  };

  /** The row of a request, found by a text it shows (an employee's name, a date). */
  row(...texts: string[]): Locator {
    let rows = this.page.getByRole('row');
    for (const text of texts) rows = rows.filter({ hasText: text });
    return rows;
  }

  /** Presses an action button of a row, gives the reason and confirms. */
  async act(row: Locator, verb: string, reason: string): Promise<void> {
    await row.getByRole('button', { name: verb, exact: true }).click();
    const dialog = this.page.getByRole('alertdialog');
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: verb, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
