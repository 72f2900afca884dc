import { expect, type Locator, type Page } from '@playwright/test';
import { AppFrame } from './app-frame.js';
import { chooseRowAction, openEditDialog } from './row-actions.js';

export type NewEmployee = { name: string; email: string; employeeId: string };

/** Employee Directory (/employee/management). */
export class DirectoryPage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Employees' });
  readonly rows = () => this.table().locator('tbody tr');

  /** Opens the directory from the sidebar and waits for its rows. */
  async open(): Promise<void> {
    await new AppFrame(this.page).openPage('Employee Directory');
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    // Loading rows are skeletons hidden from assistive technology; real rows replace them.
    await expect(this.table().locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
    await expect(this.rows().first()).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: /Search by name/ }).fill(text);
  }

  async addEmployee(employee: NewEmployee): Promise<void> {
    await this.page.getByRole('button', { name: 'Add employee' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Add employee' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Full name').fill(employee.name);
    await dialog.getByLabel('Work e-mail').fill(employee.email);
    await dialog.getByLabel('Employee ID').fill(employee.employeeId);
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText('Employee added', { exact: true }).first()).toBeVisible();
  }

  /**
   * Adds "<name> <stamp>" with the e-mail "<first name>.<stamp>@northwind.example" and the ID "<idPrefix>-<stamp>",
   * unique to this run; answers what was entered and the stamp.
   */
  async addUniqueEmployee(name: string, idPrefix: string): Promise<NewEmployee & { stamp: string }> {
    const stamp = Date.now().toString(36);
    const first = name.split(' ')[0]!.toLowerCase();
    const employee = {
      name: `${name} ${stamp}`,
      email: `${first}.${stamp}@northwind.example`,
      employeeId: `${idPrefix}-${stamp}`,
    };
    await this.addEmployee(employee);
    return { ...employee, stamp };
  }

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  /** The full name a row shows: the name cell also holds the avatar's initials, the name is its last line. */
  async nameIn(row: Locator): Promise<string> {
    return (await row.locator('td').nth(2).innerText()).trim().split('\n').pop()!.trim();
  }

  /** Chooses `item` in the actions menu of the row of `name` (or of the row given). */
  async chooseAction(name: string, item: string, row: Locator = this.row(name)): Promise<void> {
    await chooseRowAction(this.page, row, name, item);
  }

  /** Opens the Edit dialog of the row of `name`; answers it once shown. */
  openEdit(name: string, row: Locator = this.row(name)): Promise<Locator> {
    return openEditDialog(this.page, row, name);
  }
}
