import { expect, type Locator, type Page } from '@playwright/test';

/** Chooses `item` in the actions menu ("Actions for <name>") of a table row. */
export async function chooseRowAction(page: Page, row: Locator, name: string, item: string): Promise<void> {
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens a row's Edit dialog ("Edit <name>") through its actions menu; answers it once shown. */
export async function openEditDialog(page: Page, row: Locator, name: string): Promise<Locator> {
  await chooseRowAction(page, row, name, 'Edit');
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}
