/**
 * The ADMS (push) endpoint with the simulator's ADMS mode: settings and their connection check, unknown serial
 * numbers refused and listed for approval, handshake options, ATTLOG uploads into attendance, command polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmsDevice } from '../../tools/zk-sim/adms.js';
import {
  actualAttendance,
  attendanceRows,
  deviceWorld,
  expectedAttendance,
  storedPunches,
  type DeviceWorld,
} from './device-fixtures.js';
import { freePort } from './free-port.js';
import { startServer } from './harness.js';

let world: DeviceWorld;
beforeAll(async () => {
  world = await deviceWorld({ employees: 30 });
});
afterAll(() => world.server.close());

const device = (punches: number | { userId: string; time: Date }[], serialNo = 'ADMS-01') =>
  new AdmsDevice({ serverUrl: world.server.url, serialNo, timeZone: 'Asia/Dubai', users: 30, punches, seed: 3 });

describe('ADMS', () => {
  it('refuses every device while ADMS is disabled, without listing it', async () => {
    const hs = await device(0).handshake();
    expect(hs).toMatchObject({ ok: false, status: 403 });
    expect((await world.admin.get('/api/adms/pending-devices')).body.items).toEqual([]);
  });

  it('checks the configured address with "Failed to connect to ADMS" when it does not lead here', async () => {
    const bad = `http://127.0.0.1:${await freePort()}`;
    expect((await world.admin.put('/api/adms/settings', { enabled: true, serverAddress: bad })).status).toBe(200);
    const failed = await world.admin.post('/api/adms/settings/test');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'ADMS_CONNECT_FAILED', message: 'Failed to connect to ADMS.' });
    const saved = await world.admin.put('/api/adms/settings', { enabled: true, serverAddress: `${world.server.url}/` });
    expect(saved.body).toEqual({
      enabled: true,
      serverAddress: world.server.url,
      endpoint: `${world.server.url}/iclock/cdata`,
    });
    const ok = await world.admin.post('/api/adms/settings/test');
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    const noAddress = await world.admin.put('/api/adms/settings', { enabled: true, serverAddress: null });
    expect(noAddress.status).toBe(400);
  });

  it('lists an unknown serial number, refuses its uploads, and accepts it once approved', async () => {
    const sim = device(1200);
    const refused = await sim.handshake();
    expect(refused.ok).toBe(false);
    expect(refused.text).toMatch(/^UNKNOWN DEVICE/);
    expect(await sim.upload()).toBe(0);
    expect(await storedPunches(world)).toEqual([]);
    const pending = (await world.admin.get('/api/adms/pending-devices')).body.items;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ serialNo: 'ADMS-01', pushVersion: '2.4.1' });
    expect(pending[0].attempts).toBeGreaterThanOrEqual(2);

    const approved = await world.admin.post(`/api/adms/pending-devices/${pending[0].id}/approve`, {
      name: 'Lobby (push)',
      timeZone: 'Asia/Dubai',
    });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({ serialNo: 'ADMS-01', mode: 'push', timeZone: 'Asia/Dubai' });
    expect((await world.admin.get('/api/adms/pending-devices')).body.items).toEqual([]);

    const hs = await sim.handshake();
    expect(hs.ok).toBe(true);
    expect(hs.text.split('\n')[0]).toBe('GET OPTION FROM: ADMS-01');
    expect(hs.options).toMatchObject({
      ATTLOGStamp: 'None',
      TimeZone: '4',
      Delay: '10',
      ErrorDelay: '30',
      Realtime: '1',
    });

    expect(await sim.upload(500)).toBe(1200);
    const stored = await storedPunches(world);
    expect(stored).toHaveLength(1200);
    expect(new Set(stored.map((p) => `${p.deviceUserId}|${p.punchAt}`)).size).toBe(1200);
    const expected = expectedAttendance(sim.punches(), world.employees);
    expect(actualAttendance(await attendanceRows(world))).toEqual(expected);
    // The device resumes from the stamp it last sent.
    expect((await sim.handshake()).options['ATTLOGStamp']).toBe('1200');

    // A device that sends the same log again (after a reset, say) changes nothing.
    const again = device(sim.punches());
    await again.handshake();
    expect(await again.upload(1000)).toBe(1200);
    expect(await storedPunches(world)).toHaveLength(1200);
    const state = (await world.admin.get('/api/devices?searchText=ADMS-01')).body.items[0];
    expect(state.state).toBe('online');
    expect(state.lastActivity).not.toBeNull();
  });

  it('answers text, reads bodies whatever their content type, and skips unreadable lines', async () => {
    const url = `${world.server.url}/iclock/cdata?SN=ADMS-01&table=ATTLOG&Stamp=1201`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '1001\t2026-11-22 09:00:00\t0\t1\t0\t0\t0\ngarbage line\n1002\t2026-13-40 09:00:00\t0\t1\n',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('OK: 1');
    // The earlier test's generated log may hold another person's punch at the same minute.
    const stored = (await storedPunches(world)).find(
      (p) => p.punchAt === '2026-11-22T05:00:00.000Z' && p.deviceUserId === '1001',
    );
    expect(stored).toMatchObject({ deviceUserId: '1001', status: 'applied' });
    const noSerial = await fetch(`${world.server.url}/iclock/getrequest`);
    expect(noSerial.status).toBe(400);
    expect(await noSerial.text()).toMatch(/^ERROR/);
  });

  it('delivers queued commands on polling and records the results and the device counts', async () => {
    const sim = device(5);
    await sim.handshake();
    const id = (await world.admin.get('/api/devices?searchText=ADMS-01')).body.items[0].id;
    expect((await sim.poll()).length).toBe(0);
    const queued = await world.admin.post(`/api/devices/${id}/commands`, { command: 'INFO' });
    expect(queued.status).toBe(201);
    expect(queued.body.status).toBe('pending');
    const ran = await sim.poll();
    expect(ran).toEqual([{ id: String(queued.body.id), command: 'INFO', returnCode: 0 }]);
    const commands = (await world.admin.get(`/api/devices/${id}/commands`)).body.items;
    expect(commands[0]).toMatchObject({ command: 'INFO', status: 'done', returnCode: '0' });
    const state = (await world.admin.get(`/api/devices/${id}`)).body;
    expect(state).toMatchObject({ userCount: 20, transactionCount: 5 });
    // Commands are only for push devices.
    const pull = await world.admin.post('/api/devices', { name: 'LAN', serialNo: 'LAN-1', ipAddress: '10.1.1.1' });
    const refused = await world.admin.post(`/api/devices/${pull.body.id}/commands`, { command: 'INFO' });
    expect(refused.body.error.code).toBe('DEVICE_NOT_PUSH');
  });

  it('refuses a deactivated device', async () => {
    const id = (await world.admin.get('/api/devices?searchText=ADMS-01')).body.items[0].id;
    await world.admin.put(`/api/devices/${id}/status`, { isActive: false });
    const sim = device([{ userId: '1001', time: new Date('2026-11-21T04:00:00Z') }]);
    expect((await sim.handshake()).ok).toBe(false);
    expect(await sim.upload()).toBe(0);
    await world.admin.put(`/api/devices/${id}/status`, { isActive: true });
    expect(await sim.upload()).toBe(1);
  });
});

describe('ADMS rate limit', () => {
  it('answers 429 in text with Retry-After once a serial number and address pass the limit, other serials unaffected', async () => {
    const limited = await startServer({ ADMS_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const call = (serial: string) => fetch(`${limited.url}/iclock/getrequest?SN=${serial}`);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await call('FLOOD-1')).status);
      // ADMS is not enabled on this server: the device is refused, but each refusal counts.
      expect(statuses).toEqual([403, 403, 403, 403, 403]);
      const over = await call('FLOOD-1');
      expect(over.status).toBe(429);
      expect(over.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await over.text()).toMatch(/^ERROR: too many requests, retry after \d+ s$/);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another device at the same address has its own allowance.
      expect((await call('OTHER-2')).status).toBe(403);
    } finally {
      await limited.close();
    }
  });

  it('lets a device through the default limit at ten times a real terminal’s pace', async () => {
    // A terminal polls every Delay=10 s (6 a minute) and uploads in between; 60 calls in a row stay allowed.
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i += 1)
      statuses.add((await fetch(`${world.server.url}/iclock/getrequest?SN=ADMS-RATE`)).status);
    expect(statuses.has(429)).toBe(false);
  });
});
