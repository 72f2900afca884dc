/**
 * The Biometric Devices admin API and punch ingest through the agent API: idempotency, first in and last out of the
 * tenant-local day, the attendance rules, manual corrections left alone, unmapped punches listed and applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZkSimulator } from '../../tools/zk-sim/server.js';
import { addDevice, attendanceRows, deviceWorld, storedPunches, type DeviceWorld } from './device-fixtures.js';
import { freePort } from './free-port.js';

// Monday 23 November 2026, 20:00 in Karachi: the punches below are all in the past.
const clock = new Date('2026-11-23T15:00:00Z');
let world: DeviceWorld;

beforeAll(async () => {
  world = await deviceWorld({ employees: 5, now: () => clock });
});
afterAll(() => world.server.close());

const punch = (deviceUserId: string, time: string, deviceSerial = 'ING-1') => ({ deviceSerial, deviceUserId, time });

describe('devices admin API', () => {
  it('adds, lists, searches, sorts, edits and deactivates devices', async () => {
    const added = await world.admin.post('/api/devices', {
      name: 'Front door',
      serialNo: 'FD-001',
      ipAddress: '10.0.0.5',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      port: 4370,
      timeZone: 'Asia/Karachi',
      mode: 'pull',
      isActive: true,
      state: 'unknown',
      userCount: 0,
      transactionCount: 0,
      lastActivity: null,
    });
    for (let i = 2; i <= 12; i++) {
      await world.admin.post('/api/devices', {
        name: `Gate ${String(i).padStart(2, '0')}`,
        serialNo: `GT-${i}`,
        ipAddress: '10.0.0.6',
        port: 4000 + i,
      });
    }
    const duplicate = await world.admin.post('/api/devices', {
      name: 'Copy',
      serialNo: 'FD-001',
      ipAddress: '10.0.0.7',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({
      code: 'DEVICE_SAVE_FAILED',
      message: 'Biometric device setup, creation and update failed.',
    });
    const noAddress = await world.admin.post('/api/devices', { name: 'Nowhere', serialNo: 'NW-1' });
    expect(noAddress.status).toBe(400);
    // Digits and dots are an IPv4 address and must be one; the field is named, nothing is saved.
    for (const ipAddress of ['999.1.1.1', '10.0.0', '1.2.3.4.5', 'bad host', 'a..b', '::zz']) {
      const bad = await world.admin.post('/api/devices', { name: 'Bad', serialNo: 'BAD-1', ipAddress });
      expect(bad.status, ipAddress).toBe(400);
      expect(bad.body.error.details.fields, ipAddress).toEqual([
        {
          path: 'body.ipAddress',
          message: 'Enter a valid IP address (four numbers from 0 to 255, such as 192.168.1.201) or a host name',
        },
      ]);
    }
    const badEdit = await world.admin.patch(`/api/devices/${added.body.id}`, { ipAddress: '999.1.1.1' });
    expect(badEdit.status).toBe(400);
    for (const ipAddress of ['192.168.1.201', 'fe80::1', 'door-1.office.example']) {
      const good = await world.admin.post('/api/devices', {
        name: 'Good',
        serialNo: `OK-${ipAddress.length}`,
        ipAddress,
      });
      expect(good.status, ipAddress).toBe(201);
      await world.server.db.deleteFrom('devices').where('id', '=', good.body.id).execute();
    }
    expect(
      (await world.server.db.selectFrom('devices').select('id').where('serialNo', '=', 'BAD-1').execute()).length,
    ).toBe(0);

    const page1 = await world.admin.get('/api/devices');
    expect(page1.body.total).toBe(12);
    expect(page1.body.items).toHaveLength(10);
    expect(page1.body.items[0].name).toBe('Front door');
    const page2 = await world.admin.get('/api/devices?page=2&orderKey=name&orderDir=desc');
    expect(page2.body.items.map((d: { name: string }) => d.name)).toEqual(['Gate 02', 'Front door']);
    const search = await world.admin.get('/api/devices?searchText=gt-1');
    expect(search.body.items.map((d: { serialNo: string }) => d.serialNo).sort()).toEqual(['GT-10', 'GT-11', 'GT-12']);
    // The spec's name for it, `search`, too; searchText wins when both come.
    const spec = await world.admin.get('/api/devices?search=gt-1');
    expect(spec.body.items.map((d: { serialNo: string }) => d.serialNo).sort()).toEqual(['GT-10', 'GT-11', 'GT-12']);
    const both = await world.admin.get('/api/devices?search=gt-1&searchText=front');
    expect(both.body.items.map((d: { serialNo: string }) => d.serialNo)).toEqual(['FD-001']);

    const id = added.body.id;
    const edited = await world.admin.patch(`/api/devices/${id}`, {
      name: 'Main door',
      timeZone: 'Asia/Dubai',
      port: 5005,
    });
    expect(edited.body).toMatchObject({ name: 'Main door', timeZone: 'Asia/Dubai', port: 5005 });
    const conflict = await world.admin.patch(`/api/devices/${id}`, { serialNo: 'GT-2' });
    expect(conflict.status).toBe(409);
    const off = await world.admin.put(`/api/devices/${id}/status`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const polled = await world.agent.get('/api/agent/devices');
    expect(polled.body.items.map((d: { serialNo: string }) => d.serialNo)).not.toContain('FD-001');
    expect(polled.body.items).toHaveLength(11);
  });

  it('tests the connection: reachable with a listening device, not with a closed port', async () => {
    const sim = new ZkSimulator({ users: 1, punches: 0, udp: false });
    const port = await sim.start();
    try {
      const open = await addDevice(world, { serialNo: 'CT-OPEN', port });
      const ok = await world.admin.post(`/api/devices/${open.id}/test-connection`);
      expect(ok.body).toMatchObject({ reachable: true, reason: null, error: null });
      expect(ok.body.latencyMs).toBeGreaterThanOrEqual(0);
      const closed = await addDevice(world, { serialNo: 'CT-CLOSED', port: await freePort() });
      const ko = await world.admin.post(`/api/devices/${closed.id}/test-connection`);
      expect(ko.body).toEqual({ reachable: false, latencyMs: null, reason: 'refused', error: 'ECONNREFUSED' });
      const unknown = await addDevice(world, { serialNo: 'CT-NAME' });
      await world.admin.patch(`/api/devices/${unknown.id}`, { ipAddress: 'no-such-device.invalid' });
      const unresolved = await world.admin.post(`/api/devices/${unknown.id}/test-connection`);
      expect(unresolved.body).toMatchObject({ reachable: false, reason: 'unknownHost' });
      const push = await addDevice(world, { serialNo: 'CT-PUSH', mode: 'push' });
      const none = await world.admin.post(`/api/devices/${push.id}/test-connection`);
      expect(none.body).toEqual({ reachable: false, latencyMs: null, reason: 'noAddress', error: null });
    } finally {
      await sim.stop();
    }
  });

  it('records device state reported by the agent', async () => {
    await addDevice(world, { serialNo: 'ST-1' });
    const res = await world.agent.post('/api/agent/device-state', {
      deviceSerial: 'ST-1',
      state: 'online',
      lastActivity: '2026-11-23T14:59:00Z',
      userCount: 42,
      transactionCount: 1234,
    });
    expect(res.status).toBe(200);
    const device = (await world.admin.get('/api/devices?searchText=ST-1')).body.items[0];
    expect(device).toMatchObject({
      state: 'online',
      lastActivity: '2026-11-23T14:59:00.000Z',
      userCount: 42,
      transactionCount: 1234,
    });
  });
});

describe('punch ingest', () => {
  beforeAll(async () => {
    await addDevice(world, { serialNo: 'ING-1' });
  });

  it('turns punches into first-in and last-out of the tenant day, idempotently, audited as the system', async () => {
    const batch = [
      punch('1001', '2026-11-16T04:00:00Z'), // 09:00 Karachi
      punch('1001', '2026-11-16T04:00:30Z'), // a double tap: not a check-out
    ];
    const first = await world.agent.post('/api/agent/punches', { punches: batch });
    expect(first.body).toMatchObject({ received: 2, stored: 2, duplicates: 0, applied: 2, unmapped: 0, skipped: 0 });
    const again = await world.agent.post('/api/agent/punches', { punches: batch });
    expect(again.body).toMatchObject({ received: 2, stored: 0, duplicates: 2, applied: 0 });
    let rows = (await attendanceRows(world)).filter((r) => r.workDate === '2026-11-16');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      checkIn: '2026-11-16T04:00:00.000Z',
      checkOut: null,
      source: 'device',
      isWfo: 1,
      workedMinutes: null, // open: counted live
      breakMinutes: 0,
    });

    // The evening punch arrives later, with an earlier one of the same day in the same batch.
    await world.agent.post('/api/agent/punches', {
      punches: [punch('1001', '2026-11-16T13:00:00Z'), punch('1001', '2026-11-16T03:55:00Z')],
    });
    rows = (await attendanceRows(world)).filter((r) => r.workDate === '2026-11-16');
    expect(rows[0]).toMatchObject({
      checkIn: '2026-11-16T03:55:00.000Z',
      checkOut: '2026-11-16T13:00:00.000Z',
      updatedBy: null,
      workedMinutes: 545, // stored with the check-out: 03:55 to 13:00
      breakMinutes: 0,
    });
    const audit = await world.server.db
      .selectFrom('attendanceAudit')
      .selectAll()
      .where('attendanceId', '=', rows[0]!.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['create', null],
      ['update', null],
    ]);
    // Re-sending everything changes nothing, not even the audit trail.
    await world.agent.post('/api/agent/punches', { punches: [...batch, punch('1001', '2026-11-16T13:00:00Z')] });
    const after = await world.server.db
      .selectFrom('attendanceAudit')
      .select('id')
      .where('attendanceId', '=', rows[0]!.id)
      .execute();
    expect(after).toHaveLength(2);
  });

  it('never overwrites a manual correction and records why', async () => {
    const employeeId = world.employees.get('1002')!;
    const manual = await world.admin.post('/api/attendance', {
      employeeId,
      checkIn: '2026-11-17T05:00:00Z',
      checkOut: '2026-11-17T12:00:00Z',
    });
    expect(manual.status).toBe(201);
    const res = await world.agent.post('/api/agent/punches', {
      punches: [punch('1002', '2026-11-17T03:00:00Z'), punch('1002', '2026-11-17T14:00:00Z')],
    });
    expect(res.body).toMatchObject({ stored: 2, applied: 0, skipped: 2 });
    const row = (await attendanceRows(world)).find((r) => r.employeeId === employeeId && r.workDate === '2026-11-17');
    expect(row).toMatchObject({
      checkIn: '2026-11-17T05:00:00.000Z',
      checkOut: '2026-11-17T12:00:00.000Z',
      source: 'manual',
    });

    // A device attendance is never edited in place; once a person corrected it, later punches leave the day to the
    // correction, and the punch itself stays as the device made it.
    await world.agent.post('/api/agent/punches', { punches: [punch('1002', '2026-11-18T04:00:00Z')] });
    const deviceRow = (await attendanceRows(world)).find(
      (r) => r.employeeId === employeeId && r.workDate === '2026-11-18',
    )!;
    const patched = await world.admin.patch(`/api/attendance/${deviceRow.id}`, { checkOut: '2026-11-18T12:00:00Z' });
    expect(patched.status).toBe(409);
    const corrected = await world.admin.post(`/api/attendance/${deviceRow.id}/corrections`, {
      checkIn: '2026-11-18T04:00:00Z',
      checkOut: '2026-11-18T12:00:00Z',
      reason: 'Left without punching out',
    });
    expect(corrected.status).toBe(201);
    await world.agent.post('/api/agent/punches', { punches: [punch('1002', '2026-11-18T15:00:00Z')] });
    const kept = (await attendanceRows(world)).find((r) => r.id === corrected.body.id);
    expect(kept?.checkOut).toBe('2026-11-18T12:00:00.000Z');
    const punchRow = (await attendanceRows(world)).find((r) => r.id === deviceRow.id);
    expect(punchRow).toMatchObject({ checkIn: '2026-11-18T04:00:00.000Z', checkOut: null, source: 'device' });
    const notes = (await storedPunches(world)).filter((p) => p.deviceUserId === '1002' && p.status === 'skipped');
    expect(notes.map((p) => p.note)).toEqual(['MANUAL_CORRECTION', 'MANUAL_CORRECTION', 'MANUAL_CORRECTION']);

    // An employee's own web check-in is theirs: the device leaves it alone too, and says so.
    const web = await world.org.f.attendance({
      employeeId,
      workDate: '2026-11-21',
      checkIn: '2026-11-21T04:10:00.000Z',
      checkOut: null, // still open
      source: 'web',
      clientIp: '10.0.0.1',
      createdBy: employeeId,
      updatedBy: employeeId,
    });
    await world.agent.post('/api/agent/punches', { punches: [punch('1002', '2026-11-21T13:00:00Z')] });
    expect((await attendanceRows(world)).find((r) => r.id === web.id)).toMatchObject({ checkOut: null, source: 'web' });
    const selfService = (await storedPunches(world)).find((p) => p.punchAt === '2026-11-21T13:00:00.000Z');
    expect(selfService).toMatchObject({ status: 'skipped', note: 'SELF_SERVICE_ATTENDANCE' });
  });

  it('keeps punches from a clock running ahead without creating attendance in the future', async () => {
    const res = await world.agent.post('/api/agent/punches', { punches: [punch('1003', '2026-11-23T16:00:00Z')] });
    expect(res.body).toMatchObject({ stored: 1, skipped: 1, applied: 0 });
    const stored = (await storedPunches(world)).find((p) => p.deviceUserId === '1003');
    expect(stored).toMatchObject({ status: 'skipped', note: 'ATTENDANCE_IN_FUTURE' });
  });

  it('lists unmapped punches and applies them after mapping, explicit or by employee number', async () => {
    const res = await world.agent.post('/api/agent/punches', {
      punches: [
        punch('7001', '2026-11-19T04:00:00Z'),
        punch('7001', '2026-11-19T13:30:00Z'),
        punch('7002', '2026-11-19T05:00:00Z'),
      ],
    });
    expect(res.body).toMatchObject({ stored: 3, unmapped: 3, applied: 0 });
    const list = await world.admin.get('/api/device-punches/unmapped');
    expect(list.body.items.map((g: { deviceUserId: string; count: number }) => [g.deviceUserId, g.count])).toEqual(
      expect.arrayContaining([
        ['7001', 2],
        ['7002', 1],
      ]),
    );
    expect(list.body.items[0].deviceSerials).toEqual(['ING-1']);

    const employeeId = world.employees.get('1004')!;
    const mapped = await world.admin.post('/api/device-user-mappings', { deviceUserId: '7001', employeeId });
    expect(mapped.body.result).toEqual({ applied: 2, skipped: 0, unmapped: 0 });
    expect(mapped.body.mapping).toMatchObject({ deviceUserId: '7001', employee: { id: employeeId } });
    const row = (await attendanceRows(world)).find((r) => r.employeeId === employeeId && r.workDate === '2026-11-19');
    expect(row).toMatchObject({ checkIn: '2026-11-19T04:00:00.000Z', checkOut: '2026-11-19T13:30:00.000Z' });
    // Later punches of a mapped id apply at once.
    const later = await world.agent.post('/api/agent/punches', { punches: [punch('7001', '2026-11-20T04:00:00Z')] });
    expect(later.body.applied).toBe(1);

    // An employee number set afterwards maps 7002 without an explicit mapping.
    await world.server.db
      .updateTable('employees')
      .set({ employeeIdentificationNo: '7002' })
      .where('id', '=', world.employees.get('1005')!)
      .execute();
    const applied = await world.admin.post('/api/device-punches/apply-unmapped');
    expect(applied.body).toEqual({ applied: 1, skipped: 0, unmapped: 0 });
    expect((await world.admin.get('/api/device-punches/unmapped')).body.items).toEqual([]);
    const mappings = await world.admin.get('/api/device-user-mappings');
    expect(mappings.body.items).toHaveLength(1);
    expect((await world.admin.delete(`/api/device-user-mappings/${mappings.body.items[0].id}`)).status).toBe(204);
  });

  it('refuses punches of serial numbers the tenant does not have', async () => {
    const res = await world.agent.post('/api/agent/punches', {
      punches: [punch('1001', '2026-11-16T05:00:00Z', 'NOT-MINE'), punch('1001', '2026-11-16T05:00:00Z')],
    });
    expect(res.body.rejected).toEqual([{ index: 0, reason: 'UNKNOWN_DEVICE' }]);
    expect(res.body.stored).toBe(1);
  });
});
