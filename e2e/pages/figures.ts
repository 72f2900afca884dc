import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/**
 * The figure cards above a list (renderer/src/components/FigureGrid.tsx): one card's number, once it has
 * loaded, read from the group and card the page names.
 */
export async function figure(page: Page, group: string, card: string): Promise<number> {
  const value = page.getByRole('group', { name: group }).getByLabel(card, { exact: true }).locator('span').nth(1);
  await expect(value).toHaveText(/^\d[\d,]*$/);
  return Number((await value.innerText()).replace(/,/g, ''));
}
