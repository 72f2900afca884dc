import { expect, type Page } from '@playwright/test';

/** /attendance and /month-view: today's card, the day panel and its dialogs, the month calendar. */
export class AttendancePage {
  constructor(readonly page: Page) {}

  readonly todayCard = () => this.page.getByRole('group', { name: 'Today’s attendance' });
  readonly state = () => this.page.getByTestId('attendance-state');
  readonly dialog = () => this.page.getByRole('dialog');

  async open(): Promise<void> {
    await this.page.goto('/attendance');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    await expect(this.state()).toBeVisible();
  }

  async act(label: 'Check in' | 'Start break' | 'End break' | 'Check out' | 'Undo check-out'): Promise<void> {
    await this.todayCard().getByRole('button', { name: label }).click();
  }

  /** The confirmation that "Check out" opens. */
  readonly checkOutConfirm = () => this.page.getByRole('alertdialog', { name: 'Check out now?' });

  /** Checks out: "Check out", then confirmed in the dialog. */
  async checkOut(): Promise<void> {
    await this.act('Check out');
    await expect(this.checkOutConfirm()).toContainText('You can undo it for 5 minutes.');
    await this.checkOutConfirm().getByRole('button', { name: 'Check out' }).click();
  }

  async expectState(text: string): Promise<void> {
    await expect(this.state()).toHaveText(text);
  }

  /** The toast the app shows for a failed action. */
  async expectErrorToast(message: string): Promise<void> {
    await expect(this.page.getByText(message).first()).toBeVisible();
  }

  dayPanel(dateLabel: string) {
    return this.page.getByRole('group', { name: `Attendance on ${dateLabel}` });
  }

  monthCell(date: string) {
    return this.page.locator(`[role="gridcell"][data-date="${date}"]`);
  }
}
