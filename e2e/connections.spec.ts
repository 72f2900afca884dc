/**
 * The Connection dialog (docs/projects.md, "Tool connections") for the trackers connected by a token rather than
 * an account: Trello (an API key and a token), Microsoft Planner (an access token alone) and monday.com (an API
 * token alone). For each, a product owner adds a project at the tracker's stand-in started here
 * (tools/tracker-sim), picks the tool, sees only that tool's fields, connects, finds the connection again
 * after a reload (the tool, the address and key, the token never shown: the dialog offers to keep it), and
 * syncs every sprint, the count of what came in shown.
 */
import type { Page } from '@playwright/test';
import type { SimControls } from '../tools/tracker-sim/model.js';
import { mondayDemoData, startMondaySim } from '../tools/tracker-sim/monday.js';
import { plannerDemoData, startPlannerSim } from '../tools/tracker-sim/planner.js';
import { startTrelloSim, trelloDemoData } from '../tools/tracker-sim/trello.js';
import { DEMO_PASSWORD, expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { LoginPage } from './pages/login-page.js';

/** A seeded Product Owner (server/src/seed/demo.ts), who may connect and sync the projects they add. */
const PRODUCT_OWNER = { email: 'isha.lopez@northwind.example' };

/** Every field label the dialog may show for the account and the token. */
const ACCOUNT_LABELS = ['Account e-mail', 'API key'];
const TOKEN_LABELS = ['API token', 'Access token', 'Personal access token'];

type Case = {
  tool: string;
  start: () => Promise<SimControls>;
  key: string;
  /** The account field's label and value, for a tool that takes one. */
  account: { label: string; value: string } | null;
  token: { label: string; value: string; hint: string | null };
  /** What the Tracker card says once connected. */
  connected: string;
  /** The sync's summary, and one synced sprint with its counts. */
  synced: RegExp;
  sprint: { name: string; counts: string };
};

const CASES: Case[] = [
  {
    tool: 'Trello',
    start: () => startTrelloSim(trelloDemoData(), { pageSize: 2 }),
    key: 'Qx7Lm2Pa',
    account: { label: 'API key', value: 'trello-demo-key' },
    token: { label: 'API token', value: 'trello-demo-token', hint: null },
    connected: 'Trello with an access token · Project in the tracker: Customer Portal',
    synced: /Synced .*: 5 items from 1 sprints/,
    // Five cards; the four assigned ones are their members' tasks.
    sprint: { name: 'Customer Portal', counts: '5 backlog items, 4 tasks' },
  },
  {
    tool: 'Microsoft Planner',
    start: () => startPlannerSim(plannerDemoData(), { pageSize: 1 }),
    key: 'Nw7pR2kqLUe5s0Xz-9AaC2QAHrTb',
    account: null,
    token: {
      label: 'Access token',
      value: 'planner-demo-token',
      hint: 'A Microsoft Entra access token for Microsoft Graph with Tasks.Read and User.ReadBasic.All.',
    },
    connected: 'Microsoft Planner with an access token · Project in the tracker: Partner Onboarding',
    synced: /Synced .*: 4 items from 1 sprints/,
    sprint: { name: 'Partner Onboarding', counts: '4 backlog items, 3 tasks' },
  },
  {
    tool: 'Monday',
    start: () => startMondaySim(mondayDemoData(), { pageSize: 2 }),
    key: '1802551123',
    account: null,
    token: {
      label: 'API token',
      value: 'monday-demo-token',
      hint: 'In monday.com: your avatar › Developers › My access tokens. The token acts as you and sees the boards you see; the project’s key is the board id, the digits after /boards/ in its address.',
    },
    connected: 'Monday with an access token · Project in the tracker: Mobile Launch',
    // Sprint 14: two items with three subitems; Sprint 15: three items, two subitems.
    synced: /Synced .*: 10 items from 2 sprints/,
    sprint: { name: 'Sprint 15', counts: '3 backlog items, 3 tasks' },
  },
];

/** Adds a project at `url` with `key` as the signed-in person and opens it; answers its name. */
async function addProject(page: Page, tool: string, url: string, key: string): Promise<string> {
  const name = `${tool} board ${Date.now().toString(36)}`;
  await new AppFrame(page).openPage('Project Hub');
  await page.getByRole('button', { name: 'Add project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Tracker address').fill(url);
  await dialog.getByLabel('Project key').fill(key);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByText('Project added', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return name;
}

for (const c of CASES) {
  test(`a product owner connects a ${c.tool} project through the dialog, finds it after a reload, and syncs it`, async ({
    page,
    consoleErrors,
  }) => {
    const sim = await c.start();
    try {
      await new LoginPage(page).signIn(PRODUCT_OWNER.email, DEMO_PASSWORD);
      const name = await addProject(page, c.tool, sim.url, c.key);

      const tracker = page.getByRole('region', { name: 'Tracker' });
      await tracker.getByRole('button', { name: 'Connect to tracker' }).click();
      let dialog = page.getByRole('dialog', { name: `Connect ${name}` });
      // A new connection starts on Jira, with its account field; the tool picked shows its own fields only.
      await expect(dialog.getByLabel('Account e-mail')).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Tracker' }).click();
      await page.getByRole('option', { name: c.tool }).click();
      for (const label of ACCOUNT_LABELS)
        await expect(dialog.getByRole('textbox', { name: label, exact: true })).toHaveCount(
          label === c.account?.label ? 1 : 0,
        );
      for (const label of TOKEN_LABELS)
        await expect(dialog.getByRole('textbox', { name: label, exact: true })).toHaveCount(
          label === c.token.label ? 1 : 0,
        );
      if (c.token.hint) await expect(dialog.getByText(c.token.hint, { exact: true })).toBeVisible();

      // The token is required; then the tracker checks the credentials before anything is kept.
      if (c.account) await dialog.getByRole('textbox', { name: c.account.label, exact: true }).fill(c.account.value);
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await expect(dialog.getByText('Enter the token the tracker gave you', { exact: true })).toBeVisible();
      await dialog.getByRole('textbox', { name: c.token.label, exact: true }).fill('not-the-token');
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await expect(
        dialog.getByText(
          'Failed to connect the project: the tracker refused the account or token (wrong, expired or revoked)',
        ),
      ).toBeVisible();
      await dialog.getByRole('textbox', { name: c.token.label, exact: true }).fill(c.token.value);
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await expect(page.getByText('Project connected', { exact: true })).toBeVisible();
      await expect(tracker.getByText(c.connected, { exact: true })).toBeVisible();

      // After a reload: the tool, the address and key; the token is never shown, only kept.
      await page.reload();
      await expect(tracker.getByText(c.connected, { exact: true })).toBeVisible();
      await expect(page.getByText(`${sim.url} · ${c.key}`, { exact: true })).toBeVisible();
      await tracker.getByRole('button', { name: 'Change connection' }).click();
      dialog = page.getByRole('dialog', { name: `Connect ${name}` });
      await expect(dialog.getByRole('combobox', { name: 'Tracker' })).toHaveText(c.tool);
      if (c.account)
        await expect(dialog.getByRole('textbox', { name: c.account.label, exact: true })).toHaveValue(c.account.value);
      const token = dialog.getByRole('textbox', { name: c.token.label, exact: true });
      await expect(token).toHaveValue('');
      await expect(token).toHaveAttribute('type', 'password');
      await expect(dialog.getByText('Leave empty to keep the stored token.', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Sync every sprint: the card says what came in, and the sprint shows its items after a reload.
      await tracker.getByRole('button', { name: 'Sync all sprints' }).click();
      await expect(tracker.getByText(c.synced)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('article', { name: c.sprint.name })).toContainText(c.sprint.counts);

      // The refusals asked for: the wrong token (400).
      expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await sim.close();
    }
  });
}
