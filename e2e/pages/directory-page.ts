import { expect, type Page } from '@playwright/test';

/** Employee Directory (/employee/management). */
export class DirectoryPage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Employees' });
  readonly rows = () => this.table().locator('tbody tr');

  async waitForRows(): Promise<void> {
    // Loading rows are skeletons hidden from assistive technology; real rows replace them.
    await expect(this.table().locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
    await expect(this.rows().first()).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: /Search by name/ }).fill(text);
  }

  async addEmployee(employee: { name: string; email: string; employeeId: string }): Promise<void> {
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

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }
}
