/**
 * The daily attendance aggregate (docs/workforce.md "Daily aggregate") against the direct computation. Random data
 * (a fixed seed) is written through the real writers: manual attendance with breaks, WFO and not, edits (one moving
 * a day), deletions, breaks added and removed, device punches corrected, today's open days and a past day left open,
 * leave requested and approved, cancelled, rejected or left pending through the API. Then holidays, people who
 * joined inside the range, one who left (inactive) and demo people with demo data switched off and on. For several
 * ranges and scopes the overview the API answers (read from the aggregate) must equal the one computed from the
 * attendance rows and leave requests (./daily.ts directDaily); the aggregate kept by the writers must equal one
 * rebuilt from scratch; and a write whose transaction rolls back must leave the aggregate as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import { LEAVE_ACTION } from '../../shared/leave.js';
import { addDays, dayOfWeek, eachDate } from '../../shared/time.js';
import { storedMinutes } from '../../shared/attendance-rules.js';
import { rebuildDays, refreshDays } from '../src/modules/attendance/days.js';
import { findById } from '../src/modules/attendance/repository.js';
import {
  correctDevicePunch,
  createManual,
  deleteAttendance,
  deleteBreak,
  saveBreak,
  updateManual,
} from '../src/modules/attendance/service.js';
import { context } from '../src/modules/productivity/figures.js';
import { membersOf, tenantEmployees } from '../src/modules/productivity/repository.js';
import { overview } from '../src/modules/productivity/service.js';
import { readSettings } from '../src/modules/tenants/repository.js';
import { random } from '../src/seed/random.js';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const { createLeaveType } = leaveCatalogueEndpoints;

/** Friday 20 November 2026, 10:00 in Karachi (UTC+5, the default zone). */
const TODAY = '2026-11-20';
const NOW = new Date('2026-11-20T05:00:00Z');
const FIRST = '2026-09-21';
let clock = new Date('2026-09-14T05:00:00Z');

const PEOPLE = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'd0', 'd1'] as const;
type Key = (typeof PEOPLE)[number] | 'admin' | 'hr';

let server: TestServer;
let org: Organisation<Key, 'Red' | 'Blue' | 'Demo'>;
let tenantId: number;
/** The administrator's API, signed in at NOW (the sessions of the leave requests' time have ended). */
let admin: Api;

/** The same data in every run. */
const rand = random(18);
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
/** A Karachi local time of a date as an ISO instant. */
const at = (date: string, minutes: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - 300) * 60_000).toISOString();

