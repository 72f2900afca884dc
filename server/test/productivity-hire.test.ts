/**
 * "A hire added today is not counted absent for the past" (issue 11): a person added without a joining
 * date joins on the day they are added (the company's day), so the productivity figures count their
 * working and absent days from then on; an explicit joining date still decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

// Friday 20 November 2026, 10:00 in Karachi.
const clock = () => new Date('2026-11-20T05:00:00Z');
// Monday 16 to Friday 20 November: five working days.
const RANGE = 'startDate=2026-11-16&endDate=2026-11-20';

let server: TestServer;
let org: Organisation<'admin' | 'hr', 'Core'>;

beforeAll(async () => {
  server = await startServer({}, clock);
  org = await organisation(server, {
    people: { admin: ['Administrator'], hr: ['HR'] },
    teams: { Core: [] },
  });
});
afterAll(() => server.close());

describe('a new hire in the productivity figures', () => {
  it('joins on the day they are added when no joining date is given, and is not absent before it', async () => {
    const admin = org.people.admin.api;
    const added = await admin.post('/api/employees', {
      name: 'New Hire',
      email: 'new.hire@' + org.domain,
      teamIds: [org.teams.Core.id],
    });
    expect(added.status).toBe(201);
    expect(added.body.dateOfJoining).toBe('2026-11-20');

    const stats = await org.people.hr.api.get(
      `/api/productivity/team-attendance-stats?${RANGE}&teamId=${org.teams.Core.id}`,
    );
    expect(stats.body.items).toEqual([
      expect.objectContaining({
        employee: expect.objectContaining({ name: 'New Hire' }),
        workingDays: 1,
        absentDays: 1,
        presentDays: 0,
      }),
    ]);
    const overview = await org.people.hr.api.get(`/api/productivity/overview?${RANGE}&teamId=${org.teams.Core.id}`);
    expect(overview.body.totals).toMatchObject({ absentDays: 1, expectedMinutes: 8 * 60 });
    const summary = await org.people.hr.api.get(`/api/reports/employee-summary?${RANGE}&teamId=${org.teams.Core.id}`);
    const row = (summary.body as string).split('\r\n').find((line) => line.includes('New Hire'));
    expect(row).toBeDefined();
  });

  it('keeps an explicit joining date, earlier or later, as the start of the counted days', async () => {
    const admin = org.people.admin.api;
    const earlier = await admin.post('/api/employees', {
      name: 'Since Wednesday',
      email: 'since.wednesday@' + org.domain,
      dateOfJoining: '2026-11-18',
      teamIds: [org.teams.Core.id],
    });
    expect(earlier.body.dateOfJoining).toBe('2026-11-18');
    const stats = await org.people.hr.api.get(
      `/api/productivity/team-attendance-stats?${RANGE}&teamId=${org.teams.Core.id}&orderKey=name`,
    );
    expect(
      stats.body.items.find((r: { employee: { name: string } }) => r.employee.name === 'Since Wednesday'),
    ).toMatchObject({ workingDays: 3, absentDays: 3 });
  });
});
