// The unmodified node-zklib 1.3.0 against the simulator: proves the simulator is faithful enough, including the
// library's own failure modes that the device agent's adapter has to contain. node-zklib needs the simulator's
// friendly pacing to read at all (faults.ts friendlyPacing); the default is the hardest case, coalesced frames.
import ZKLib from 'node-zklib';
import { afterEach, describe, expect, it } from 'vitest';
import { CMD, TcpFrameReader, decodeDeviceTime, encodePacket, encodeDeviceTime, wrapTcp } from './protocol.js';
import { wallClockFromHostDate } from '../../electron/device-agent/zk-time.js';
import { friendlyPacing } from './faults.js';
import { ZkSimulator, type ZkSimulatorOptions } from './server.js';
import { skipStalledTransfer } from './stall-clock.js';

const ZONE = 'Asia/Karachi';
const LIB_TIMEOUT = 3000;
const running: ZkSimulator[] = [];
const clients: ZKLib[] = [];

async function startSim(options: ZkSimulatorOptions = {}): Promise<{ sim: ZkSimulator; port: number }> {
  const sim = new ZkSimulator({
    timeZone: ZONE,
    seed: 7,
    ...options,
    faults: { ...friendlyPacing(), ...options.faults },
  });
  running.push(sim);
  return { sim, port: await sim.start() };
}

async function connect(port: number): Promise<ZKLib> {
  const zk = new ZKLib('127.0.0.1', port, LIB_TIMEOUT, 0);
  clients.push(zk);
  await zk.createSocket();
  return zk;
}

afterEach(async () => {
  for (const zk of clients.splice(0)) {
    zk.zklibTcp.socket?.destroy();
    try {
      zk.zklibUdp.socket?.close();
    } catch {
      // closed already
    }
  }
  await Promise.all(running.splice(0).map((sim) => sim.stop()));
});

describe('protocol', () => {
  it('round-trips packed device times and splits a coalesced TCP stream into packets', () => {
    const wall = { year: 2026, month: 2, day: 28, hour: 23, minute: 59, second: 58 };
    expect(decodeDeviceTime(encodeDeviceTime(wall))).toEqual(wall);
    const a = wrapTcp(encodePacket(CMD.DATA_RDY, 7, 3, Buffer.alloc(8, 1)));
    const b = wrapTcp(encodePacket(CMD.DATA_RDY, 7, 4, Buffer.alloc(8, 2)));
    const reader = new TcpFrameReader();
    const stream = Buffer.concat([a, b]);
    const first = reader.push(stream.subarray(0, 5));
    const rest = reader.push(stream.subarray(5));
    expect(first).toEqual([]);
    expect(rest.map((p) => [p.command, p.replyId, p.data[0]])).toEqual([
      [CMD.DATA_RDY, 3, 1],
      [CMD.DATA_RDY, 4, 2],
    ]);
  });
});

