/**
 * An ingest against a concurrent device edit (docs/devices.md, "Ingest"): the devices, their zones and the
 * employees' mappings are read inside the ingest's lock and transaction, so a zone saved meanwhile is the zone the
 * punches are stored in, never the one read before the edit. Through the real HTTP API on both engines; the held
 * transaction (another API process's edit) on PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceLocalTimeToInstant } from '../../shared/device-time.js';
import { withTenantLock } from '../src/modules/devices/ingest.js';
import { addDevice, deviceWorld, storedPunches, type DeviceWorld } from './device-fixtures.js';
import { ENGINE } from './harness.js';

let world: DeviceWorld;

beforeAll(async () => {
  world = await deviceWorld({ employees: 2, now: () => new Date('2026-11-23T15:00:00Z') });
});
afterAll(() => world.server.close());
beforeEach(async () => {
  for (const table of ['attendanceAudit', 'attendances', 'devicePunches', 'deviceUserMappings', 'devices'] as const) {
    await world.server.db.deleteFrom(table).where('tenantId', '=', world.tenantId).execute();
  }
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LOCAL = '2026-11-20T09:00:00';
const punch = { deviceSerial: 'RACE-1', deviceUserId: '1001', localTime: LOCAL, time: '2026-11-20T04:00:00Z' };
const inZone = (zone: string) => deviceLocalTimeToInstant(LOCAL, zone)!.toISOString();

describe('an ingest racing a device edit', () => {
  it('stores the punches in the zone an edit queued before it saved, not the one read before the lock', async () => {
    const device = await addDevice(world, { serialNo: 'RACE-1', timeZone: 'Asia/Karachi' });
    // Something else holds the tenant's ingest lock (an earlier batch); the zone edit queues behind it, then the
    // upload queues behind the edit.
    let release!: () => void;
    const held = withTenantLock(world.tenantId, () => new Promise<void>((resolve) => (release = resolve)));
    const edit = world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'America/Los_Angeles' });
    await pause(300);
    const upload = world.agent.post('/api/agent/punches', { punches: [punch] });
    await pause(300);
    release();
    await held;
    expect((await edit).body).toMatchObject({ timeZone: 'America/Los_Angeles', punchesMoved: 0 });
    expect((await upload).body).toMatchObject({ stored: 1, applied: 1 });
    const [stored] = await storedPunches(world);
    expect(stored!.punchAt).toBe(inZone('America/Los_Angeles'));
  });

  it.skipIf(ENGINE !== 'postgres')(
    'waits for another process’s uncommitted zone edit and stores the punches in the new zone',
    async () => {
      const device = await addDevice(world, { serialNo: 'RACE-1', timeZone: 'Asia/Karachi' });
      // Another API process's device edit, between its UPDATE of the device and its commit.
      let release!: () => void;
      let updated!: () => void;
      const saved = new Promise<void>((resolve) => (updated = resolve));
      const edit = world.server.db.transaction().execute(async (trx) => {
        await trx.updateTable('devices').set({ timeZone: 'America/Los_Angeles' }).where('id', '=', device.id).execute();
        updated();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await saved;
      let done = false;
      const upload = world.agent.post('/api/agent/punches', { punches: [punch] }).then((res) => {
        done = true;
        return res;
      });
      await pause(500);
      // The upload waits for the edit's row lock rather than reading the zone the edit is replacing.
      const waited = !done;
      release();
      await edit;
      expect(waited).toBe(true);
      expect((await upload).body).toMatchObject({ stored: 1, applied: 1 });
      const [stored] = await storedPunches(world);
      expect(stored!.punchAt).toBe(inZone('America/Los_Angeles'));
    },
  );

  it('applies a punch by a mapping saved while the upload waited for the lock', async () => {
    await addDevice(world, { serialNo: 'RACE-1', timeZone: 'Asia/Karachi' });
    const unknown = { ...punch, deviceUserId: '7777' };
    let release!: () => void;
    const held = withTenantLock(world.tenantId, () => new Promise<void>((resolve) => (release = resolve)));
    const upload = world.agent.post('/api/agent/punches', { punches: [unknown] });
    await pause(300);
    // The mapping row lands while the upload waits (a mapping saved by another process).
    const now = new Date().toISOString();
    await world.server.db
      .insertInto('deviceUserMappings')
      .values({
        tenantId: world.tenantId,
        deviceUserId: '7777',
        employeeId: world.employees.get('1002')!,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    release();
    await held;
    expect((await upload).body).toMatchObject({ stored: 1, applied: 1, unmapped: 0 });
    const [stored] = await storedPunches(world);
    expect(stored).toMatchObject({ employeeId: world.employees.get('1002'), status: 'applied' });
  });
});
