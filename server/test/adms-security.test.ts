/**
 * ADMS security (issue #10, items 3, 4, 5, 9): a serial number belongs to one tenant of the installation, push
 * devices are bound to a network and uploads from elsewhere are held for the admin, every field a device sends is
 * validated and bounded, and unknown serial numbers cannot flood the waiting list.
 *
 * The server trusts X-Forwarded-For here (TRUST_PROXY=true), which is how these tests speak from several client
 * addresses over real HTTP; docs/security.md says when a deployment may turn that on.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

let server: TestServer;
let a: Organisation<'admin', never>;
let b: Organisation<'admin', never>;
let hostA: string;
let hostB: string;
/** Where the real terminal sits. */
const DEVICE_IP = '10.0.0.5';

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true' });
  const people = { admin: { roles: ['Administrator'], name: 'admin' } };
  a = await organisation(server, { name: 'Alpha', domain: 'alpha.example', people });
  b = await organisation(server, { name: 'Beta', domain: 'beta.example', people });
  const port = new URL(server.url).port;
  hostA = `127.0.0.1:${port}`;
  hostB = `b.adms.test:${port}`;
  await a.f.employees(1, () => ({ email: 'u1001@alpha.example', name: 'User 1001', employeeIdentificationNo: '1001' }));
  await b.f.employees(1, () => ({ email: 'u1001@beta.example', name: 'User 1001', employeeIdentificationNo: '1001' }));
  expect(
    (await a.people.admin.api.put('/api/adms/settings', { enabled: true, serverAddress: server.url })).status,
  ).toBe(200);
  const bSaved = await b.people.admin.api.put('/api/adms/settings', {
    enabled: true,
    serverAddress: `http://${hostB}`,
  });
  expect(bSaved.status).toBe(200);
});
afterAll(() => server.close());

/** One device request over real HTTP; node:http, because fetch does not let a caller set the Host header. */
function iclock(
  path: string,
  options: { ip?: string; host?: string; body?: string } = {},
): Promise<{ status: number; text: string; headers: IncomingHttpHeaders }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.body !== undefined ? 'POST' : 'GET',
        headers: { 'x-forwarded-for': options.ip ?? DEVICE_IP, host: options.host ?? url.host },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8'), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const punchesOf = (tenantId: number) =>
  server.db
    .selectFrom('devicePunches')
    .select(['deviceSerial', 'deviceUserId', 'punchAt', 'status'])
    .where('tenantId', '=', tenantId)
    .execute();

const attendanceOf = (tenantId: number) =>
  server.db.selectFrom('attendances').select(['workDate', 'checkIn']).where('tenantId', '=', tenantId).execute();

async function deviceId(org: Organisation<'admin', never>, serial: string): Promise<number> {
  const items = (await org.people.admin.api.get(`/api/devices?searchText=${serial}`)).body.items;
  expect(items).toHaveLength(1);
  return items[0].id;
}

