/**
 * Each attendance stores its worked and break minutes (migration 0006): every write keeps them equal to
 * storedMinutes of the row's current times and breaks, the migration's backfill counts them the same way,
 * and the productivity figures sum them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedMinutes } from '../../shared/attendance-rules.js';
import { fillAttendanceMinutes } from '../src/db/migrations/0006-attendance-minutes.js';
import { breaksOf } from '../src/modules/attendance/repository.js';
import { startServer, type Api, type TestServer } from './harness.js';

// Monday 23 November 2026, 10:00 in Karachi (UTC+5).
let clock = new Date('2026-11-23T05:00:00Z');
const at = (iso: string) => (clock = new Date(iso));

let server: TestServer;
let tenantId: number;
let employeeId: number;
let emp: Api;
let hr: Api;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  ({ id: tenantId } = await server.tenant('Acme', 'acme.example'));
  employeeId = (await server.user(tenantId, { email: 'emp@acme.example', name: 'EMP', roles: ['Employee'] })).id;
  await server.user(tenantId, { email: 'hr@acme.example', name: 'HR', roles: ['HR'] });
  emp = server.api(await server.signIn('emp@acme.example'));
  hr = server.api(await server.signIn('hr@acme.example'));
});
afterAll(() => server.close());

async function stored(id: number) {
  return server.db
    .selectFrom('attendances')
    .select(['workedMinutes', 'breakMinutes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** What the row should store, from what is in the database now. */
