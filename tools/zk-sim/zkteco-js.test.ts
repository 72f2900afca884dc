// zkteco-js 1.7.2, an independent ZK client, reads the simulator as it would a real terminal: what it can read must
// match the simulator's data exactly; where it cannot, the failure is the client's (README.md, "zkteco-js").
import ZktecoJs from 'zkteco-js';
import { afterEach, describe, expect, it } from 'vitest';
import { wallClockFromHostDate } from '../../electron/device-agent/zk-time.js';
import { friendlyPacing } from './faults.js';
import { ZkSimulator, type ZkSimulatorOptions } from './server.js';

const running: ZkSimulator[] = [];
const clients: ZktecoJs[] = [];

async function connect(options: ZkSimulatorOptions): Promise<{ sim: ZkSimulator; zk: ZktecoJs }> {
  const sim = new ZkSimulator({ timeZone: 'Asia/Karachi', seed: 9, udp: false, ...options });
  running.push(sim);
  const port = await sim.start();
  const zk = new ZktecoJs('127.0.0.1', port, 1500, 0);
  clients.push(zk);
  await zk.createSocket();
  return { sim, zk };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((zk) => zk.disconnect().catch(() => undefined)));
  await Promise.all(running.splice(0).map((sim) => sim.stop()));
});

describe('zkteco-js 1.7.2 against the simulator', () => {
  it("reads identity, clock, users and 5,000 punches, equal to the simulator's data", async () => {
    const deviceNow = new Date('2026-06-15T07:08:09Z');
    const { sim, zk } = await connect({
      users: 120,
      punches: 5000,
      now: () => deviceNow.getTime(),
      serialNumber: 'BRC7251360987',
      firmware: 'Ver 6.60 Sep 19 2019',
      faults: friendlyPacing(),
    });
    expect(zk.connectionType).toBe('tcp');
    expect(await zk.getSerialNumber()).toBe('BRC7251360987');
    expect(await zk.getDeviceName()).toBe('K40 Pro');
    expect((await zk.getFirmware()).replace(/\0+$/, '')).toBe('Ver 6.60 Sep 19 2019');
    expect(wallClockFromHostDate(await zk.getTime())).toEqual(sim.store.zone.wallClock(deviceNow.getTime()));
    expect(await zk.getInfo()).toEqual({ userCounts: 120, logCounts: 5000, logCapacity: 100_000 });

    const users = await zk.getUsers();
    expect(users.data.map((u) => [u.uid, u.userId, u.name, u.role])).toEqual(
      sim.store.users.map((u) => [u.uid, u.userId, u.name, u.role]),
    );

    const logs = await zk.getAttendances();
    expect(logs.err ?? null).toBeNull();
    const expected = sim.punches().map((p) => {
      const wall = sim.store.zone.wallClock(p.time.getTime());
      return [p.userSn, p.userId, wall, p.verify, p.state];
    });
    const got = logs.data.map((r) => [
      r.sn,
      r.user_id,
      wallClockFromHostDate(new Date(r.record_time)),
      r.type,
      r.state,
    ]);
    expect(got).toEqual(expected);
  });

  it('cuts user ids to 9 characters: its decoder, not the terminal', async () => {
    const users = ['12345678901', '12345678902'].map((userId, i) => ({
      uid: i + 1,
      userId,
      name: `P${i + 1}`,
      role: 0,
      password: '',
      cardNo: 0,
    }));
    const time = new Date('2026-06-01T03:00:00Z');
    const { zk } = await connect({
      users,
      punches: users.map((u) => ({ userId: u.userId, time })),
      faults: friendlyPacing(),
    });
    expect((await zk.getAttendances()).data.map((r) => r.user_id)).toEqual(['123456789', '123456789']);
  });

  it('returns part of the log as if it were all of it when a chunk arrives in one read (the default)', async () => {
    const { zk } = await connect({ users: 50, punches: 5000 });
    const logs = await zk.getAttendances();
    // One frame per read, the rest dropped; after its timeout it returns what it has and drops the error.
    expect(logs.err).toBeUndefined();
    expect(logs.data).toHaveLength(0);
  });
});