describe('ADMS: a serial number belongs to one tenant (item 3)', () => {
  it('refuses a second tenant’s claim on a serial with 409, and attributes the device by serial alone', async () => {
    // The terminal calls tenant A's address and is listed there; A approves it.
    expect((await iclock('/iclock/cdata?SN=SHARED-1&options=all&pushver=2.4.1', { host: hostA })).status).toBe(403);
    const waiting = (await a.people.admin.api.get('/api/adms/pending-devices')).body.items;
    expect(waiting.map((d: { serialNo: string }) => d.serialNo)).toEqual(['SHARED-1']);
    const approved = await a.people.admin.api.post(`/api/adms/pending-devices/${waiting[0].id}/approve`, {
      name: 'Alpha gate',
    });
    expect(approved.status).toBe(201);

    // Tenant B registers the same serial, in any case, by hand: refused, naming the field.
    for (const serialNo of ['SHARED-1', 'shared-1']) {
      const claim = await b.people.admin.api.post('/api/devices', { name: 'Mine', serialNo, mode: 'push' });
      expect(claim.status).toBe(409);
      expect(claim.body.error.details.fields).toEqual([
        { path: 'body.serialNo', message: 'This serial number is registered to another company on this server.' },
      ]);
    }
    // Renaming one of B's devices to it is refused too.
    const own = await b.people.admin.api.post('/api/devices', { name: 'Own', serialNo: 'B-OWN-1', mode: 'push' });
    expect(own.status).toBe(201);
    const rename = await b.people.admin.api.patch(`/api/devices/${own.body.id}`, { serialNo: 'Shared-1' });
    expect(rename.status).toBe(409);
    // A waiting row B got before A approved cannot be approved any more.
    const stale = await b.f.admsPendingDevice({ serialNo: 'SHARED-1', ipAddress: DEVICE_IP });
    const late = await b.people.admin.api.post(`/api/adms/pending-devices/${stale.id}/approve`, { name: 'Late' });
    expect(late.status).toBe(409);
    expect(late.body.error.details.fields[0].path).toBe('body.serialNo');

    // The device calling B's address is still A's: its punches go to A, B receives nothing.
    const upload = await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG&Stamp=1', {
      host: hostB,
      body: '1001\t2026-06-01 09:00:00\t0\t1\t0\t0\t0\n',
    });
    expect(upload).toMatchObject({ status: 200, text: 'OK: 1' });
    expect(await punchesOf(a.tenantId)).toHaveLength(1);
    expect(await punchesOf(b.tenantId)).toEqual([]);
    // And B's waiting list never gets it, whichever address it calls.
    await iclock('/iclock/getrequest?SN=SHARED-1', { host: hostB });
    const bWaiting = (await b.people.admin.api.get('/api/adms/pending-devices')).body.items;
    expect(
      bWaiting.filter((d: { id: number; serialNo: string }) => d.serialNo === 'SHARED-1' && d.id !== stale.id),
    ).toEqual([]);
  });
});

