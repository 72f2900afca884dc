/**
 * End-to-end tests: the built web app served by the real API, in Chromium. Each worker starts its own API
 * on a free port with a fresh database and a fixed clock (the `server` fixture in e2e/fixtures.ts), so
 * workers never share data. On machines with Debian's Chromium that browser is used: its headless shell
 * (the package chromium-headless-shell, the same build without the browser's own interface, which Playwright
 * also uses for headless runs) when installed, else /usr/bin/chromium; elsewhere Playwright's own
 * (npx playwright install chromium). The shell uses about a sixth less CPU per spec on two cores.
 * E2E_CHROMIUM names another binary.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const SYSTEM_CHROMIUM =
  process.env['E2E_CHROMIUM'] ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((binary) => existsSync(binary));
const systemChromium = SYSTEM_CHROMIUM
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }
  : {};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? 'test-results',
  globalSetup: './e2e/global-setup.ts',
  // Spec files are spread over the workers (`--workers <n>` to change); the tests of a file run in order.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    // A trace records a screencast of every frame: kept for every test it doubled to tripled each test's time
    // on two cores. The retry (CI) records one for the test that failed.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: systemChromium,
  },
  projects: [{ name: 'chromium' }],
});
