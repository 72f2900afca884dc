/**
 * Languages (issue #17, docs/i18n.md). A person picks their language in the user menu: it applies at once,
 * is saved to their account and survives a reload. The company's default language is set in Settings ›
 * General, kept after a reload, and applies to whoever chose none. Each spec puts English back at the end.
 */
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';

/** Opens the user menu's language submenu; `label` is the menu item's text in the current language. */
async function openLanguages(page: Page, label: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
  await page.getByTestId('language-menu').click();
}

test.describe('language', () => {
  test('a person switches to Français in the user menu; it applies at once and survives a reload', async ({ page }) => {
    await new LoginPage(page).signIn(EMPLOYEE.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await openLanguages(page, 'Language');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await openLanguages(page, 'Langue');
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    // Back to the company's default, named in the interface's language.
    await page.getByRole('menuitemradio', { name: 'Langue de l’entreprise (English)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await openLanguages(page, 'Language');
    await expect(page.getByRole('menuitemradio', { name: 'Company default (English)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('Settings › General: the company language is saved, kept after a reload and applies by default', async ({
    page,
  }) => {
    await new LoginPage(page).signIn(ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/settings');
    const select = page.getByTestId('company-language');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/tenant') && r.request().method() === 'PATCH');
    await select.selectOption('fr');
    expect((await saved).status()).toBe(200);
    // The administrator chose no language of their own: the company's default applies.
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.getByTestId('company-language')).toHaveValue('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await openLanguages(page, 'Langue');
    await expect(page.getByRole('menuitemradio', { name: 'Langue de l’entreprise (Français)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.getByTestId('company-language').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByTestId('company-language')).toHaveValue('en');
  });
});
