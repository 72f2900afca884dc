/**
 * Demo accounts of the seeded company, the suite's fixed clock, and the test object: each worker has its own
 * API server and database (the demo company, fresh), every browser context runs on that server's clock, and
 * page models.
 */
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { followServerClock } from './browser-clock.js';
import { AppFrame } from './pages/app-frame.js';
import { DevicesPage } from './pages/devices-page.js';
import { DirectoryPage } from './pages/directory-page.js';
import { LoginPage } from './pages/login-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { startServer } from './server.js';

/**
 * The instant every e2e server's clock starts at, and from which it runs forward: a Wednesday, 14:00 in the
 * demo company's zone, mid-June, so today, days ahead and days behind are working days of the same year and
 * a run of the suite stays within the day. It lies ahead of the real date on purpose: the browser keeps the
 * refresh cookie by its own real clock, and a cookie issued at a past instant (plus 30 days) would arrive
 * already expired. Move it to a later year (a Wednesday in June) before the real date nears it.
 */
export const TEST_NOW = '2030-06-12T09:00:00Z';
/** The demo company's time zone (server/src/seed/demo.ts). */
export const ZONE = 'Asia/Karachi';
/** The calendar date of TEST_NOW in ZONE: "today" for every spec. */
export const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(TEST_NOW));

export const DEMO_PASSWORD = 'Teambeat@2026';
export const ADMIN = { email: 'admin@northwind.example', name: 'Alex Morgan' };
/** A seeded employee whose only role is Employee (see server/src/seed/demo.ts). */
export const EMPLOYEE = { email: 'omar.iqbal@northwind.example', name: 'Omar Iqbal' };
/** Omar Iqbal's teammates in team Web, and their lead. */
export const AYESHA = { email: 'ayesha.fischer20@northwind.example', name: 'Ayesha Fischer' };
export const GRACE = { email: 'grace.castillo26@northwind.example', name: 'Grace Castillo' };
export const LEAD = { email: 'chen.okafor@northwind.example', name: 'Chen Okafor' };
/** Employees of other teams than Omar's. */
export const PRIYA = { email: 'priya.ahmed@northwind.example', name: 'Priya Ahmed' };
export const QUINN = { email: 'quinn.haddad@northwind.example', name: 'Quinn Haddad' };

/** What an Employee's sidebar shows: their own workforce pages, no administration. */
export const EMPLOYEE_NAV = [
  'Home',
  'Feedback',
  'Give feedback',
  'Feedback requests',
  'Badges',
  'Attendance',
  'Month view',
  'Leave',
  'Leave calendar',
];

export const ADMIN_NAV = [
  'Home',
  'Feedback',
  'Give feedback',
  'Feedback requests',
  'My team',
  'Flagged feedback',
  'Badges',
  'Attendance',
  'Month view',
  'Productivity',
  'Leave',
  'Leave calendar',
  'Employee Directory',
  'Roles & Permissions',
  'Teams',
  'Function Setup',
  'Project Hub',
  'Feedback Management',
  'Badge Control',
  'Biometric Devices',
  'Settings',
];

/** This worker's server. */
export type TestServer = {
  baseURL: string;
  /** The secret the server signs access tokens with. */
  jwtSecret: string;
  /** The server's DATA_DIR (its SQLite database), for seeding helpers (e2e/feedback-seed.ts). */
  dataDir: string;
  /** The server's clock: TEST_NOW when it started, running forward since. */
  now: () => Date;
};

type Models = {
  loginPage: LoginPage;
  frame: AppFrame;
  directory: DirectoryPage;
  devices: DevicesPage;
  settings: SettingsPage;
  consoleErrors: string[];
  /** Another browser context (another user at the same time), on the server's clock; closed after the test. */
  newContext: () => Promise<BrowserContext>;
  /** A page of another browser context, signed in through the form as `email` and on Home; with its token. */
  signedIn: (email: string) => Promise<{ page: Page; token: string }>;
};

export const test = base.extend<Models, { server: TestServer; ownServer: boolean }>({
  /**
   * `test.use({ ownServer: true })` in a spec: its tests run in a worker (and on a server) of their own, so
   * nothing earlier specs created is there (the French walk reads every text on the pages).
   */
  ownServer: [false, { scope: 'worker', option: true }],
  server: [
    // The option is a dependency only so that a spec setting it gets a worker, and a server, of its own.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    async ({ ownServer }, use, workerInfo) => {
      const server = await startServer({ startAt: TEST_NOW, label: `w${workerInfo.workerIndex}` });
      // For specs that read the address or the secret from the environment (as with the one shared server before).
      process.env['E2E_BASE_URL'] = server.baseURL;
      process.env['E2E_JWT_SECRET'] = server.jwtSecret;
      try {
        await use({ baseURL: server.baseURL, jwtSecret: server.jwtSecret, dataDir: server.dataDir, now: server.now });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 120_000, title: 'API server' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  // The pages' Date reads the server's clock, so the renderer's "today" is the server's.
  context: async ({ context, server }, use) => {
    await followServerClock(context, server.now().getTime() - Date.now());
    await use(context);
  },
  newContext: async ({ browser, server }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      await followServerClock(context, server.now().getTime() - Date.now());
      return context;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
  signedIn: async ({ newContext }, use) => {
    await use(async (email) => {
      const page = await (await newContext()).newPage();
      const token = await new LoginPage(page).signInToHome(email, DEMO_PASSWORD);
      return { page, token };
    });
  },
  // Every spec fails on a console error or an uncaught exception in the page.
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedNetworkError(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  frame: async ({ page }, use) => use(new AppFrame(page)),
  directory: async ({ page }, use) => use(new DirectoryPage(page)),
  devices: async ({ page }, use) => use(new DevicesPage(page)),
  settings: async ({ page }, use) => use(new SettingsPage(page)),
});

/**
 * Chromium logs every non-2xx fetch as a console error ("Failed to load resource"). The specs cause some
 * on purpose (a wrong password, a refused token); those are answers, not faults of the page.
 */
function isExpectedNetworkError(text: string): boolean {
  return /Failed to load resource: the server responded with a status of (401|403|404)/.test(text);
}

export { expect } from '@playwright/test';