describe('node-zklib 1.3.0 against the simulator (TCP)', () => {
  it('connects, reads device info and users, answers get-time and disconnects', async () => {
    const deviceTime = new Date('2026-03-10T04:05:06Z');
    const { sim, port } = await startSim({ users: 50, punches: 120, now: () => deviceTime.getTime() });
    const zk = await connect(port);
    expect(zk.connectionType).toBe('tcp');
    expect(await zk.getInfo()).toEqual({ userCounts: 50, logCounts: 120, logCapacity: 100_000 });

    const users = await zk.getUsers();
    expect(users.err ?? null).toBeNull();
    expect(users.data).toHaveLength(50);
    expect(users.data[0]).toEqual({ uid: 1, role: 14, password: '', name: 'User 1', cardno: 0, userId: '1001' });

    const reply = await zk.executeCmd(201, '');
    expect(reply.readUInt16LE(0)).toBe(CMD.ACK_OK);
    // 04:05:06 UTC is 09:05:06 in Karachi (UTC+5): the device reports its own wall clock.
    expect(decodeDeviceTime(reply.readUInt32LE(8))).toEqual({
      year: 2026,
      month: 3,
      day: 10,
      hour: 9,
      minute: 5,
      second: 6,
    });

    await zk.disconnect();
    expect(sim.stats.commands[CMD.EXIT]).toBe(1);
  });

  it('serves users through the chunked path when the table is large', async () => {
    const { port } = await startSim({ users: 1500 });
    const zk = await connect(port);
    const users = await zk.getUsers();
    expect(users.err).toBeNull();
    expect(users.data.map((u) => u.uid)).toEqual(Array.from({ length: 1500 }, (_, i) => i + 1));
  });

  it.each([
    ['direct CMD_DATA', 150],
    ['chunked', 5000],
  ])('returns every punch with the device wall-clock time (%s)', async (_path, count) => {
    const { sim, port } = await startSim({ users: 40, punches: count });
    const zk = await connect(port);
    const result = await zk.getAttendances();
    expect(result.err ?? null).toBeNull();
    const expected = sim.punches();
    expect(result.data).toHaveLength(count);
    result.data.forEach((record, i) => {
      const punch = expected[i];
      expect(record.deviceUserId).toBe(punch?.userId);
      expect(record.userSn).toBe(punch?.userSn);
      const wall = sim.store.zone.wallClock(punch?.time.getTime() ?? 0);
      // node-zklib builds host-local Dates from the device's wall-clock components.
      expect(wallClockFromHostDate(record.recordTime)).toEqual(wall);
    });
  });

  it('delivers real-time events and clears the attendance log', async () => {
    const { sim, port } = await startSim({ users: 5, punches: 10 });
    const zk = await connect(port);
    const events: { userId: string; attTime: Date }[] = [];
    await zk.getRealTimeLogs((event) => events.push(event));
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the REG_EVENT acknowledgement pass
    sim.emitRealTime({ userId: '1003', time: new Date('2026-05-01T03:00:00Z') });
    sim.emitRealTime({ userId: '1004', time: new Date('2026-05-01T03:00:30Z') });
    await expect.poll(() => events.length).toBe(2);
    expect(events[0]?.userId).toBe('1003');
    expect(wallClockFromHostDate(events[0]?.attTime ?? new Date(0))).toEqual({
      year: 2026,
      month: 5,
      day: 1,
      hour: 8,
      minute: 0,
      second: 0,
    });

    expect((await zk.getInfo()).logCounts).toBe(12);
    const cleared = await zk.clearAttendanceLog();
    expect(cleared.readUInt16LE(0)).toBe(CMD.ACK_OK);
    expect((await zk.getInfo()).logCounts).toBe(0);
    expect((await zk.getAttendances()).data).toEqual([]);
  });

  it('reports a connection dropped mid-transfer as partial data plus err', async () => {
    const { port } = await startSim({ users: 10, punches: 10_000, faults: { dropAfterChunks: 3 } });
    const zk = await connect(port);
    const result = await zk.getAttendances();
    expect(result.err?.message).toBe('Socket is disconnected unexpectedly');
    expect(result.data.length).toBe(Math.floor((3 * 65472 - 4) / 40));
  });

  it('refuses connections by resetting them', async () => {
    const { port } = await startSim({ faults: { refuse: 'reset' } });
    const zk = new ZKLib('127.0.0.1', port, LIB_TIMEOUT, 0);
    clients.push(zk);
    await expect(zk.createSocket()).rejects.toMatchObject({ command: 'TCP CONNECT' });
  });

  // The 10 s limit is below node-zklib's 10 s of silence plus the transfer: it fails if they were really waited out.
  it('reproduces the chunk bug when frames are coalesced in one TCP write', { timeout: 10_000 }, async () => {
    const { sim, port } = await startSim({ users: 10, punches: 6000, faults: { coalesce: true } });
    const zk = await connect(port);
    // node-zklib handles one frame per 'data' event and discards the rest: it waits 10 s, then gives up. Those
    // 10 s of silence pass on a fake clock (stall-clock.ts); the give-up is still node-zklib's own timer.
    const result = await skipStalledTransfer(sim, () => zk.getAttendances());
    expect(result.err?.message).toMatch(/^TIME OUT !! \d+ PACKETS REMAIN !$/);
    expect(result.data.length).toBeLessThan(6000);
  });
});

