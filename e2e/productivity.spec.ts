import { readFile } from 'node:fs/promises';
import { ADMIN, DEMO_PASSWORD, expect, test, TODAY } from './fixtures.js';
import { ProductivityPage } from './pages/productivity-page.js';
import { snapshot } from './screenshots.js';

test.describe('the productivity dashboard', () => {
  test('shows the overview charts and the attendance table, follows the range and downloads a CSV report', async ({
    loginPage,
    frame,
    page,
    consoleErrors,
  }) => {
    const dashboard = new ProductivityPage(page);
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await frame.openPage('Productivity');
    await expect(page).toHaveURL(/\/project-dashboard$/);

    // The default range is the last 90 days; the overview shows the cards and both charts.
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last 90 days');
    await dashboard.waitForOverview();
    for (const card of ['Hours worked', 'Work from office', 'Attendance rate', 'People']) {
      await expect(dashboard.overview().getByRole('group', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: /^Hours worked per day/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Work-from-office percentage/ })).toBeVisible();
    await snapshot(page, 'productivity-overview', 'light');

    // A year is charted per week.
    const overviewAnswer = page.waitForResponse(
      (r) => r.url().includes('/api/productivity/overview') && r.status() === 200,
    );
    await dashboard.choosePeriod('Last 12 months');
    const overview = (await (await overviewAnswer).json()) as { granularity: string; series: unknown[] };
    expect(overview.granularity).toBe('week');
    await expect(page.getByRole('img', { name: /^Hours worked per week/ })).toBeVisible();

    // A custom range after today is refused with the date filter's message, before any request.
    await dashboard.choosePeriod('Custom range');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2999-01-01');
    await expect(page.getByText('The date cannot be after today')).toBeVisible();
    await dashboard.choosePeriod('Last 30 days');

    await dashboard.openTab('Attendance');
    await dashboard.waitForRows();
    await expect(dashboard.table().getByRole('columnheader', { name: /Hours worked \/ expected/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or ID' }).fill('Alex');
    await expect(dashboard.rows().filter({ hasText: ADMIN.name })).toHaveCount(1);
    await snapshot(page, 'productivity-attendance', 'light');

    const download = await dashboard.downloadReport('Employee summary');
    expect(download.suggestedFilename()).toMatch(
      /^teambeat-employee-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Employee ID,Name,E-mail,Teams,Working days,Present days,Leave days,Absent days,Attendance %,Hours worked,Expected hours,WFO days,WFO %,Meets WFO requirement',
    );
    expect(lines.some((l) => l.includes(`,${ADMIN.name},${ADMIN.email},`))).toBe(true);

    await dashboard.openTab('Team statistics');
    await expect(page.getByRole('region', { name: 'Team attendance' }).getByRole('table')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team work from office' }).getByRole('table')).toBeVisible();

    await expect(page.getByRole('region', { name: 'Team attendance' })).toContainText('Per team');
    // One team: an administrator sees every team's members.
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option').nth(1).click();
    await expect(page.getByRole('region', { name: 'Team attendance' })).toContainText('Per member of');
    await expect(
      page.getByRole('region', { name: 'Team attendance' }).getByRole('columnheader', { name: 'Employee' }),
    ).toBeVisible();

    await frame.chooseTheme('Dark');
    await snapshot(page, 'productivity-teams', 'dark');
    await dashboard.openTab('Productivity Overview');
    await dashboard.waitForOverview();
    await snapshot(page, 'productivity-overview', 'dark');
    await frame.chooseTheme('Light');
    expect(consoleErrors).toEqual([]);
  });
  test('offers this month, this quarter and the year to date, and shows no figures for an invalid custom range', async ({
    loginPage,
    page,
    consoleErrors,
  }) => {
    const dashboard = new ProductivityPage(page);
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await dashboard.open();
    await dashboard.waitForOverview();
    const [year, month] = TODAY.split('-').map(Number) as [number, number];
    const quarterStart = `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    const periods = [
      ['This month', `${TODAY.slice(0, 7)}-01`],
      ['This quarter', quarterStart],
      ['Year to date', `${year}-01-01`],
    ] as const;
    for (const [label, from] of periods) {
      const asked = page.waitForRequest((r) => r.url().includes('/api/productivity/overview?'));
      await dashboard.choosePeriod(label);
      const url = new URL((await asked).url());
      expect([url.searchParams.get('startDate'), url.searchParams.get('endDate')], label).toEqual([from, TODAY]);
      await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText(label);
      await dashboard.waitForOverview();
    }

    // An invalid custom range clears the figures (no previous range's) and says why; fixing it shows them.
    await dashboard.choosePeriod('Custom range');
    const from = page.getByRole('textbox', { name: 'From', exact: true });
    const to = page.getByRole('textbox', { name: 'To', exact: true });
    await to.fill('2999-01-01');
    await expect(page.getByText('The date cannot be after today')).toBeVisible();
    await expect(dashboard.overview()).toHaveCount(0);
    await expect(page.getByTestId('range-problem')).toHaveText(
      'Correct the dates of the custom range to see its figures.',
    );
    await expect(page.getByRole('button', { name: 'Download report' })).toHaveCount(0);
    await snapshot(page, 'productivity-invalid-range', 'light');
    const asked = page.waitForRequest((r) => r.url().includes('/api/productivity/overview?'));
    await from.fill(`${year}-01-02`);
    await to.fill(`${year}-01-31`);
    const url = new URL((await asked).url());
    expect(url.searchParams.get('startDate')).toBe(`${year}-01-02`);
    expect(url.searchParams.get('endDate')).toBe(`${year}-01-31`);
    await dashboard.waitForOverview();
    await expect(page.getByTestId('range-problem')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
