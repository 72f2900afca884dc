/**
 * A punch's identity and time (docs/devices.md): punches are identified by what the device says (serial, device
 * user id, local time), so a corrected zone moves them instead of doubling them and the same punch arriving by the
 * agent and by ADMS is stored once; punches ahead of the server's clock are held and applied when their time comes;
 * a drifting device clock is shown and can be set; ADMS bodies are read line by line whatever the line ends.
 * Through the real HTTP API on both engines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceLocalTimeToInstant, packDeviceTime } from '../../shared/device-time.js';
import { addDays } from '../../shared/time.js';
import { addDevice, attendanceRows, deviceWorld, storedPunches, type DeviceWorld } from './device-fixtures.js';

// Monday 23 November 2026, 20:00 in Karachi (the tenant's zone); moved by the tests that need time to pass.
const START = new Date('2026-11-23T15:00:00Z');
let now = START;
let world: DeviceWorld;

beforeAll(async () => {
  world = await deviceWorld({ employees: 5, now: () => now });
  const adms = await world.admin.put('/api/adms/settings', { enabled: true, serverAddress: world.server.url });
  if (adms.status !== 200) throw new Error(`adms settings: ${JSON.stringify(adms.body)}`);
});
afterAll(() => world.server.close());
beforeEach(async () => {
  now = START;
  await world.server.db.deleteFrom('attendanceAudit').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('attendances').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('devicePunches').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('deviceCommands').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('devices').where('tenantId', '=', world.tenantId).execute();
});

const upload = (punches: { deviceSerial: string; deviceUserId: string; time: string; localTime?: string }[]) =>
  world.agent.post('/api/agent/punches', { punches });

/** A push device whose ADMS requests come from this machine. */
async function pushDevice(serialNo: string, timeZone: string) {
  const res = await world.admin.post('/api/devices', {
    name: serialNo,
    serialNo,
    mode: 'push',
    timeZone,
    admsNetwork: '127.0.0.1, ::1',
  });
  if (res.status !== 201) throw new Error(`push device: ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

const adms = (path: string, query: Record<string, string>, body?: string) =>
  fetch(`${world.server.url}${path}?${new URLSearchParams(query)}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'text/plain' }, body }),
  }).then(async (res) => ({ status: res.status, text: await res.text() }));

const attendance = async () =>
  (await attendanceRows(world))
    .map((r) => ({ employeeId: r.employeeId, workDate: r.workDate, checkIn: r.checkIn, checkOut: r.checkOut }))
    .sort((a, b) => `${a.employeeId}${a.workDate}`.localeCompare(`${b.employeeId}${b.workDate}`));