describe('node-zklib 1.3.0 against the simulator (UDP fallback)', () => {
  it("falls back to UDP when TCP is refused and reads old firmware's records, in packets of about 1 KB", async () => {
    const { sim, port } = await startSim({
      users: 300,
      punches: 3000,
      oldFirmware: true,
      faults: { refuse: 'closed' },
    });
    const zk = await connect(port);
    expect(zk.connectionType).toBe('udp');
    expect((await zk.getInfo()).logCounts).toBe(3000);
    const users = await zk.getUsers();
    expect(users.data).toHaveLength(300);
    expect(users.data[4]).toMatchObject({ uid: 5, userId: 1005 });
    const logs = await zk.getAttendances();
    expect(logs.err).toBeNull();
    expect(logs.data).toHaveLength(3000);
    const first = sim.punches()[0];
    const wall = sim.store.zone.wallClock(first?.time.getTime() ?? 0);
    // node-zklib builds host-local Dates from the device's wall-clock components.
    expect(wallClockFromHostDate(logs.data[0]?.recordTime ?? new Date(0))).toEqual(wall);
    expect(logs.data[0]?.deviceUserId).toBe(Number(first?.userId));
    expect(sim.stats.largestUdpPacket).toBe(8 + 1024);
    await zk.disconnect();
  });

  it('is misread by node-zklib when current firmware sends its 40-byte records over UDP', async () => {
    const { port } = await startSim({ users: 30, punches: 150, faults: { refuse: 'closed' } });
    const zk = await connect(port);
    const logs = await zk.getAttendances();
    // node-zklib assumes 16-byte records: 150 punches of 40 bytes come back as 375 records of garbage.
    expect(logs.data).toHaveLength(375);
    await zk.disconnect();
  });
});

describe('what a terminal says about itself, and the older direct reads', () => {
  it('answers CMD_OPTIONS_RRQ and CMD_GET_VERSION, and refuses an unknown option', async () => {
    const { port } = await startSim({ serialNumber: 'AEH2193760042', platform: 'ZLM60_TFT', firmware: 'Ver 6.70' });
    const zk = await connect(port);
    const text = (reply: Buffer) => reply.subarray(8).toString('latin1');
    expect(text(await zk.executeCmd(CMD.OPTIONS_RRQ, '~SerialNumber\0'))).toBe('~SerialNumber=AEH2193760042\0');
    expect(text(await zk.executeCmd(CMD.OPTIONS_RRQ, '~Platform'))).toBe('~Platform=ZLM60_TFT\0');
    expect(text(await zk.executeCmd(CMD.GET_VERSION, ''))).toBe('Ver 6.70\0');
    expect((await zk.executeCmd(CMD.OPTIONS_RRQ, '~NoSuchOption\0')).readUInt16LE(0)).toBe(CMD.ACK_ERROR);
  });

  it('answers CMD_ATTLOG_RRQ and CMD_USERTEMP_RRQ as CMD_DATA_WRRQ for those tables', async () => {
    const { sim, port } = await startSim({ users: 3, punches: 10 });
    const zk = await connect(port);
    const log = await zk.executeCmd(CMD.ATTLOG_RRQ, '');
    expect(log.readUInt16LE(0)).toBe(CMD.DATA);
    expect(log.subarray(8)).toEqual(sim.store.encodeAttendance('current'));
    const users = await zk.executeCmd(CMD.USERTEMP_RRQ, '');
    expect(users.subarray(8)).toEqual(sim.store.encodeUsers('current'));
  });
});
