import { expect, type Download, type Page } from '@playwright/test';

/** Productivity (/project-dashboard): overview cards and charts, the attendance table, team statistics. */
export class ProductivityPage {
  constructor(readonly page: Page) {}

  readonly overview = () => this.page.getByRole('region', { name: 'Productivity overview' });
  readonly table = () => this.page.getByRole('table', { name: 'Attendance by employee' });
  readonly rows = () => this.table().locator('tbody tr');

  async open(): Promise<void> {
    await this.page.goto('/project-dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Productivity' })).toBeVisible();
  }

  async waitForOverview(): Promise<void> {
    await expect(this.overview()).toBeVisible();
    await expect(this.overview()).toHaveAttribute('aria-busy', 'false');
    // recharts draws its SVG once the container has a size.
    await expect(this.page.locator('.recharts-surface').first()).toBeVisible();
  }

  async choosePeriod(
    label:
      | 'Last 30 days'
      | 'Last 90 days'
      | 'Last 12 months'
      | 'This month'
      | 'This quarter'
      | 'Year to date'
      | 'Custom range',
  ): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Period' }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async openTab(name: 'Productivity Overview' | 'Attendance' | 'Team statistics'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  async waitForRows(): Promise<void> {
    await expect(this.table().locator('tbody tr[aria-hidden="true"]')).toHaveCount(0);
    await expect(this.rows().first()).toBeVisible();
  }

  async downloadReport(title: string): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download report' }).click();
    await this.page.getByRole('menuitem', { name: `${title} (CSV)` }).click();
    return download;
  }
}