async function expected(id: number) {
  const row = await server.db
    .selectFrom('attendances')
    .select(['checkIn', 'checkOut'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const breaks = ((await breaksOf(server.db, [id])).get(id) ?? []).map((b) => ({ start: b.startAt, end: b.endAt }));
  return storedMinutes(row, breaks);
}

const ymd = (id: number) =>
  server.db.selectFrom('attendances').select('workDate').where('id', '=', id).executeTakeFirstOrThrow();

async function companyWorked(date: string): Promise<number> {
  const res = await hr.get(`/api/productivity/overview?startDate=${date}&endDate=${date}`);
  expect(res.status).toBe(200);
  return res.body.totals.workedMinutes;
}

describe('stored worked minutes', () => {
  it('follow check-in, breaks and check-out; open days are counted live', async () => {
    at('2026-11-23T04:00:00Z');
    expect((await emp.post('/api/attendance/check-in', { source: 'web' })).status).toBe(200);
    const id = (await emp.get('/api/attendance/today')).body.attendance.id as number;
    expect(await stored(id)).toEqual({ workedMinutes: null, breakMinutes: 0 });

    at('2026-11-23T06:00:00Z');
    expect((await emp.post('/api/attendance/break/start')).status).toBe(200);
    at('2026-11-23T06:20:00Z');
    expect((await emp.post('/api/attendance/break/end')).status).toBe(200);
    expect(await stored(id)).toEqual({ workedMinutes: null, breakMinutes: 20 });

    // Still open: the overview counts up to now (2h30 in, 20 minutes of break).
    at('2026-11-23T06:30:00Z');
    expect(await companyWorked('2026-11-23')).toBe(130);

    at('2026-11-23T12:00:00Z');
    expect((await emp.post('/api/attendance/check-out')).status).toBe(200);
    expect(await stored(id)).toEqual({ workedMinutes: 8 * 60 - 20, breakMinutes: 20 });
    expect(await stored(id)).toEqual(await expected(id));
    at('2026-11-23T15:00:00Z'); // later the same day: closed rows no longer grow
    expect(await companyWorked('2026-11-23')).toBe(460);
  });

  it('follow manual edits of the check-out and of breaks, and the views and figures show them', async () => {
    at('2026-11-24T15:00:00Z');
    const created = await hr.post('/api/attendance', {
      employeeId,
      checkIn: '2026-11-24T04:00:00Z',
      checkOut: '2026-11-24T12:00:00Z',
      breaks: [{ start: '2026-11-24T07:00:00Z', end: '2026-11-24T07:30:00Z' }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await stored(id)).toEqual({ workedMinutes: 450, breakMinutes: 30 });

    // The check-out moves an hour earlier.
    expect((await hr.patch(`/api/attendance/${id}`, { checkOut: '2026-11-24T11:00:00Z' })).status).toBe(200);
    expect(await stored(id)).toEqual({ workedMinutes: 390, breakMinutes: 30 });

    // The break grows to 45 minutes; a second one of 15 is added.
    const breakId = (await breaksOf(server.db, [id])).get(id)![0]!.id;
    const edited = await hr.patch(`/api/breaks/${breakId}`, { end: '2026-11-24T07:45:00Z' });
    expect(edited.status).toBe(200);
    expect(await stored(id)).toEqual({ workedMinutes: 375, breakMinutes: 45 });
    const added = await hr.post(`/api/attendance/${id}/breaks`, {
      start: '2026-11-24T09:00:00Z',
      end: '2026-11-24T09:15:00Z',
    });
    expect(added.status).toBe(201);
    expect(await stored(id)).toEqual({ workedMinutes: 360, breakMinutes: 60 });

    // The first break goes away.
    expect((await hr.delete(`/api/breaks/${breakId}`)).status).toBe(200);
    expect(await stored(id)).toEqual({ workedMinutes: 405, breakMinutes: 15 });
    expect(await stored(id)).toEqual(await expected(id));

    const { workDate } = await ymd(id);
    const day = await hr.get(`/api/attendance/month?employeeId=${employeeId}&month=2026-11`);
    expect(day.status).toBe(200);
    const shown = day.body.days.find((d: { date: string }) => d.date === workDate).attendance;
    expect(shown).toMatchObject({ workedMinutes: 405, breakMinutes: 15 });
    expect(await companyWorked(workDate)).toBe(405);

    // Deleted with its breaks: nothing is left to count.
    expect((await hr.delete(`/api/attendance/${id}`)).status).toBe(204);
    expect(await companyWorked(workDate)).toBe(0);
  });

  it('are filled in for existing rows by the migration the way storedMinutes counts them', async () => {
    const days: { date: string; checkIn: string; checkOut: string | null; breaks: [string, string | null][] }[] = [
      { date: '2026-11-02', checkIn: '2026-11-02T04:00:00.123Z', checkOut: '2026-11-02T12:59:59.999Z', breaks: [] },
      {
        date: '2026-11-03',
        checkIn: '2026-11-03T04:00:00.000Z',
        checkOut: '2026-11-03T12:00:00.000Z',
        breaks: [
          ['2026-11-03T07:00:00.000Z', '2026-11-03T07:30:30.500Z'],
          ['2026-11-03T09:00:00.000Z', '2026-11-03T09:10:00.000Z'],
        ],
      },
      // A break left running past the check-out counts up to the check-out only.
      {
        date: '2026-11-04',
        checkIn: '2026-11-04T04:00:00.000Z',
        checkOut: '2026-11-04T12:00:00.000Z',
        breaks: [['2026-11-04T11:00:00.000Z', null]],
      },
      // Still open: no worked minutes, the finished breaks' total.
      {
        date: '2026-11-05',
        checkIn: '2026-11-05T04:00:00.000Z',
        checkOut: null,
        breaks: [
          ['2026-11-05T06:00:00.000Z', '2026-11-05T06:25:00.000Z'],
          ['2026-11-05T08:00:00.000Z', null],
        ],
      },
    ];
    const ids: number[] = [];
    for (const d of days) {
      // Stored as before migration 0006 filled the minutes in.
      const { id } = await server.factories(tenantId).attendance({
        employeeId,
        workDate: d.date,
        checkIn: d.checkIn,
        checkOut: d.checkOut,
        breaks: d.breaks,
        workedMinutes: null,
        breakMinutes: null,
      });
      ids.push(id);
    }
    const before = await Promise.all(ids.map(stored));
    expect(before.every((r) => r.workedMinutes === null && r.breakMinutes === null)).toBe(true);

    await fillAttendanceMinutes(server.db as never, server.deps.engine);
    const filled = await Promise.all(ids.map(stored));
    expect(filled).toEqual(await Promise.all(ids.map(expected)));
    expect(filled).toEqual([
      { workedMinutes: 539, breakMinutes: 0 },
      { workedMinutes: 439, breakMinutes: 40 },
      { workedMinutes: 420, breakMinutes: 60 },
      { workedMinutes: null, breakMinutes: 25 },
    ]);
  });
});
