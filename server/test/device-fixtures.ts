/**
 * Shared set-up of the device tests: a tenant with an administrator, employees whose employeeIdentificationNo is
 * the simulator's user id, an agent key, and helpers to read back punches and attendance.
 */
import { shiftEnd } from '../../shared/attendance-rules.js';
import { addDays, localDate } from '../../shared/time.js';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

/** Pino-shaped and silent: what the agent and the adapter take as their logger. */
export const silentLogger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as const;

export type DeviceWorld = {
  server: TestServer;
  /** The tenant: its administrator (people.admin) and row factories (f). */
  org: Organisation<'admin', never>;
  tenantId: number;
  admin: Api;
  agentKey: string;
  agent: Api;
  /** simulator user id (e.g. "1001") -> employee id */
  employees: Map<string, number>;
};

export async function deviceWorld(options: { employees?: number; now?: () => Date } = {}): Promise<DeviceWorld> {
  const server = await startServer({}, options.now);
  const org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: { admin: { roles: ['Administrator'], name: 'admin' } },
  });
  const admin = org.people.admin.api;
  // Device users: no password, employeeIdentificationNo = the simulator's user id.
  const rows = await org.f.employees(options.employees ?? 0, (i) => ({
    email: `u${1001 + i}@acme.example`,
    name: `User ${1001 + i}`,
    employeeIdentificationNo: String(1001 + i),
  }));
  const employees = new Map(rows.map((r) => [r.employeeIdentificationNo!, r.id]));
  const key = await admin.post('/api/device-agent-keys', { name: 'Office PC' });
  if (key.status !== 201) throw new Error(`agent key: ${JSON.stringify(key.body)}`);
  const agentKey: string = key.body.key;
  const agent: Api = {
    request: (method, url, body, headers = {}) =>
      server.api().request(method, url, body, { ...headers, authorization: `Agent ${agentKey}` }),
    get: (url) => agent.request('GET', url),
    post: (url, body) => agent.request('POST', url, body),
    patch: (url, body) => agent.request('PATCH', url, body),
    put: (url, body) => agent.request('PUT', url, body),
    delete: (url) => agent.request('DELETE', url),
  };
  return { server, org, tenantId: org.tenantId, admin, agentKey, agent, employees };
}

export async function addDevice(
  world: DeviceWorld,
  device: { serialNo: string; port?: number; timeZone?: string; mode?: 'pull' | 'push'; name?: string },
) {
  const res = await world.admin.post('/api/devices', {
    name: device.name ?? `Device ${device.serialNo}`,
    serialNo: device.serialNo,
    mode: device.mode ?? 'pull',
    ...(device.mode === 'push' ? {} : { ipAddress: '127.0.0.1', port: device.port ?? 4370 }),
    ...(device.timeZone ? { timeZone: device.timeZone } : {}),
  });
  if (res.status !== 201) throw new Error(`add device: ${JSON.stringify(res.body)}`);
  return res.body as { id: number; serialNo: string };
}

export async function storedPunches(world: DeviceWorld) {
  return world.server.db
    .selectFrom('devicePunches')
    .select(['deviceSerial', 'deviceUserId', 'punchAt', 'status', 'note', 'employeeId', 'workDate'])
    .where('tenantId', '=', world.tenantId)
    .execute();
}

export async function attendanceRows(world: DeviceWorld) {
  return world.server.db
    .selectFrom('attendances')
    .selectAll()
    .where('tenantId', '=', world.tenantId)
    .orderBy('id')
    .execute();
}

/**
 * What the attendance must be for a set of punches delivered in time order: per employee and tenant-local day, the
 * first punch as check-in and the last as check-out when at least a minute later; a punch after midnight up to the
 * latest check-out of a shift (default 06:00) belongs to the day before when that day has no check-out yet or already
 * ends after midnight (a night shift).
 */
export function expectedAttendance(
  punches: { userId: string; time: Date }[],
  employees: Map<string, number>,
  timeZone = 'Asia/Karachi',
  latestCheckOut = '06:00',
) {
  const days = new Map<string, { employeeId: number; workDate: string; first: number; last: number }>();
  const ordered = [...punches].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const p of ordered) {
    const employeeId = employees.get(p.userId);
    if (employeeId === undefined) continue;
    const local = localDate(p.time, timeZone);
    const dayBefore = days.get(`${employeeId}|${addDays(local, -1)}`);
    const early = p.time.getTime() <= shiftEnd(addDays(local, -1), { timeZone, latestCheckOut }).getTime();
    const night =
      dayBefore !== undefined &&
      (dayBefore.last - dayBefore.first < 60_000 || localDate(new Date(dayBefore.last), timeZone) === local);
    const workDate = early && night ? addDays(local, -1) : local;
    const key = `${employeeId}|${workDate}`;
    const ms = p.time.getTime();
    const day = days.get(key);
    if (!day) days.set(key, { employeeId, workDate, first: ms, last: ms });
    else {
      day.first = Math.min(day.first, ms);
      day.last = Math.max(day.last, ms);
    }
  }
  return new Map(
    [...days].map(([key, d]) => [
      key,
      {
        checkIn: new Date(d.first).toISOString(),
        checkOut: d.last - d.first >= 60_000 ? new Date(d.last).toISOString() : null,
      },
    ]),
  );
}

export function actualAttendance(
  rows: { employeeId: number; workDate: string; checkIn: string; checkOut: string | null }[],
) {
  return new Map(rows.map((r) => [`${r.employeeId}|${r.workDate}`, { checkIn: r.checkIn, checkOut: r.checkOut }]));
}

/** Polls `check` until it holds or `timeoutMs` passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
