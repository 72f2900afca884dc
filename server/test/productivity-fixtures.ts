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
import { storedMinutes } from '../../shared/attendance-rules.js';
import type { TestServer } from './harness.js';

export const CLOCK = new Date('2026-11-20T05:00:00Z');
export const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };
export const WEEK_QUERY = `startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;

export type Scenario = {
  tenantId: number;
  ids: Record<'ann' | 'ben' | 'cat' | 'lead' | 'out' | 'hr' | 'emp' | 'core' | 'other' | 'annual', number>;
  other: { tenantId: number; teamId: number; employeeId: number };
};

const stamp = CLOCK.toISOString();

export async function insertAttendance(
  server: TestServer,
  tenantId: number,
  employeeId: number,
  day: { date: string; checkIn: string; checkOut: string | null; isWfo: boolean; breaks?: [string, string][] },
): Promise<void> {
  const row = await server.db
    .insertInto('attendances')
    .values({
      tenantId,
      employeeId,
      workDate: day.date,
      checkIn: day.checkIn,
      checkOut: day.checkOut,
      source: day.isWfo ? 'device' : 'web',
      isWfo: day.isWfo ? 1 : 0,
      clientIp: null,
      ...storedMinutes(
        { checkIn: day.checkIn, checkOut: day.checkOut },
        (day.breaks ?? []).map(([start, end]) => ({ start, end })),
      ),
      createdBy: null,
      createdAt: stamp,
      updatedBy: null,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [startAt, endAt] of day.breaks ?? []) {
    await server.db
      .insertInto('attendanceBreaks')
      .values({ tenantId, attendanceId: row.id, startAt, endAt, createdAt: stamp, updatedAt: stamp })
      .execute();
  }
}

async function team(server: TestServer, tenantId: number, name: string, members: number[]): Promise<number> {
  const { id } = await server.db
    .insertInto('teams')
    .values({ tenantId, name, description: null, isDemo: 0, createdAt: stamp, updatedAt: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (members.length > 0) {
    await server.db
      .insertInto('teamMembers')
      .values(members.map((employeeId) => ({ tenantId, teamId: id, employeeId })))
      .execute();
  }
  return id;
}

async function leave(
  server: TestServer,
  tenantId: number,
  employeeId: number,
  leaveTypeId: number,
  date: string,
  status: number,
  reason: string,
): Promise<void> {
  await server.db
    .insertInto('leaveRequests')
    .values({
      tenantId,
      employeeId,
      leaveTypeId,
      startDate: date,
      endDate: date,
      days: 1,
      reason,
      status,
      restoreStatus: null,
      poApproverId: null,
      isAuto: 0,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
}

/** Names may be chosen to test CSV escaping; everything else is as documented above. */
export async function buildScenario(
  server: TestServer,
  names: Partial<Record<string, string>> = {},
): Promise<Scenario> {
  const { id: tenantId } = await server.tenant('Acme', 'acme.example');
  const person = async (key: string, roles: string[]) =>
    (await server.user(tenantId, { email: `${key}@acme.example`, name: names[key] ?? key.toUpperCase(), roles })).id;
  const ann = await person('ann', ['Employee']);
  const ben = await person('ben', ['Employee']);
  const cat = await person('cat', ['Employee']);
  const lead = await person('lead', ['Team Lead']);
  const out = await person('out', ['Team Lead']);
  const hr = await person('hr', ['HR']);
  const emp = await person('emp', ['Employee']);
  await server.db.updateTable('employees').set({ dateOfJoining: '2026-11-12' }).where('id', '=', cat).execute();
  await server.db.updateTable('employees').set({ employeeIdentificationNo: 'E-001' }).where('id', '=', ann).execute();
  const core = await team(server, tenantId, 'Core', [ann, ben, lead]);
  const other = await team(server, tenantId, 'Other', [cat, out]);

  await server.db
    .insertInto('holidays')
    .values({ tenantId, name: 'Founders day', date: '2026-11-11', isActive: 1, createdAt: stamp, updatedAt: stamp })
    .execute();
  const { id: annual } = await server.db
    .insertInto('leaveTypes')
    .values({
      tenantId,
      name: 'Annual',
      kind: 'quota',
      icon: 'beach',
      yearlyQuota: 20,
      isActive: 1,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await leave(server, tenantId, ann, annual, '2026-11-12', 11, 'Family, "wedding"');
  await leave(server, tenantId, ben, annual, '2026-11-13', 1, 'Dentist');

  await insertAttendance(server, tenantId, ann, {
    date: '2026-11-09',
    checkIn: '2026-11-09T04:00:00.000Z',
    checkOut: '2026-11-09T12:30:00.000Z',
    isWfo: true,
    breaks: [['2026-11-09T08:00:00.000Z', '2026-11-09T08:30:00.000Z']],
  });
  await insertAttendance(server, tenantId, ann, {
    date: '2026-11-10',
    checkIn: '2026-11-10T04:00:00.000Z',
    checkOut: '2026-11-10T10:00:00.000Z',
    isWfo: false,
  });
  await insertAttendance(server, tenantId, ann, {
    date: '2026-11-14',
    checkIn: '2026-11-14T04:00:00.000Z',
    checkOut: '2026-11-14T06:00:00.000Z',
    isWfo: true,
  });
  for (const date of ['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13']) {
    await insertAttendance(server, tenantId, ben, {
      date,
      checkIn: `${date}T04:00:00.000Z`,
      checkOut: `${date}T12:00:00.000Z`,
      isWfo: true,
    });
  }
  await insertAttendance(server, tenantId, ben, {
    date: '2026-11-20',
    checkIn: '2026-11-20T04:00:00.000Z',
    checkOut: null,
    isWfo: true,
  });
  await insertAttendance(server, tenantId, cat, {
    date: '2026-11-12',
    checkIn: '2026-11-12T04:00:00.000Z',
    checkOut: null,
    isWfo: false,
  });

  // Another company with its own team and attendance in the same week: never counted, never shown.
  const { id: otherTenant } = await server.tenant('Globex', 'globex.example');
  const stranger = (await server.user(otherTenant, { email: 'zed@globex.example', name: 'Zed', roles: ['HR'] })).id;
  const strangerTeam = await team(server, otherTenant, 'Globex team', [stranger]);
  await insertAttendance(server, otherTenant, stranger, {
    date: '2026-11-09',
    checkIn: '2026-11-09T04:00:00.000Z',
    checkOut: '2026-11-09T14:00:00.000Z',
    isWfo: true,
  });

  return {
    tenantId,
    ids: { ann, ben, cat, lead, out, hr, emp, core, other, annual },
    other: { tenantId: otherTenant, teamId: strangerTeam, employeeId: stranger },
  };
}
