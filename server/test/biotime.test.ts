/**
 * The BioTime integration (docs/devices.md "BioTime") against the BioTime stand-in (tools/biotime-sim): the
 * connection (password sealed, never answered), its check telling apart what failed, pulls across pages into the
 * one ingest (terminals as devices with their zone, emp_code as the device user id, exactly once on a re-pull and
 * on the look-back's overlap, a token expiring mid-pull, BioTime's failures recorded), unmapped employees reported,
 * the schedule, permissions and tenant isolation. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBiotimeSim, type BiotimeSim } from '../../tools/biotime-sim/biotime.js';
import { BIOTIME_DEMO_ACCOUNT, biotimeDemoData } from '../../tools/biotime-sim/data.js';
import { biotimePullsIdle } from '../src/modules/devices/biotime.js';
import { attendanceRows, deviceWorld, storedPunches, type DeviceWorld } from './device-fixtures.js';
import { freePort } from './free-port.js';
import { companyWithAdmin } from './harness.js';

let world: DeviceWorld;
let sim: BiotimeSim;

const people = [
  { empCode: '1001', firstName: 'User', lastName: '1001' },
  { empCode: '1002', firstName: 'User', lastName: '1002' },
  { empCode: '9999', firstName: 'Nobody', lastName: 'Here' },
];

beforeAll(async () => {
  world = await deviceWorld({ employees: 2 });
  // Pages of 4 at most: 3 people x 2 punches x 2 days = 12 transactions, 3 pages.
  sim = await startBiotimeSim(biotimeDemoData({ people, from: '2026-03-02', days: 2 }), { maxPageSize: 4 });
});
afterAll(async () => {
  await world.server.close();
  await sim.close();
});

const connection = (overrides: Record<string, unknown> = {}) => ({
  url: sim.url,
  username: BIOTIME_DEMO_ACCOUNT.username,
  password: BIOTIME_DEMO_ACCOUNT.password,
  enabled: true,
  intervalMinutes: 15,
  lookbackDays: 3,
  startDate: '2026-03-01',
  ...overrides,
});

async function pull(api = world.admin) {
  const started = await api.post('/api/biotime/pulls');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await biotimePullsIdle();
  return (await api.get('/api/biotime/connection')).body.lastPull;
}

describe('BioTime connection', () => {
  it('needs the password the first time, refuses a bad address, and never answers the password', async () => {
    const noPassword = await world.admin.put('/api/biotime/connection', connection({ password: undefined }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.details.fields[0].path).toBe('body.password');
    const badUrl = await world.admin.put('/api/biotime/connection', connection({ url: 'ftp://biotime' }));
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.details.fields[0].path).toBe('body.url');
    expect((await world.admin.get('/api/biotime/connection')).body.configured).toBe(false);

    const saved = await world.admin.put('/api/biotime/connection', connection({ url: `${sim.url}/` }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, url: sim.url, hasPassword: true, lastPull: null });
    expect(JSON.stringify(saved.body)).not.toContain(BIOTIME_DEMO_ACCOUNT.password);
    const row = await world.server.db
      .selectFrom('biotimeConnections')
      .select('password')
      .where('tenantId', '=', world.tenantId)
      .executeTakeFirstOrThrow();
    expect(row.password).not.toContain(BIOTIME_DEMO_ACCOUNT.password);
    // Left out, the stored password is kept.
    const kept = await world.admin.put('/api/biotime/connection', connection({ password: undefined }));
    expect(kept.status).toBe(200);
    expect((await world.admin.post('/api/biotime/connection/test')).body.ok).toBe(true);
  });

  it('says what failed: wrong credentials, nobody there, not BioTime', async () => {
    const ok = await world.admin.post('/api/biotime/connection/test');
    expect(ok.body).toMatchObject({ ok: true, terminals: 2, employees: 3, errorCode: null });

    await world.admin.put('/api/biotime/connection', connection({ password: 'wrong' }));
    const refused = (await world.admin.post('/api/biotime/connection/test')).body;
    expect(refused).toMatchObject({ ok: false, errorCode: 'credentials' });
    expect(refused.errorMessage).toContain('Unable to log in with provided credentials.');

    await world.admin.put('/api/biotime/connection', connection({ url: `http://127.0.0.1:${await freePort()}` }));
    expect((await world.admin.post('/api/biotime/connection/test')).body).toMatchObject({
      ok: false,
      errorCode: 'unreachable',
    });

    // The office network is allowed, but no BioTime server has a link-local address: it is where clouds answer
    // their metadata (credentials included), so it is never called, however it is written.
    for (const url of ['http://169.254.169.254', 'http://[::ffff:169.254.169.254]', 'http://[fe80::1]:8080']) {
      await world.admin.put('/api/biotime/connection', connection({ url }));
      const check = (await world.admin.post('/api/biotime/connection/test')).body;
      expect(check, url).toMatchObject({ ok: false, errorCode: 'bad-url' });
      expect(check.errorMessage, url).toContain('link-local');
    }

    // Teambeat itself answers, but it is not BioTime.
    await world.admin.put('/api/biotime/connection', connection({ url: world.server.url }));
    expect((await world.admin.post('/api/biotime/connection/test')).body).toMatchObject({
      ok: false,
      errorCode: 'not-biotime',
    });
    await world.admin.put('/api/biotime/connection', connection());
  });
});

describe('BioTime pulls', () => {
  it('reads every page into the ingest: terminals as devices, zones applied, unmapped employees reported', async () => {
    const result = await pull();
    expect(result, JSON.stringify(result)).toMatchObject({
      state: 'done',
      trigger: 'manual',
      pagesDone: 3,
      pagesTotal: 3,
      received: 12,
      stored: 12,
      duplicates: 0,
      applied: 8,
      unmapped: 4,
      terminalsAdded: 2,
      errorCode: null,
    });
    expect(result.unmappedCodes).toEqual([{ empCode: '9999', name: 'Nobody Here' }]);

    const devices = await world.server.db
      .selectFrom('devices')
      .select(['serialNo', 'mode', 'timeZone', 'name'])
      .where('tenantId', '=', world.tenantId)
      .orderBy('serialNo')
      .execute();
    expect(devices).toEqual([
      { serialNo: 'BT-DXB-0002', mode: 'biotime', timeZone: 'Etc/GMT-4', name: 'Dubai branch' },
      // UTC+5 is the company's zone (Asia/Karachi): kept as such.
      { serialNo: 'BT-HQ-0001', mode: 'biotime', timeZone: 'Asia/Karachi', name: 'Head office entrance' },
    ]);
    const punches = await storedPunches(world);
    expect(punches).toHaveLength(12);
    // 09:00 on the terminal in Karachi (UTC+5) is 04:00Z.
    const first = punches.find((p) => p.deviceUserId === '1001' && p.punchAt.startsWith('2026-03-02T04'));
    expect(first).toMatchObject({ deviceSerial: 'BT-HQ-0001', status: 'applied', workDate: '2026-03-02' });
    const days = (await attendanceRows(world)).filter((a) => a.employeeId === world.employees.get('1001'));
    expect(days.map((d) => [d.workDate, d.checkIn, d.checkOut])).toEqual([
      ['2026-03-02', '2026-03-02T04:00:00.000Z', '2026-03-02T13:10:00.000Z'],
      ['2026-03-03', '2026-03-03T04:00:00.000Z', '2026-03-03T13:10:00.000Z'],
    ]);
    expect((await world.admin.get('/api/biotime/connection')).body.watermark).toBe('2026-03-03 18:12:00');

    // BioTime keeps its terminals' clocks: Teambeat cannot set them.
    const hq = await world.server.db
      .selectFrom('devices')
      .select('id')
      .where('serialNo', '=', 'BT-HQ-0001')
      .executeTakeFirstOrThrow();
    const setTime = await world.admin.post(`/api/devices/${hq.id}/set-time`);
    expect(setTime.status).toBe(400);
    expect(setTime.body.error.code).toBe('DEVICE_TIME_VIA_BIOTIME');
  });

  it('stores nothing twice on a re-pull, and reads late uploads inside the look-back, on another terminal zone', async () => {
    const before = await attendanceRows(world);
    const again = await pull();
    expect(again).toMatchObject({ state: 'done', received: 12, stored: 0, duplicates: 12, applied: 0 });
    expect(await attendanceRows(world)).toEqual(before);

    // A punch of the day before the watermark, uploaded late, on the Dubai terminal (UTC+4).
    sim.addTransactions([
      { empCode: '1002', punchTime: '2026-03-03 07:30:00', punchState: '0', verifyType: 1, terminalSn: 'BT-DXB-0002' },
    ]);
    const late = await pull();
    expect(late).toMatchObject({ state: 'done', received: 13, stored: 1, duplicates: 12, applied: 1 });
    const punch = (await storedPunches(world)).find((p) => p.deviceSerial === 'BT-DXB-0002');
    expect(punch).toMatchObject({ punchAt: '2026-03-03T03:30:00.000Z', deviceUserId: '1002', status: 'applied' });
    const day = (await attendanceRows(world)).find(
      (a) => a.employeeId === world.employees.get('1002') && a.workDate === '2026-03-03',
    );
    expect(day?.checkIn).toBe('2026-03-03T03:30:00.000Z');
  });

  it('signs in again when the token expires in the middle of a pull', async () => {
    const issued = sim.tokensIssued;
    sim.expireTokensAfter(2);
    const result = await pull();
    expect(result).toMatchObject({ state: 'done', received: 13, stored: 0 });
    expect(sim.tokensIssued).toBe(issued + 2);
    expect(sim.requests.some((r) => r.status === 401)).toBe(true);
  });

  it('records what BioTime failed with, and refuses a second pull while one runs', async () => {
    sim.failNext(1);
    const failed = await pull();
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'server-error' });
    expect(failed.errorMessage).toContain('500');

    // The stand-in holds its answers, so the first pull is still running when the second is asked for.
    const release = sim.hold();
    const first = await world.admin.post('/api/biotime/pulls');
    const second = await world.admin.post('/api/biotime/pulls');
    release();
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('BIOTIME_PULL_RUNNING');
    await biotimePullsIdle();
    const list = (await world.admin.get('/api/biotime/pulls')).body.items;
    expect(list[0].state).toBe('done');
    expect(list.length).toBeGreaterThanOrEqual(5);
  });

  it('pulls on the schedule when its interval has passed, and not before', async () => {
    const ran = await world.server.deps.jobs.runNow('biotime-pull', world.tenantId);
    expect(JSON.stringify(ran)).toContain('"pulled":0');
    await world.server.db
      .updateTable('biotimePulls')
      .set({ startedAt: '2020-01-01T00:00:00.000Z' })
      .where('tenantId', '=', world.tenantId)
      .execute();
    const due = await world.server.deps.jobs.runNow('biotime-pull', world.tenantId);
    expect(JSON.stringify(due)).toContain('"pulled":1');
    const last = (await world.admin.get('/api/biotime/connection')).body.lastPull;
    expect(last).toMatchObject({ trigger: 'schedule', state: 'done' });
  });
});

describe('BioTime access', () => {
  it('lets viewers read, and only integration admins change, test or pull', async () => {
    await world.server.user(world.tenantId, { email: 'viewer@acme.example', grants: ['view-biometric-management'] });
    const viewer = world.server.api(await world.server.signIn('viewer@acme.example'));
    const read = await viewer.get('/api/biotime/connection');
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(BIOTIME_DEMO_ACCOUNT.password);
    expect((await viewer.put('/api/biotime/connection', connection())).status).toBe(403);
    expect((await viewer.post('/api/biotime/connection/test')).status).toBe(403);
    expect((await viewer.post('/api/biotime/pulls')).status).toBe(403);
    expect((await viewer.delete('/api/biotime/connection')).status).toBe(403);
  });

  it('keeps each company to its own connection, and another company’s terminals to that company', async () => {
    const other = await companyWithAdmin(world.server, 'Other', 'other.example');
    const empty = await other.admin.get('/api/biotime/connection');
    expect(empty.body).toMatchObject({ configured: false, url: null, lastPull: null });
    expect((await other.admin.post('/api/biotime/pulls')).body.error.code).toBe('BIOTIME_NOT_CONFIGURED');

    // The same BioTime server: its terminals belong to Acme already, so nothing is stored for Other.
    expect((await other.admin.put('/api/biotime/connection', connection())).status).toBe(200);
    const result = await pull(other.admin);
    expect(result).toMatchObject({ state: 'done', stored: 0, terminalsAdded: 0, ignored: 13 });
    const theirs = await world.server.db
      .selectFrom('devicePunches')
      .select('id')
      .where('tenantId', '=', other.tenantId)
      .execute();
    expect(theirs).toEqual([]);
    // Acme's connection is untouched.
    expect((await world.admin.get('/api/biotime/connection')).body.url).toBe(sim.url);
    expect((await other.admin.delete('/api/biotime/connection')).status).toBe(204);
    expect((await other.admin.get('/api/biotime/connection')).body.configured).toBe(false);
  });
});