describe('the identity of a punch and zone changes', () => {
  it('moves the punches of a corrected zone and recomputes their days; the agent sending them again stores nothing', async () => {
    const device = await addDevice(world, { serialNo: 'TZ-1', timeZone: 'Asia/Karachi' });
    const [u1, u2] = [world.employees.get('1001')!, world.employees.get('1002')!];
    // The device is really on Los Angeles time; the agent read it with the wrong zone (Karachi) and sent these.
    const wrong = [
      { deviceSerial: 'TZ-1', deviceUserId: '1001', localTime: '2026-11-20T01:00:00', time: '2026-11-19T20:00:00Z' },
      { deviceSerial: 'TZ-1', deviceUserId: '1001', localTime: '2026-11-20T10:00:00', time: '2026-11-20T05:00:00Z' },
      { deviceSerial: 'TZ-1', deviceUserId: '1002', localTime: '2026-11-21T20:00:00', time: '2026-11-21T15:00:00Z' },
      { deviceSerial: 'TZ-1', deviceUserId: '1002', localTime: '2026-11-21T23:00:00', time: '2026-11-21T18:00:00Z' },
    ];
    expect((await upload(wrong)).body).toMatchObject({ stored: 4, duplicates: 0, applied: 4 });
    expect(await attendance()).toEqual([
      {
        employeeId: u1,
        workDate: '2026-11-20',
        checkIn: '2026-11-19T20:00:00.000Z',
        checkOut: '2026-11-20T05:00:00.000Z',
      },
      {
        employeeId: u2,
        workDate: '2026-11-21',
        checkIn: '2026-11-21T15:00:00.000Z',
        checkOut: '2026-11-21T18:00:00.000Z',
      },
    ]);

    const fixed = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'America/Los_Angeles' });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ timeZone: 'America/Los_Angeles', punchesMoved: 4 });
    const right = [
      {
        employeeId: u1,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T09:00:00.000Z',
        checkOut: '2026-11-20T18:00:00.000Z',
      },
      // 20:00-23:00 in Los Angeles on the 21st is the 22nd in Karachi: the 21st's row is gone.
      {
        employeeId: u2,
        workDate: '2026-11-22',
        checkIn: '2026-11-22T04:00:00.000Z',
        checkOut: '2026-11-22T07:00:00.000Z',
      },
    ];
    expect(await attendance()).toEqual(right);
    const audit = await world.server.db
      .selectFrom('attendanceAudit')
      .select(['action', 'actorId'])
      .where('tenantId', '=', world.tenantId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.action}:${a.actorId}`)).toEqual([
      'create:null',
      'create:null',
      'delete:null',
      'delete:null',
      'create:null',
      'create:null',
    ]);

    // The agent reads the log again in the new zone: the same punches, with other instants.
    const again = wrong.map((p, i) => ({
      ...p,
      time: ['2026-11-20T09:00:00Z', '2026-11-20T18:00:00Z', '2026-11-22T04:00:00Z', '2026-11-22T07:00:00Z'][i]!,
    }));
    expect((await upload(again)).body).toMatchObject({ stored: 0, duplicates: 4, applied: 0 });
    // Even the instants the old zone gave are the same punches.
    expect((await upload(wrong)).body).toMatchObject({ stored: 0, duplicates: 4 });
    const stored = await storedPunches(world);
    expect(stored.map((p) => `${p.deviceUserId} ${p.punchAt} ${p.status}`).sort()).toEqual([
      '1001 2026-11-20T09:00:00.000Z applied',
      '1001 2026-11-20T18:00:00.000Z applied',
      '1002 2026-11-22T04:00:00.000Z applied',
      '1002 2026-11-22T07:00:00.000Z applied',
    ]);
    expect(await attendance()).toEqual(right);

    // Saving the same zone again moves nothing.
    const same = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'America/Los_Angeles', name: 'X' });
    expect(same.body).toMatchObject({ name: 'X', punchesMoved: 0 });
  });

  it('moves a few thousand punches in chunks with the same result as one by one', async () => {
    const device = await addDevice(world, { serialNo: 'TZ-BULK', timeZone: 'Asia/Karachi' });
    // 3 employees x 334 days x 3 punches, read as Karachi time; the device is really in Los Angeles, where each
    // day's 09:00-16:30 is a Karachi night shift (22:00 or 21:00 to 05:30 or 04:30), the day it started.
    const users = ['1001', '1002', '1003'];
    const days = Array.from({ length: 334 }, (_, i) => addDays('2025-12-01', i));
    const wrong = users.flatMap((deviceUserId) =>
      days.flatMap((day) =>
        ['09:00:00', '13:00:00', '16:30:00'].map((t) => ({
          deviceSerial: 'TZ-BULK',
          deviceUserId,
          localTime: `${day}T${t}`,
          time: deviceLocalTimeToInstant(`${day} ${t}`, 'Asia/Karachi')!.toISOString(),
        })),
      ),
    );
    expect(wrong).toHaveLength(3006);
    for (let i = 0; i < wrong.length; i += 2000) {
      expect((await upload(wrong.slice(i, i + 2000))).status).toBe(200);
    }
    expect(await attendanceRows(world)).toHaveLength(1002);

    const fixed = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'America/Los_Angeles' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ punchesMoved: 3006 });
    const la = (day: string, t: string) =>
      deviceLocalTimeToInstant(`${day} ${t}`, 'America/Los_Angeles')!.toISOString();
    const expected = users
      .flatMap((u) =>
        days.map((day) => ({
          employeeId: world.employees.get(u)!,
          workDate: day,
          checkIn: la(day, '09:00:00'),
          checkOut: la(day, '16:30:00'),
        })),
      )
      .sort((a, b) => `${a.employeeId}${a.workDate}`.localeCompare(`${b.employeeId}${b.workDate}`));
    expect(await attendance()).toEqual(expected);
    const stored = await world.server.db
      .selectFrom('devicePunches')
      .select(['deviceUserId', 'localTime', 'punchAt', 'workDate', 'status'])
      .where('tenantId', '=', world.tenantId)
      .execute();
    const wanted = new Map(
      wrong.map((p) => [
        `${p.deviceUserId} ${p.localTime}`,
        `${la(p.localTime.slice(0, 10), p.localTime.slice(11))} ${p.localTime.slice(0, 10)} applied`,
      ]),
    );
    expect(stored).toHaveLength(3006);
    for (const p of stored) {
      expect(`${p.punchAt} ${p.workDate} ${p.status}`).toBe(wanted.get(`${p.deviceUserId} ${p.localTime}`));
    }
  });

  it('leaves a day a person corrected to them when a zone change moves punches into it', async () => {
    const device = await addDevice(world, { serialNo: 'TZ-2', timeZone: 'Asia/Karachi' });
    const employeeId = world.employees.get('1003')!;
    const manual = await world.server.db
      .insertInto('attendances')
      .values({
        tenantId: world.tenantId,
        employeeId,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T04:00:00.000Z',
        checkOut: '2026-11-20T12:00:00.000Z',
        source: 'manual',
        isWfo: 1,
        clientIp: null,
        workedMinutes: 480,
        breakMinutes: 0,
        createdBy: null,
        createdAt: START.toISOString(),
        updatedBy: null,
        updatedAt: START.toISOString(),
        correctsId: null,
        correctionReason: null,
        correctedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 08:00 on the 19th in Karachi: 03:00Z, Karachi's 19th.
    expect(
      (
        await upload([
          {
            deviceSerial: 'TZ-2',
            deviceUserId: '1003',
            localTime: '2026-11-19T08:00:00',
            time: '2026-11-19T03:00:00Z',
          },
        ])
      ).body,
    ).toMatchObject({ stored: 1, applied: 1 });
    const moved = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'Pacific/Kiritimati' });
    // 08:00 at +14 is 18:00Z on the 18th: Karachi's 18th (23:00).
    expect(moved.body.punchesMoved).toBe(1);
    const back = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'Pacific/Pago_Pago' });
    // 08:00 at -11 is 19:00Z on the 19th: Karachi's 20th (00:00), the corrected day.
    expect(back.body.punchesMoved).toBe(1);
    const [punch] = await storedPunches(world);
    expect(punch).toMatchObject({
      punchAt: '2026-11-19T19:00:00.000Z',
      workDate: '2026-11-20',
      status: 'skipped',
      note: 'MANUAL_CORRECTION',
    });
    expect((await attendance()).map((a) => [a.workDate, a.checkIn])).toEqual([
      ['2026-11-20', '2026-11-20T04:00:00.000Z'],
    ]);
    expect((await attendanceRows(world))[0]!.id).toBe(manual.id);
  });

  it('stores the same punch once whether it came by the agent or by ADMS', async () => {
    await pushDevice('BOTH-1', 'Asia/Dubai');
    const first = await upload([
      { deviceSerial: 'BOTH-1', deviceUserId: '1001', localTime: '2026-11-20T09:00:00', time: '2026-11-20T05:00:00Z' },
    ]);
    expect(first.body).toMatchObject({ stored: 1, duplicates: 0 });
    const line = (time: string) => `1001\t${time}\t0\t1\t0\t0\t0`;
    const pushed = await adms(
      '/iclock/cdata',
      { SN: 'BOTH-1', table: 'ATTLOG', Stamp: '2' },
      `${line('2026-11-20 09:00:00')}\n${line('2026-11-20 17:30:00')}\n`,
    );
    // Both lines accepted into storage: one new, one already stored.
    expect(pushed).toEqual({ status: 200, text: 'OK: 2' });
    const second = await upload([
      { deviceSerial: 'BOTH-1', deviceUserId: '1001', localTime: '2026-11-20T17:30:00', time: '2026-11-20T13:30:00Z' },
    ]);
    expect(second.body).toMatchObject({ stored: 0, duplicates: 1 });
    const stored = await storedPunches(world);
    expect(stored.map((p) => p.punchAt).sort()).toEqual(['2026-11-20T05:00:00.000Z', '2026-11-20T13:30:00.000Z']);
    expect(await attendance()).toEqual([
      {
        employeeId: world.employees.get('1001')!,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T05:00:00.000Z',
        checkOut: '2026-11-20T13:30:00.000Z',
      },
    ]);
  });

  it('reads the repeated hour of a DST fall-back as its earlier occurrence on both paths', async () => {
    await pushDevice('NY-1', 'America/New_York');
    const pushed = await adms('/iclock/cdata', { SN: 'NY-1', table: 'ATTLOG' }, '1001\t2026-11-01 01:30:00\t0\t1\n');
    expect(pushed.text).toBe('OK: 1');
    // The agent's own instant (the later 01:30) is not what decides: the local time is.
    const pulled = await upload([
      { deviceSerial: 'NY-1', deviceUserId: '1002', localTime: '2026-11-01T01:30:00', time: '2026-11-01T06:30:00Z' },
    ]);
    expect(pulled.body).toMatchObject({ stored: 1 });
    expect((await storedPunches(world)).map((p) => `${p.deviceUserId} ${p.punchAt}`).sort()).toEqual([
      '1001 2026-11-01T05:30:00.000Z',
      '1002 2026-11-01T05:30:00.000Z',
    ]);
  });

  it('refuses a punch whose local time cannot exist, and reads an older agent’s instant in the device zone', async () => {
    await addDevice(world, { serialNo: 'OLD-1', timeZone: 'Asia/Dubai' });
    const res = await upload([
      { deviceSerial: 'OLD-1', deviceUserId: '1001', localTime: '2026-02-30T09:00:00', time: '2026-03-02T05:00:00Z' },
      { deviceSerial: 'OLD-1', deviceUserId: '1001', time: '2026-11-20T05:00:00Z' },
    ]);
    expect(res.body).toMatchObject({ stored: 1, rejected: [{ index: 0, reason: 'BAD_LOCAL_TIME' }] });
    const row = await world.server.db
      .selectFrom('devicePunches')
      .select(['localTime', 'punchAt'])
      .where('tenantId', '=', world.tenantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ localTime: '2026-11-20T09:00:00', punchAt: '2026-11-20T05:00:00.000Z' });
  });
});

describe('punches ahead of the server clock', () => {
  const u1 = () => world.employees.get('1001')!;
  const punchOf = async (punchAt: string) =>
    (await storedPunches(world)).find((p) => p.punchAt === punchAt && p.deviceUserId === '1001');

  it('holds them and applies them when their time comes: by the job, the next upload or apply waiting punches', async () => {
    await addDevice(world, { serialNo: 'FAST-1', timeZone: 'Asia/Karachi' });
    // 20:00 in Karachi now; the device runs 3 minutes fast.
    const punch = (localTime: string) => ({
      deviceSerial: 'FAST-1',
      deviceUserId: '1001',
      localTime,
      time: START.toISOString(),
    });
    await upload([punch('2026-11-23T12:00:00')]);
    const ahead = await upload([punch('2026-11-23T20:03:00')]);
    expect(ahead.body).toMatchObject({ stored: 1, applied: 0, skipped: 1 });
    expect(await punchOf('2026-11-23T15:03:00.000Z')).toMatchObject({
      status: 'skipped',
      note: 'ATTENDANCE_IN_FUTURE',
    });
    expect(await attendance()).toEqual([
      { employeeId: u1(), workDate: '2026-11-23', checkIn: '2026-11-23T07:00:00.000Z', checkOut: null },
    ]);

    // Not yet: the job leaves it waiting.
    now = new Date('2026-11-23T15:02:59Z');
    const early = await world.server.deps.jobs.runNow('device-punches', world.tenantId);
    expect(early.ran && early.runs[0]!.counts).toEqual({ applied: 0, skipped: 0 });
    expect((await punchOf('2026-11-23T15:03:00.000Z'))?.status).toBe('skipped');

    now = new Date('2026-11-23T15:03:00Z');
    const run = await world.server.deps.jobs.runNow('device-punches', world.tenantId);
    expect(run.ran && run.runs[0]!.counts).toEqual({ applied: 1, skipped: 0 });
    expect(await punchOf('2026-11-23T15:03:00.000Z')).toMatchObject({ status: 'applied', note: null });
    expect(await attendance()).toEqual([
      {
        employeeId: u1(),
        workDate: '2026-11-23',
        checkIn: '2026-11-23T07:00:00.000Z',
        checkOut: '2026-11-23T15:03:00.000Z',
      },
    ]);

    // The next upload of any device applies those whose time has come.
    await upload([punch('2026-11-23T20:10:00')]);
    now = new Date('2026-11-23T15:11:00Z');
    await addDevice(world, { serialNo: 'OTHER-1', timeZone: 'Asia/Karachi' });
    const other = await upload([
      { deviceSerial: 'OTHER-1', deviceUserId: '1002', localTime: '2026-11-23T09:00:00', time: START.toISOString() },
    ]);
    expect(other.body).toMatchObject({ stored: 1, applied: 1 });
    expect(await punchOf('2026-11-23T15:10:00.000Z')).toMatchObject({ status: 'applied', note: null });

    // And so does "Apply waiting punches".
    await upload([punch('2026-11-23T20:20:00')]);
    now = new Date('2026-11-23T15:21:00Z');
    const applied = await world.admin.post('/api/device-punches/apply-unmapped');
    expect(applied.body).toEqual({ applied: 1, skipped: 0, unmapped: 0 });
    expect(await punchOf('2026-11-23T15:20:00.000Z')).toMatchObject({ status: 'applied', note: null });
    const rows = await attendance();
    expect(rows.find((r) => r.employeeId === u1())).toMatchObject({ checkOut: '2026-11-23T15:20:00.000Z' });
  });
});

describe('clock drift', () => {
  it('shows a pulled device’s drift and has the agent set its time', async () => {
    const device = await addDevice(world, { serialNo: 'DRIFT-1', timeZone: 'Asia/Karachi' });
    const state = (clockOffsetS: number) =>
      world.agent.post('/api/agent/device-state', { deviceSerial: 'DRIFT-1', state: 'online', clockOffsetS });
    expect((await state(300)).status).toBe(200);
    expect((await world.admin.get(`/api/devices/${device.id}`)).body).toMatchObject({
      clockOffsetS: 300,
      clockCheckedAt: START.toISOString(),
      setTimeRequestedAt: null,
    });
    const asked = await world.admin.post(`/api/devices/${device.id}/set-time`);
    expect(asked.status).toBe(200);
    expect(asked.body.setTimeRequestedAt).toBe(START.toISOString());
    const listed = (await world.agent.get('/api/agent/devices')).body.items;
    expect(listed.find((d: { serialNo: string }) => d.serialNo === 'DRIFT-1').setTime).toBe(true);
    // The agent set the clock and reports it back within the limit: the request is answered.
    expect((await state(1)).status).toBe(200);
    expect((await world.admin.get(`/api/devices/${device.id}`)).body).toMatchObject({
      clockOffsetS: 1,
      setTimeRequestedAt: null,
    });
    const after = (await world.agent.get('/api/agent/devices')).body.items;
    expect(after.find((d: { serialNo: string }) => d.serialNo === 'DRIFT-1').setTime).toBe(false);
  });

  it('measures a push device’s drift from its uploads and sends it SET OPTION DateTime', async () => {
    const device = await pushDevice('DRIFT-P', 'Asia/Karachi');
    // 20:03:20 on the device while the server is at 20:00:00.
    await adms('/iclock/cdata', { SN: 'DRIFT-P', table: 'ATTLOG' }, '1001\t2026-11-23 20:03:20\t0\t1\n');
    expect((await world.admin.get(`/api/devices/${device.id}`)).body).toMatchObject({ clockOffsetS: 200 });
    // A backlog (an old punch) says nothing of the clock.
    await adms('/iclock/cdata', { SN: 'DRIFT-P', table: 'ATTLOG' }, '1001\t2026-11-20 08:00:00\t0\t1\n');
    expect((await world.admin.get(`/api/devices/${device.id}`)).body.clockOffsetS).toBe(200);

    expect((await world.admin.post(`/api/devices/${device.id}/set-time`)).status).toBe(200);
    const [command] = (await world.admin.get(`/api/devices/${device.id}/commands`)).body.items;
    expect(command).toMatchObject({ command: 'SET TIME', status: 'pending' });
    now = new Date('2026-11-23T15:00:05Z');
    const packed = packDeviceTime({ year: 2026, month: 11, day: 23, hour: 20, minute: 0, second: 5 });
    expect(await adms('/iclock/getrequest', { SN: 'DRIFT-P' })).toEqual({
      status: 200,
      text: `C:${command.id}:SET OPTION DateTime=${packed}\n`,
    });
    const done = await adms('/iclock/devicecmd', { SN: 'DRIFT-P' }, `ID=${command.id}&Return=0&CMD=SET OPTION\n`);
    expect(done.text).toBe('OK: 1');
    expect((await world.admin.get(`/api/devices/${device.id}/commands`)).body.items[0]).toMatchObject({
      status: 'done',
      returnCode: '0',
    });
    expect((await world.admin.get(`/api/devices/${device.id}`)).body).toMatchObject({ clockOffsetS: null });
  });
});

describe('ADMS bodies', () => {
  it('splits lines on a bare CR, refuses impossible dates, and counts what it stored', async () => {
    await pushDevice('CR-1', 'Asia/Karachi');
    const body =
      '1001\t2026-11-20 09:00:00\t0\t1\r1002\t2026-11-20 09:05:00\t0\t1\r\n' +
      '1003\t2026-02-30 09:00:00\t0\t1\n1004\t2026-11-20 09:10:00\t0\t1\r';
    expect(await adms('/iclock/cdata', { SN: 'CR-1', table: 'ATTLOG' }, body)).toEqual({ status: 200, text: 'OK: 3' });
    expect((await storedPunches(world)).map((p) => `${p.deviceUserId} ${p.punchAt}`).sort()).toEqual([
      '1001 2026-11-20T04:00:00.000Z',
      '1002 2026-11-20T04:05:00.000Z',
      '1004 2026-11-20T04:10:00.000Z',
    ]);
    // The same upload again: stored already, acknowledged in full so the device moves on.
    expect(await adms('/iclock/cdata', { SN: 'CR-1', table: 'ATTLOG' }, body)).toEqual({ status: 200, text: 'OK: 3' });
    expect(await storedPunches(world)).toHaveLength(3);
  });

  it('reads command results whose fields come on lines of their own, and never marks one done without its code', async () => {
    const device = await pushDevice('CMD-1', 'Asia/Karachi');
    const queue = async (command: string) =>
      (await world.admin.post(`/api/devices/${device.id}/commands`, { command })).body.id as number;
    const [a, b, c] = [await queue('INFO'), await queue('CHECK'), await queue('REBOOT')];
    await adms('/iclock/getrequest', { SN: 'CMD-1' });
    const body =
      `ID=${a}\r\nReturn=-22\r\nCMD=INFO\r\n~DeviceName=Sim\r\nMAC=00:17:61:00:00:01\r\n` +
      `ID=${b}&Return=0&CMD=CHECK\n` +
      `ID=${c}\nCMD=REBOOT\n`;
    expect(await adms('/iclock/devicecmd', { SN: 'CMD-1' }, body)).toEqual({ status: 200, text: 'OK: 2' });
    const items = (await world.admin.get(`/api/devices/${device.id}/commands`)).body.items as {
      id: number;
      status: string;
      returnCode: string | null;
    }[];
    expect(items.map((i) => [i.id, i.status, i.returnCode])).toEqual([
      [c, 'sent', null],
      [b, 'done', '0'],
      [a, 'done', '-22'],
    ]);
  });
});