async function snapshot() {
  const [days, totals] = await Promise.all([
    server.db
      .selectFrom('attendanceDays')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('employeeId')
      .orderBy('workDate')
      .execute(),
    server.db
      .selectFrom('attendanceDayTotals')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('present', '<>', 0),
          eb('wfo', '<>', 0),
          eb('workedMinutes', '<>', 0),
          eb('breakMinutes', '<>', 0),
          eb('presentOnLeave', '<>', 0),
          eb('onLeave', '<>', 0),
        ]),
      )
      .orderBy('workDate')
      .execute(),
  ]);
  const n = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && k !== 'workDate' ? Number(v) : v]),
    );
  return { days: days.map(n), totals: totals.map(n) };
}

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: {
      admin: ['Administrator'],
      hr: ['HR'],
      ...Object.fromEntries(PEOPLE.map((k) => [k, ['Employee']])),
    } as Record<Key, string[]>,
    teams: { Red: ['p0', 'p1', 'p2', 'p3', 'p4'], Blue: ['p5', 'p6', 'p7', 'p8', 'p9', 'p0'], Demo: ['d0', 'd1'] },
  });
  tenantId = org.tenantId;
  const { f, people } = org;
  const actor = { tenantId, employeeId: people.admin.id };

  // Leave through the API, asked three weeks ahead of the first day (a request may not be in the past).
  const annual = (
    await server.client.ok(
      createLeaveType,
      { body: { name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 40 } },
      { as: people.hr },
    )
  ).id;
  const hrAct = (id: number, action: number) =>
    people.hr.api.post(`/api/leave-requests/${id}/actions`, { action, reason: 'Noted' });
  for (const key of PEOPLE.filter((k) => k.startsWith('p'))) {
    let from = addDays(FIRST, between(0, 6));
    while (from < '2026-11-13') {
      const to = addDays(from, between(0, 3));
      const asked = await people[key].api.post('/api/leave-requests', {
        leaveTypeId: annual,
        startDate: from,
        endDate: to,
        reason: 'Away',
      });
      from = addDays(to, between(8, 20));
      if (asked.status !== 201) continue; // weekend-only dates and the like: refused, nothing to count
      const id = asked.body.id as number;
      const fate = rand();
      if (fate < 0.15) continue; // pending
      if (fate < 0.25) {
        expect((await hrAct(id, LEAVE_ACTION.REJECT)).status).toBe(200);
        continue;
      }
      expect((await hrAct(id, LEAVE_ACTION.APPROVE)).status).toBe(200);
      if (fate < 0.6) continue; // approved
      const cancel = await people[key].api.post(`/api/leave-requests/${id}/actions`, {
        action: LEAVE_ACTION.CANCEL,
        reason: 'Plans changed',
      });
      expect(cancel.status).toBe(200);
      if (fate < 0.8) continue; // cancellation pending: still taken
      expect((await hrAct(id, LEAVE_ACTION.APPROVE_CANCELLATION)).status).toBe(200);
    }
  }
  // Demo people's leave, as the demo seed writes it (auto approved).
  await f.leaveRequest({ employeeId: people.d0.id, startDate: '2026-10-05', endDate: '2026-10-07', status: 12 });

  clock = NOW;
  admin = server.api(await server.signIn(people.admin.email));
  await f.holiday({ name: 'Founders day', date: '2026-10-14' });
  await f.holiday({ name: 'Harvest day', date: '2026-11-04' });
  await f.holiday({ name: 'Not kept', date: '2026-10-21', isActive: 0 });

  const settings = await readSettings(server.db, tenantId);
  const created: number[] = [];
  for (const key of PEOPLE) {
    const employeeId = people[key].id;
    for (const date of eachDate(FIRST, TODAY)) {
      const weekend = [0, 6].includes(dayOfWeek(date));
      if (rand() > (weekend ? 0.08 : 0.78)) continue;
      const start = between(8 * 60, 10 * 60);
      const today = date === TODAY;
      const end = start + between(6 * 60, 9 * 60);
      const isWfo = rand() < 0.55;
      if (!today && rand() < 0.12) {
        // A device punch, corrected by hand now and then.
        const span = { checkIn: at(date, start), checkOut: at(date, end) };
        const punch = await f.attendance({ employeeId, workDate: date, ...span, source: 'device', isWfo: 1 });
        if (rand() < 0.5) {
          await correctDevicePunch(
            server.deps,
            actor,
            punch,
            { checkIn: at(date, start + 10), checkOut: at(date, end - 5), reason: 'Forgot to punch out', isWfo: false },
            settings,
            true,
          );
        }
        continue;
      }
      const open = today || rand() < 0.02;
      const breaks =
        open || rand() < 0.3 ? [] : [{ start: at(date, start + 120), end: at(date, start + 120 + between(10, 60)) }];
      const id = await createManual(
        server.deps,
        actor,
        employeeId,
        { checkIn: at(date, start), checkOut: today ? null : open ? null : at(date, end), isWfo, breaks },
        settings,
      );
      created.push(id);
    }
  }

  // Edits, moves, deletions and breaks, on some of the days written.
  for (const id of created) {
    const row = await findById(server.db, tenantId, id);
    if (!row || row.checkOut === null) continue;
    const fate = rand();
    if (fate < 0.05) {
      await deleteAttendance(server.deps, actor, row);
    } else if (fate < 0.12) {
      const checkIn = new Date(Date.parse(row.checkIn) - 30 * 60_000).toISOString();
      await updateManual(server.deps, actor, row, { checkIn, isWfo: rand() < 0.5 }, settings);
    } else if (fate < 0.14) {
      // Moved to a free day before the range's first (counted only by the longer ranges).
      const shift = -between(30, 60);
      const taken = await server.db
        .selectFrom('attendances')
        .select('id')
        .where('employeeId', '=', row.employeeId)
        .where('workDate', '=', addDays(row.workDate, shift))
        .executeTakeFirst();
      if (taken) continue;
      const move = (iso: string) => new Date(Date.parse(iso) + shift * 86_400_000).toISOString();
      const breaks = await server.db
        .selectFrom('attendanceBreaks')
        .selectAll()
        .where('attendanceId', '=', id)
        .execute();
      for (const b of breaks) await deleteBreak(server.deps, actor, (await findById(server.db, tenantId, id))!, b);
      const fresh = (await findById(server.db, tenantId, id))!;
      await updateManual(
        server.deps,
        actor,
        fresh,
        { checkIn: move(row.checkIn), checkOut: move(row.checkOut!) },
        settings,
      );
    } else if (fate < 0.2) {
      const start = new Date(Date.parse(row.checkOut) - 40 * 60_000).toISOString();
      const end = new Date(Date.parse(row.checkOut) - 20 * 60_000).toISOString();
      await saveBreak(server.deps, actor, row, { start, end }, settings);
    } else if (fate < 0.24) {
      const b = await server.db
        .selectFrom('attendanceBreaks')
        .selectAll()
        .where('attendanceId', '=', id)
        .executeTakeFirst();
      if (b) await deleteBreak(server.deps, actor, row, b);
    }
  }

  // Joined inside the range (after some of their days), a leaver, and the demo company's people and team.
  await server.db
    .updateTable('employees')
    .set({ dateOfJoining: '2026-10-12' })
    .where('id', '=', people.p3.id)
    .execute();
  await server.db
    .updateTable('employees')
    .set({ dateOfJoining: '2026-11-02' })
    .where('id', '=', people.p7.id)
    .execute();
  await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', people.p9.id).execute();
  await server.db.updateTable('employees').set({ isDemo: 1 }).where('id', 'in', [people.d0.id, people.d1.id]).execute();
  await server.db.updateTable('teams').set({ isDemo: 1 }).where('id', '=', org.teams.Demo.id).execute();
}, 240_000);
afterAll(() => server.close());

