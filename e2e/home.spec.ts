import { DEMO_PASSWORD, EMPLOYEE, expect, test } from './fixtures.js';
import { snapshot } from './screenshots.js';

/** The demo's first person after the admin leads the Platform team (server/src/seed/demo.ts). */
const TEAM_LEAD = { email: 'ayesha.ahmed@northwind.example', team: 'Platform' };

test.describe('the Home page team cards', () => {
  test('a team lead sees their team’s last 30 days with figures and a link to the dashboard', async ({
    loginPage,
    page,
    consoleErrors,
  }) => {
    await loginPage.signInToHome(TEAM_LEAD.email, DEMO_PASSWORD);
    const card = page.getByRole('group', { name: `${TEAM_LEAD.team} team` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Last 30 days')).toBeVisible();
    await expect(card.getByRole('group', { name: 'Attendance rate' })).toContainText(/\d+(\.\d)?%/);
    const wfo = card.getByRole('group', { name: 'Work from office' });
    await expect(wfo).toContainText(/\d+(\.\d)?%/);
    await expect(wfo.getByText(/^(Meets|Below) target$/)).toBeVisible();
    await expect(wfo).toContainText(/Required \d+%/);
    await expect(card.getByRole('group', { name: 'Hours worked' })).toContainText(/expected/);
    await expect(card.getByRole('progressbar')).toBeVisible();
    await snapshot(page, 'home-team-cards', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await snapshot(page, 'home-team-cards', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await card.getByRole('link', { name: 'Open the productivity dashboard' }).click();
    await expect(page).toHaveURL(/\/project-dashboard$/);
    expect(consoleErrors).toEqual([]);
  });

  test('an employee without productivity permissions sees team names only and asks for no figures', async ({
    loginPage,
    page,
    consoleErrors,
  }) => {
    // The Employee role holds none of view-productivity-dashboard, view-team-attendance, view-all-attendance.
    const productivityCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/productivity/')) productivityCalls.push(r.url());
    });
    await loginPage.signInToHome(EMPLOYEE.email, DEMO_PASSWORD);
    // The teams region, not the whole page: Home's team ranking names the same teams.
    const yourTeams = page.getByRole('region', { name: 'Your teams' });
    await expect(yourTeams.getByRole('heading', { name: 'Your teams' })).toBeVisible();
    await expect(yourTeams.getByText('Web', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: /team$/ })).toHaveCount(0);
    await expect(page.getByText('Last 30 days')).toHaveCount(0);
    expect(productivityCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
