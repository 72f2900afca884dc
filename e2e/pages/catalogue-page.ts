/**
 * The administrator's catalogue pages (Feedback Management's Categories and Attributes, Function Setup): a
 * searchable table of entries, each with an Edit button and an Active switch, and add and edit dialogs that
 * close with a toast once saved.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { AppFrame } from './app-frame.js';
import { LoginPage } from './login-page.js';

export class CataloguePage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole('table');
  readonly rows = () => this.table().locator('tbody tr');

  /** Signs in and opens the page by its sidebar entry ('Feedback Management'), whose heading it bears. */
  async open(entry: string, email: string, password: string): Promise<void> {
    await new LoginPage(this.page).signIn(email, password);
    await new AppFrame(this.page).openPage(entry);
  }

  async waitForRows(): Promise<void> {
    // Loading rows are skeletons hidden from assistive technology; real rows replace them.
    await expect(this.table().locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
    await expect(this.rows().first()).toBeVisible();
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox').fill(text);
  }

  /** Reloads the page (and opens its `tab`), waits for its rows, searches `search`: the one row of `name`. */
  async reloadAndFind(name: string, options: { search: string; tab?: string }): Promise<Locator> {
    await this.page.reload();
    if (options.tab) await this.page.getByRole('tab', { name: options.tab }).click();
    await this.waitForRows();
    await this.search(options.search);
    const row = this.row(name);
    await expect(row).toHaveCount(1);
    return row;
  }

  /** Opens the add dialog by its button ('Add category'); the dialog bears the same name. */
  async openAdd(label: string): Promise<Locator> {
    await this.page.getByRole('button', { name: label }).first().click();
    return this.page.getByRole('dialog', { name: label });
  }

  /** Opens the edit dialog of the entry named `name`. */
  async openEdit(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    return this.page.getByRole('dialog', { name: `Edit ${name}` });
  }

  /** Presses the dialog's `button` and sees it close and the `toast` ('Category added') show. */
  async save(dialog: Locator, button: string, toast: string): Promise<void> {
    await dialog.getByRole('button', { name: button }).click();
    await expect(dialog).toBeHidden();
    await this.expectToast(toast);
  }

  /** Switches the entry off, lets `check` read the confirmation, confirms, and sees the `toast`. */
  async deactivate(name: string, toast: string, check?: (confirm: Locator) => Promise<void>): Promise<void> {
    await this.row(name)
      .getByRole('switch', { name: `Active: ${name}` })
      .click();
    const confirm = this.page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
    await check?.(confirm);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await this.expectToast(toast);
  }

  async expectToast(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
