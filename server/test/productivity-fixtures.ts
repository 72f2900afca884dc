/**
 * Known data for the productivity and report tests. The clock is Friday 20 November 2026, 10:00 in
 * Karachi (UTC+5). The week under test runs Monday 9 to Sunday 15 November: Wednesday 11 is a public
 * holiday, Saturday and Sunday are the weekend, so the working days are 9, 10, 12 and 13.
 *
 * Team Core: ann, ben, lead. Team Other: cat, out. hr is in no team.
 * - ann: Mon WFO 8h30 with a 30-minute break (480 min), Tue not WFO 6h (360), Sat WFO 2h (120);
 *   approved leave on Thu; absent Fri.
 * - ben: WFO 8h on each working day (4 × 480); a pending leave on Fri (does not count); checked in today
 *   at 09:00, still open.
 * - cat: joined Thu 12; checked in Thu and never checked out (present, no time); absent Fri.
 * - lead, out, hr: no attendance.
 */
import type { LeaveStatus } from '../../shared/leave.js';
import type { BreakSpan, Factories } from './factories.js';
import type { TestServer } from './harness.js';
import { organisation } from './organisation.js';

export const CLOCK = new Date('2026-11-20T05:00:00Z');
export const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };
export const WEEK_QUERY = `startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;

export type Scenario = {
  tenantId: number;
  ids: Record<'ann' | 'ben' | 'cat' | 'lead' | 'out' | 'hr' | 'emp' | 'core' | 'other' | 'annual', number>;
  other: { tenantId: number; teamId: number; employeeId: number };
};

type Day = { date: string; checkIn: string; checkOut: string | null; isWfo: boolean; breaks?: BreakSpan[] };

/** An attendance of the scenario: WFO days come from the device, the others from the web. */
const attendance = (f: Factories, employeeId: number, day: Day) =>
  f.attendance({
    employeeId,
    workDate: day.date,
    checkIn: day.checkIn,
    checkOut: day.checkOut,
    source: day.isWfo ? 'device' : 'web',
    isWfo: day.isWfo ? 1 : 0,
    breaks: day.breaks ?? [],
  });

/** Names may be chosen to test CSV escaping; everything else is as documented above. */
export async function buildScenario(
  server: TestServer,
  names: Partial<Record<string, string>> = {},
): Promise<Scenario> {
  const person = (key: string, roles: string[]) => ({ roles, ...(names[key] ? { name: names[key] } : {}) });
  const org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    signIn: false,
    people: {
      ann: { ...person('ann', ['Employee']), employeeIdentificationNo: 'E-001' },
      ben: person('ben', ['Employee']),
      cat: { ...person('cat', ['Employee']), dateOfJoining: '2026-11-12' },
      lead: person('lead', ['Team Lead']),
      out: person('out', ['Team Lead']),
      hr: person('hr', ['HR']),
      emp: person('emp', ['Employee']),
    },
    teams: { Core: ['ann', 'ben', 'lead'], Other: ['cat', 'out'] },
  });
  const { f, people } = org;
  const { ann, ben, cat } = people;

  await f.holiday({ name: 'Founders day', date: '2026-11-11' });
  const annual = await f.leaveType({ name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 20 });
  const leave = (employeeId: number, date: string, status: LeaveStatus, reason: string) =>
    f.leaveRequest({ employeeId, leaveTypeId: annual.id, startDate: date, endDate: date, days: 1, reason, status });
  await leave(ann.id, '2026-11-12', 11, 'Family, "wedding"');
  await leave(ben.id, '2026-11-13', 1, 'Dentist');

  await attendance(f, ann.id, {
    date: '2026-11-09',
    checkIn: '2026-11-09T04:00:00.000Z',
    checkOut: '2026-11-09T12:30:00.000Z',
    isWfo: true,
    breaks: [['2026-11-09T08:00:00.000Z', '2026-11-09T08:30:00.000Z']],
  });
  await attendance(f, ann.id, {
    date: '2026-11-10',
    checkIn: '2026-11-10T04:00:00.000Z',
    checkOut: '2026-11-10T10:00:00.000Z',
    isWfo: false,
  });
  await attendance(f, ann.id, {
    date: '2026-11-14',
    checkIn: '2026-11-14T04:00:00.000Z',
    checkOut: '2026-11-14T06:00:00.000Z',
    isWfo: true,
  });
  for (const date of ['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13']) {
    await attendance(f, ben.id, {
      date,
      checkIn: `${date}T04:00:00.000Z`,
      checkOut: `${date}T12:00:00.000Z`,
      isWfo: true,
    });
  }
  await attendance(f, ben.id, {
    date: '2026-11-20',
    checkIn: '2026-11-20T04:00:00.000Z',
    checkOut: null,
    isWfo: true,
  });
  await attendance(f, cat.id, {
    date: '2026-11-12',
    checkIn: '2026-11-12T04:00:00.000Z',
    checkOut: null,
    isWfo: false,
  });

  // Another company with its own team and attendance in the same week: never counted, never shown.
  const globex = await organisation(server, {
    name: 'Globex',
    domain: 'globex.example',
    signIn: false,
    people: { zed: { name: 'Zed', roles: ['HR'] } },
    teams: { 'Globex team': ['zed'] },
  });
  const stranger = globex.people.zed.id;
  await attendance(globex.f, stranger, {
    date: '2026-11-09',
    checkIn: '2026-11-09T04:00:00.000Z',
    checkOut: '2026-11-09T14:00:00.000Z',
    isWfo: true,
  });

  return {
    tenantId: org.tenantId,
    ids: {
      ...(Object.fromEntries(Object.entries(people).map(([key, p]) => [key, p.id])) as Record<
        keyof typeof people,
        number
      >),
      core: org.teams.Core.id,
      other: org.teams.Other.id,
      annual: annual.id,
    },
    other: { tenantId: globex.tenantId, teamId: globex.teams['Globex team'].id, employeeId: stranger },
  };
}
