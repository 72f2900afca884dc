import { expect, type Locator, type Page } from '@playwright/test';
import { AppFrame } from './app-frame.js';
import { chooseRowAction, openEditDialog } from './row-actions.js';

/** Biometric Devices (/biometric/management): devices table and dialogs, agent keys, ADMS. */
export class DevicesPage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Biometric devices' });
  readonly row = (text: string) => this.table().getByRole('row').filter({ hasText: text });

  /** Opens Biometric Devices from the sidebar. */
  async open(): Promise<void> {
    await new AppFrame(this.page).openPage('Biometric Devices');
  }

  /** Chooses `item` in the actions menu of the device named `name`. */
  async chooseAction(name: string, item: string): Promise<void> {
    await chooseRowAction(this.page, this.row(name), name, item);
  }

  /** Opens the Edit dialog of the device named `name`; answers it once shown. */
  openEdit(name: string): Promise<Locator> {
    return openEditDialog(this.page, this.row(name), name);
  }

  async openTab(name: 'Devices' | 'Unmapped punches' | 'Device agents' | 'ADMS' | 'BioTime'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
    await expect(this.page.getByRole('tab', { name, selected: true })).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox').fill(text);
  }

  /** Opens the add dialog, fills it and saves; returns the dialog locator while it is still open for a screenshot. */
  async openAddDialog() {
    await this.page.getByRole('button', { name: 'Add device' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Add device' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async fillDevice(
    dialog: ReturnType<Page['getByRole']>,
    device: { name: string; serialNo: string; ipAddress: string; port: number; timeZone: string },
  ): Promise<void> {
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(device.name);
    await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill(device.serialNo);
    await dialog.getByRole('textbox', { name: 'IP address or host name' }).fill(device.ipAddress);
    await dialog.getByRole('textbox', { name: 'Port', exact: true }).fill(String(device.port));
    await dialog.getByRole('combobox', { name: 'Device clock time zone' }).fill(device.timeZone);
  }

  /** Creates an agent key on the page and returns the key the dialog shows once. */
  async createAgentKey(name: string): Promise<{ key: string; dialog: ReturnType<Page['getByRole']> }> {
    await this.page.getByRole('button', { name: 'Create agent key' }).first().click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const keyField = dialog.getByRole('textbox', { name: 'Agent key' });
    await expect(keyField).toHaveValue(/^tbagent_/);
    return { key: await keyField.inputValue(), dialog };
  }
}
