/**
 * The French walk (issue #17, docs/i18n.md): the demo administrator, with French chosen, visits every page
 * of the navigation, every tab and the account menu, and the walk fails on any English text left. On each
 * view it reads what people see and hear: the page's visible text and the `aria-label`, `placeholder`,
 * `title` and `alt` attributes. It checks them against the English words of the catalogue whose French
 * translation differs (whole words, three letters or more, and none that French itself uses anywhere in
 * its catalogue), after removing what is the company's own data (the demo seed's names, teams, leave types,
 * holidays, reasons and roles), e-mail addresses, #hashtags and the allow-list of proper nouns below. A screenshot of
 * each view goes to E2E_OUTPUT_DIR/french-walk for people to look at what a word list cannot see.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { resources } from '../shared/i18n/resources.js';
import { demoDataTexts } from '../server/src/seed/demo-data.js';
import { ADMIN, DEMO_PASSWORD, expect, test } from './fixtures.js';

/** Words that are the same in both languages on purpose: names of products, companies and standards. */
const ALLOWED = new Set(
  [
    'Teambeat',
    'Northwind',
    'Labs',
    'ZKTeco',
    'ADMS',
    'SCIM',
    'Microsoft',
    'Entra',
    'Okta',
    'Google',
    'OpenID',
    'Connect',
    'PNG',
    'JPEG',
    'WebP',
    'SVG',
    'CSV',
    'HTTP',
    'HTTPS',
    'IP',
    'URL',
    'API',
    'WFO',
    'Desktop',
    'English',
  ].map((w) => w.toLowerCase()),
);

const WORD = /[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’-]*/g;

/** Every text of a catalogue tree, by its path. */
function texts(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of texts(value, at)) out.set(k, v);
  }
  return out;
}

const words = (text: string) =>
  (text.replace(/\{\{[^}]*\}\}/g, ' ').match(WORD) ?? []).map((w) => w.replace(/['’-]+$/, '').toLowerCase());

/** English words that must not appear on a French page (see the file's comment). */
function forbiddenWords(): Set<string> {
  const en = texts(resources.en);
  const fr = texts(resources.fr);
  const french = new Set([...fr.values()].flatMap(words));
  const forbidden = new Set<string>();
  for (const [key, english] of en) {
    const base = key.replace(/_(one|other)$/, '');
    const translated = fr.get(key) ?? fr.get(`${base}_other`);
    if (translated === undefined || translated === english) continue;
    for (const word of words(english)) {
      if (word.replace(/['’-]/g, '').length >= 3 && !french.has(word) && !ALLOWED.has(word)) forbidden.add(word);
    }
  }
  return forbidden;
}

const FORBIDDEN = forbiddenWords();
/** The company's own data, longest first so that "Annual leave" goes before "Annual". */
const DATA = [...new Set(demoDataTexts())].sort((a, b) => b.length - a.length);
const OUTPUT = path.join(process.env['E2E_OUTPUT_DIR'] ?? 'test-results', 'french-walk');

/** What people see and hear on the page now: visible text and the accessible text attributes. */
async function readPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'placeholder', 'title', 'alt'];
    // Code (a permission's or activity's stable name, shown beside its label) is the same in every language.
    const codes = new Set([...document.querySelectorAll('code')].map((c) => c.innerText.trim()).filter(Boolean));
    const said: string[] = [
      document.body.innerText
        .split('\n')
        .filter((line) => !codes.has(line.trim()))
        .join('\n'),
    ];
    for (const element of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], [alt]')) {
      // What assistive technology cannot reach: hidden elements, and the parts of a picture (role="img"),
      // whose own label speaks for the whole.
      if (!element.checkVisibility() || element.closest('[aria-hidden="true"]')) continue;
      if (element.parentElement?.closest('[role="img"]')) continue;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) said.push(value);
      }
    }
    return said.join('\n');
  });
}

/** The English words left in a text, each with where it was found. */
function englishIn(text: string): string[] {
  let rest = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const data of DATA) rest = rest.split(data).join(' ');
  // #hashtags are people's own words (the Home widgets list the company's); after the demo's texts, which hold some.
  rest = rest.replace(/#[\p{L}\p{N}_]+/gu, ' ');
  const found: string[] = [];
  for (const line of rest.split('\n')) {
    const hits = words(line).filter((w) => FORBIDDEN.has(w));
    if (hits.length > 0) found.push(`${hits.join(', ')}  ←  “${line.trim().slice(0, 120)}”`);
  }
  return [...new Set(found)];
}