describe('ADMS: push devices are bound to a network (item 4)', () => {
  const FORGER = '198.51.100.7';

  it('holds an upload from outside the bound address as unverified, never applied, until the admin accepts it', async () => {
    const before = (await punchesOf(a.tenantId)).length;
    const forged = await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG&Stamp=99', {
      ip: FORGER,
      body: '1001\t2026-06-02 09:00:00\t0\t1\t0\t0\t0\n1001\t2026-06-02 18:00:00\t0\t1\t0\t0\t0\n',
    });
    // A real terminal that moved must not resend forever: it is told OK, and nothing is applied.
    expect(forged).toMatchObject({ status: 200, text: 'OK: 2' });
    expect(await punchesOf(a.tenantId)).toHaveLength(before);
    expect((await attendanceOf(a.tenantId)).filter((r) => r.workDate === '2026-06-02')).toEqual([]);
    // The stamp a forger sends does not move the device's resume point.
    expect((await iclock('/iclock/cdata?SN=SHARED-1&options=all')).text).toMatch(/ATTLOGStamp=1\n/);

    const held = await a.people.admin.api.get('/api/adms/held-uploads');
    expect(held.status).toBe(200);
    expect(held.body.total).toBe(1);
    expect(held.body.items[0]).toMatchObject({
      serialNo: 'SHARED-1',
      deviceName: 'Alpha gate',
      clientAddress: FORGER,
      punchCount: 2,
    });
    // The other tenant sees none of it.
    expect((await b.people.admin.api.get('/api/adms/held-uploads')).body.items).toEqual([]);
    expect((await b.people.admin.api.post(`/api/adms/held-uploads/${held.body.items[0].id}/accept`)).status).toBe(404);

    const accepted = await a.people.admin.api.post(`/api/adms/held-uploads/${held.body.items[0].id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ applied: 2, unmapped: 0, skipped: 0 });
    expect((await attendanceOf(a.tenantId)).filter((r) => r.workDate === '2026-06-02')).toHaveLength(1);
    expect((await a.people.admin.api.get('/api/adms/held-uploads')).body.items).toEqual([]);

    // A rejected upload is dropped and changes nothing.
    await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG', { ip: FORGER, body: '1001\t2026-06-03 09:00:00\t0\n' });
    const second = (await a.people.admin.api.get('/api/adms/held-uploads')).body.items[0];
    expect((await a.people.admin.api.delete(`/api/adms/held-uploads/${second.id}`)).status).toBe(204);
    expect((await a.people.admin.api.get('/api/adms/held-uploads')).body.items).toEqual([]);
    expect((await attendanceOf(a.tenantId)).filter((r) => r.workDate === '2026-06-03')).toEqual([]);
  });

  it('lets one of a parallel accept and reject of the same held upload win, and the other answer 404', async () => {
    // Several rounds, with a few punches each, so that the reject lands while the accept applies them.
    for (const day of ['04', '05', '06', '07', '08', '09']) {
      const body = ['09:00', '12:00', '13:00', '18:00'].map((t) => `1001\t2026-06-${day} ${t}:00\t0\n`).join('');
      await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG', { ip: FORGER, body });
      const held = (await a.people.admin.api.get('/api/adms/held-uploads')).body.items[0];
      const [accepted, rejected] = await Promise.all([
        a.people.admin.api.post(`/api/adms/held-uploads/${held.id}/accept`),
        a.people.admin.api.delete(`/api/adms/held-uploads/${held.id}`),
      ]);
      expect([accepted.status, rejected.status].sort()).toEqual(accepted.status === 200 ? [200, 404] : [204, 404]);
      // A reject that answered 204 means the punches were never applied.
      const applied = (await attendanceOf(a.tenantId)).filter((r) => r.workDate === `2026-06-${day}`);
      expect(applied).toHaveLength(accepted.status === 200 ? 1 : 0);
      expect((await a.people.admin.api.get('/api/adms/held-uploads')).body.items).toEqual([]);
    }
  });

  it('gives no command and records nothing to a requester outside the bound address', async () => {
    const id = await deviceId(a, 'SHARED-1');
    const queued = await a.people.admin.api.post(`/api/devices/${id}/commands`, { command: 'REBOOT' });
    expect(queued.status).toBe(201);
    const stranger = await iclock('/iclock/getrequest?SN=SHARED-1&INFO=Ver%206.60,55,0,77', { ip: FORGER });
    expect(stranger).toMatchObject({ status: 200, text: 'OK' });
    const result = await iclock('/iclock/devicecmd?SN=SHARED-1', {
      ip: FORGER,
      body: `ID=${queued.body.id}&Return=0&CMD=REBOOT\n`,
    });
    expect(result.status).toBe(200);
    const after = (await a.people.admin.api.get(`/api/devices/${id}/commands`)).body.items[0];
    expect(after).toMatchObject({ status: 'pending', returnCode: null });
    const device = (await a.people.admin.api.get(`/api/devices/${id}`)).body;
    expect(device.userCount).not.toBe(55);
    // The bound terminal gets it.
    expect((await iclock('/iclock/getrequest?SN=SHARED-1')).text).toBe(`C:${queued.body.id}:REBOOT\n`);
  });

  it('shows the binding and accepts uploads from a range the admin sets', async () => {
    const id = await deviceId(a, 'SHARED-1');
    expect((await a.people.admin.api.get(`/api/devices/${id}`)).body.admsNetwork).toBe(DEVICE_IP);
    const bad = await a.people.admin.api.patch(`/api/devices/${id}`, { admsNetwork: '198.51.100.0/33' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toBe('body.admsNetwork');
    const saved = await a.people.admin.api.patch(`/api/devices/${id}`, { admsNetwork: '10.0.0.0/24, 198.51.100.0/24' });
    expect(saved.status).toBe(200);
    expect(saved.body.admsNetwork).toBe('10.0.0.0/24, 198.51.100.0/24');
    const upload = await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG', {
      ip: FORGER,
      body: '1001\t2026-06-04 09:00:00\t0\n',
    });
    expect(upload.text).toBe('OK: 1');
    expect((await attendanceOf(a.tenantId)).filter((r) => r.workDate === '2026-06-04')).toHaveLength(1);
  });
});

describe('ADMS: every field a device sends is validated (item 5)', () => {
  it('refuses an out-of-range INFO count with 400, and the device list keeps answering', async () => {
    const res = await iclock('/iclock/getrequest?SN=SHARED-1&INFO=Ver,1e20,0,5');
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/^ERROR: INFO/);
    expect((await a.people.admin.api.get('/api/devices')).status).toBe(200);
    const big = await iclock('/iclock/getrequest?SN=SHARED-1&INFO=Ver,99999999999,0,5');
    expect(big.status).toBe(400);
    expect((await a.people.admin.api.get('/api/devices')).status).toBe(200);
  });

  it('answers 400 to a repeated query key and to over-long fields, naming the field', async () => {
    const twice = await iclock('/iclock/getrequest?SN=SHARED-1&SN=OTHER');
    expect(twice.status).toBe(400);
    expect(twice.text).toMatch(/^ERROR: SN/);
    const long = await iclock(`/iclock/cdata?SN=NEW-9&options=all&pushver=${'x'.repeat(200)}`);
    expect(long.status).toBe(400);
    expect(long.text).toMatch(/^ERROR: pushver/);
    const stamp = await iclock(`/iclock/cdata?SN=SHARED-1&table=ATTLOG&Stamp=${'9'.repeat(80)}`, { body: '' });
    expect(stamp.status).toBe(400);
    expect(stamp.text).toMatch(/^ERROR: Stamp/);
  });

  it('answers 413 in text to a body over 8 MiB', async () => {
    const res = await iclock('/iclock/cdata?SN=SHARED-1&table=ATTLOG', { body: 'x'.repeat(8 * 1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^ERROR/);
  });
});

describe('ADMS: unknown serial numbers cannot flood the waiting list (item 9)', () => {
  it('limits new unknown serial numbers per client address and truncates what it keeps', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await iclock(`/iclock/cdata?SN=FLOOD-${i}&options=all`, { ip: '192.0.2.1', host: hostB })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // A serial already listed from that address keeps being counted, not refused.
    expect((await iclock('/iclock/cdata?SN=FLOOD-0&options=all', { ip: '192.0.2.1', host: hostB })).status).toBe(403);
    const rows = await server.db
      .selectFrom('admsPendingDevices')
      .select(['serialNo', 'ipAddress'])
      .where('tenantId', '=', b.tenantId)
      .where('serialNo', 'like', 'FLOOD-%')
      .execute();
    expect(rows).toHaveLength(10);
    // A forwarded address is whatever the header says: it is cut to an address's length.
    await iclock('/iclock/cdata?SN=LONGADDR-1&options=all', { ip: 'z'.repeat(300), host: hostB });
    const long = await server.db
      .selectFrom('admsPendingDevices')
      .select('ipAddress')
      .where('serialNo', '=', 'LONGADDR-1')
      .executeTakeFirst();
    expect(long?.ipAddress?.length ?? 0).toBeLessThanOrEqual(45);
  });

  it('caps the waiting devices of a tenant', async () => {
    for (let net = 0; net < 11; net += 1)
      for (let i = 0; i < 10; i += 1)
        await iclock(`/iclock/cdata?SN=CAP-${net}-${i}&options=all`, { ip: `192.0.2.${100 + net}`, host: hostB });
    const count = await server.db
      .selectFrom('admsPendingDevices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', b.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);
  });

  it('pages the waiting list with the shared list contract', async () => {
    const first = await b.people.admin.api.get('/api/adms/pending-devices?page=1&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(100);
    expect(first.body.items).toHaveLength(10);
    const second = await b.people.admin.api.get('/api/adms/pending-devices?page=2&pageSize=10&orderKey=serialNo');
    expect(second.body.items).toHaveLength(10);
    const bad = await b.people.admin.api.get('/api/adms/pending-devices?pageSize=7');
    expect(bad.status).toBe(400);
  });
});