const RANGES = [
  { startDate: FIRST, endDate: TODAY },
  { startDate: '2026-10-22', endDate: TODAY },
  { startDate: '2026-10-12', endDate: '2026-10-18' },
  { startDate: TODAY, endDate: TODAY },
  { startDate: '2026-06-01', endDate: '2026-11-19' },
];

async function compareAll() {
  const settings = await readSettings(server.db, tenantId);
  const scopes = [
    { teamId: undefined, employees: tenantEmployees(server.db, tenantId) },
    ...(['Red', 'Blue', 'Demo'] as const).map((t) => ({
      teamId: org.teams[t].id,
      employees: membersOf(server.db, tenantId, [org.teams[t].id]),
    })),
  ];
  let compared = 0;
  for (const range of RANGES) {
    const ctx = await context(server.deps, tenantId, settings, range.startDate, range.endDate);
    for (const scope of scopes) {
      const query = `startDate=${range.startDate}&endDate=${range.endDate}${scope.teamId ? `&teamId=${scope.teamId}` : ''}`;
      const res = await admin.get(`/api/productivity/overview?${query}`);
      if (res.status === 404) {
        // The demo team while demo data is off.
        expect(settings.isDemoDataDisabled && scope.teamId === org.teams.Demo.id).toBe(true);
        continue;
      }
      expect(res.status).toBe(200);
      const team = scope.teamId ? { id: scope.teamId, name: res.body.team.name } : null;
      const direct = await overview(ctx, scope.employees, team, { direct: true });
      expect(res.body, `${query}, demo data off: ${settings.isDemoDataDisabled}`).toEqual(direct);
      compared += 1;
    }
  }
  return compared;
}

describe('the daily attendance aggregate', () => {
  it('gives the overviews the same answers as the attendance rows, demo data on and off', async () => {
    const body = (await admin.get(`/api/productivity/overview?startDate=${FIRST}&endDate=${TODAY}`)).body;
    // The data covers what it should: attendance, leave, WFO and time still running today.
    expect(body.totals.presentDays).toBeGreaterThan(300);
    expect(body.totals.leaveDays).toBeGreaterThan(5);
    expect(body.totals.wfoDays).toBeGreaterThan(100);
    expect(await compareAll()).toBe(RANGES.length * 4);
    expect((await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: true } })).status).toBe(200);
    expect(await compareAll()).toBe(RANGES.length * 3);
    expect((await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: false } })).status).toBe(200);
  });

  it('kept by the writers, equals the aggregate rebuilt from scratch', async () => {
    const kept = await snapshot();
    expect(kept.days.length).toBeGreaterThan(300);
    await server.db.transaction().execute((trx) => rebuildDays(trx, tenantId));
    expect(await snapshot()).toEqual(kept);
  });

  it('is mended by the attendance-days job when a row was changed behind the writers’ back', async () => {
    const kept = await snapshot();
    const victim = kept.days.find((d) => d.workDate === '2026-11-02')!;
    await server.db
      .updateTable('attendanceDays')
      .set({ present: 7, workedMinutes: 1 })
      .where('tenantId', '=', tenantId)
      .where('employeeId', '=', victim['employeeId'] as number)
      .where('workDate', '=', '2026-11-02')
      .execute();
    await server.db
      .updateTable('attendanceDayTotals')
      .set({ present: 999 })
      .where('tenantId', '=', tenantId)
      .where('workDate', '=', '2026-11-03')
      .execute();
    expect(await snapshot()).not.toEqual(kept);
    const run = await server.deps.jobs.runNow('attendance-days', tenantId);
    if (!run.ran) throw new Error('the attendance-days job did not run');
    expect(run.runs[0]!.outcome).toBe('succeeded');
    expect(await snapshot()).toEqual(kept);
  });

  it('is left as it was by a write whose transaction rolls back', async () => {
    const before = await snapshot();
    const employeeId = org.people.p1.id;
    // A day of the range p1 has no attendance on.
    const held = new Set(
      (await server.db.selectFrom('attendances').select('workDate').where('employeeId', '=', employeeId).execute()).map(
        (r) => r.workDate,
      ),
    );
    const date = eachDate(FIRST, TODAY).find((d) => !held.has(d))!;
    await expect(
      server.db.transaction().execute(async (trx) => {
        const span = { checkIn: at(date, 600), checkOut: at(date, 900) };
        await trx
          .insertInto('attendances')
          .values({
            tenantId,
            employeeId,
            workDate: date,
            ...span,
            source: 'manual',
            isWfo: 1,
            clientIp: null,
            ...storedMinutes(span, []),
            createdAt: NOW.toISOString(),
            updatedAt: NOW.toISOString(),
          })
          .execute();
        await refreshDays(trx, tenantId, [{ employeeId, date }]);
        const inside = await trx
          .selectFrom('attendanceDayTotals')
          .select('present')
          .where('tenantId', '=', tenantId)
          .where('workDate', '=', date)
          .executeTakeFirst();
        expect(Number(inside?.present ?? 0)).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await snapshot()).toEqual(before);
  });
});