/**
 * Requests of the page still unanswered, but the notifications' live stream, which stays open for good (so
 * Playwright's "networkidle" never comes while a session is signed in).
 */
function trackRequests(page: Page): () => number {
  const pending = new Set<Request>();
  const done = (request: Request) => pending.delete(request);
  page.on('request', (request) => {
    if (!request.url().includes('/api/notification/stream')) pending.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending.size;
}

let pendingRequests: () => number = () => 0;

/** Half a second without a request in flight (the stream aside), or 10 s at most. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (pendingRequests() > 0) return false;
        await page.waitForTimeout(500);
        return pendingRequests() === 0;
      },
      { timeout: 10_000 },
    )
    .toBe(true)
    .catch(() => undefined);
}

/** Waits for the view to settle (data loaded, no spinner), checks it and saves its picture. */
async function check(page: Page, name: string, leftovers: Map<string, string[]>): Promise<void> {
  await settled(page);
  await expect(page.locator('[role="progressbar"][aria-busy="true"], .fui-Spinner'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: true });
  const english = englishIn(await readPage(page));
  if (english.length > 0) leftovers.set(name, english);
}

/** Opens each tab of the page's first tab list in turn and checks it. */
async function checkTabs(page: Page, name: string, leftovers: Map<string, string[]>): Promise<void> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  expect(count, `${name} has tabs`).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await check(page, `${name}-tab-${i + 1}`, leftovers);
  }
}

// What other specs create (devices, teams, feedback, in English) would read as English left on the pages.
test.use({ ownServer: true });

test('the French walk: every page, tab and menu of the administrator speaks French', async ({ page, loginPage }) => {
  test.setTimeout(240_000);
  expect(FORBIDDEN.size, 'the word list is built from the catalogue').toBeGreaterThan(300);
  const leftovers = new Map<string, string[]>();
  pendingRequests = trackRequests(page);

  await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-menu').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  try {
    const pages: [string, string, boolean][] = [
      ['/home', 'home', false],
      ['/attendance', 'attendance', false],
      ['/month-view', 'month-view', false],
      ['/project-dashboard', 'productivity', true],
      ['/leave', 'leave', true],
      ['/leaves-calendar', 'leave-calendar', false],
      ['/leaderboard', 'leaderboard', false],
      ['/employee/management', 'employees', false],
      ['/role/management', 'roles', false],
      ['/biometric/management', 'devices', true],
      ['/settings', 'settings', true],
    ];
    for (const [url, name, tabbed] of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (tabbed) await checkTabs(page, name, leftovers);
      else await check(page, name, leftovers);
    }

    // The dialogs that add things: each opened from its page (and tab), checked, then closed unsaved.
    const { fr } = resources;
    // Tabs by their French name: their positions move as tabs are added.
    const dialogs: [string, string | null, string, string][] = [
      ['/leave', null, fr.leave.leavePage.requestLeave, 'dialog-request-leave'],
      ['/employee/management', null, fr.people.directory.add, 'dialog-employee'],
      ['/role/management', null, fr.people.rolesPage.add, 'dialog-role'],
      ['/biometric/management', null, fr.devices.page.addDevice, 'dialog-device'],
      ['/settings', fr.settings.tabs.leaves, fr.settings.leaveTypes.add, 'dialog-leave-type'],
      ['/settings', fr.settings.tabs.holidays, fr.settings.holidays.add, 'dialog-holiday'],
    ];
    for (const [url, tab, button, name] of dialogs) {
      await page.goto(url);
      if (tab !== null) await page.getByRole('tablist').first().getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, name, leftovers);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // The account menu and its submenus.
    await page.goto('/home');
    await page.getByTestId('user-menu').click();
    await check(page, 'account-menu', leftovers);
    await page.getByTestId('language-menu').click();
    await check(page, 'account-menu-language', leftovers);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  } finally {
    // Back to the company's default, so the worker's other specs meet the English they expect.
    await page.goto('/home');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: /^Langue de l’entreprise/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }

  const report = [...leftovers].map(([view, found]) => `${view}:\n  ${found.join('\n  ')}`).join('\n');
  expect(report, 'English text left on French pages').toBe('');
});

test('the sign-in page speaks French to a French browser', async ({ browser, server }) => {
  const context = await browser.newContext({ locale: 'fr-FR', baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    const leftovers = new Map<string, string[]>();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await check(page, 'sign-in', leftovers);
    const report = [...leftovers].map(([view, found]) => `${view}:\n  ${found.join('\n  ')}`).join('\n');
    expect(report, 'English text left on the French sign-in page').toBe('');
  } finally {
    await context.close();
  }
});
