// The agent's durable queue on a real SQLite file, and the agent's retry schedule with injected timers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPunch, AgentPunchResult } from '../../shared/contracts/devices.js';
import { DeviceAgent, type Timers } from './agent.js';
import type { AgentServer } from './http-client.js';
import { PunchQueue } from './queue.js';
import type { Logger } from './zk-adapter.js';

const dirs: string[] = [];
const queues: PunchQueue[] = [];
function open(dir = mkdtempSync(path.join(tmpdir(), 'agent-queue-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const queue = new PunchQueue(dir);
  queues.push(queue);
  return { queue, dir };
}
afterEach(() => {
  queues.splice(0).forEach((q) => q.close());
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 4, 0, s)).toISOString();
const punches = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ deviceUserId: String(1001 + (i % 3)), time: at(from + i), localTime: null }));

describe('PunchQueue', () => {
  it('queues only punches not seen before, and survives a reopen', () => {
    const { queue, dir } = open();
    expect(queue.recordPull('SN1', punches(5), new Date())).toBe(5);
    expect(queue.recordPull('SN1', punches(7), new Date())).toBe(2);
    expect(queue.recordPull('SN2', punches(3), new Date())).toBe(3);
    expect(queue.size()).toBe(10);
    expect(queue.size('SN1')).toBe(7);
    expect(queue.watermark('SN1')).toMatchObject({ lastTime: at(6), logCount: 7 });
    queue.close();
    const again = open(dir).queue;
    expect(again.size()).toBe(10);
    expect(again.recordPull('SN1', punches(7), new Date())).toBe(0);
    const batch = again.peek(4);
    expect(batch.map((p) => p.time)).toEqual([at(0), at(1), at(2), at(3)]);
    again.remove(batch.map((p) => p.id));
    expect(again.size()).toBe(6);
    // Any set of ids, not only a run: the others stay, in order.
    const rest = again.peek(6);
    again.remove([rest[1]!.id, rest[3]!.id]);
    again.remove([]);
    expect(again.peek(10).map((p) => p.id)).toEqual([rest[0]!.id, rest[2]!.id, rest[4]!.id, rest[5]!.id]);
    // Uploaded punches stay seen: reading the same log again queues nothing.
    expect(again.recordPull('SN1', punches(7), new Date())).toBe(0);
  });

  it('forgets punches a cleared device no longer holds, and keeps the watermark', () => {
    const { queue } = open();
    queue.recordPull('SN1', punches(4), new Date());
    expect(queue.recordPull('SN1', [], new Date())).toBe(0);
    expect(queue.watermark('SN1')).toMatchObject({ lastTime: at(3), logCount: 0 });
    // The same (user, time) can only come back as a new punch after a clear; it is queued again (the server dedupes).
    expect(queue.recordPull('SN1', punches(1, 10), new Date())).toBe(1);
  });

  it('knows a punch by its local time: the log read again in a corrected zone queues nothing', () => {
    const { queue } = open();
    const karachi = [
      { deviceUserId: '1001', time: '2026-11-20T04:00:00.000Z', localTime: '2026-11-20 09:00:00' },
      { deviceUserId: '1002', time: '2026-11-20T12:00:00.000Z', localTime: '2026-11-20 17:00:00' },
    ];
    expect(queue.recordPull('SN1', karachi, new Date())).toBe(2);
    // The same log read with Tokyo as the zone: other instants, the same local times.
    const tokyo = [
      { deviceUserId: '1001', time: '2026-11-20T00:00:00.000Z', localTime: '2026-11-20 09:00:00' },
      { deviceUserId: '1002', time: '2026-11-20T08:00:00.000Z', localTime: '2026-11-20 17:00:00' },
    ];
    expect(queue.recordPull('SN1', tokyo, new Date())).toBe(0);
    expect(queue.size()).toBe(2);
    // A new local time is a new punch.
    expect(
      queue.recordPull(
        'SN1',
        [...tokyo, { deviceUserId: '1001', time: '2026-11-20T09:00:00.000Z', localTime: '2026-11-20 18:00:00' }],
        new Date(),
      ),
    ).toBe(1);
  });

  it('migrates a file whose seen punches were keyed by instant: they are learnt by local time on the next read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agent-queue-'));
    dirs.push(dir);
    // A version 0 file, as agents before version 1 wrote it.
    const old = new Database(path.join(dir, 'device-agent.sqlite'));
    old.exec(`create table seen (
      device_serial text not null, device_user_id text not null, time text not null,
      primary key (device_serial, device_user_id, time)
    ) without rowid;
    insert into seen values ('SN1', '1001', '2026-11-20T04:00:00.000Z');`);
    expect(old.pragma('user_version', { simple: true })).toBe(0);
    old.close();
    const { queue } = open(dir);
    const karachi = [{ deviceUserId: '1001', time: '2026-11-20T04:00:00.000Z', localTime: '2026-11-20 09:00:00' }];
    // Seen by its instant: not queued again, and known by its local time from now on.
    expect(queue.recordPull('SN1', karachi, new Date())).toBe(0);
    const tokyo = [{ deviceUserId: '1001', time: '2026-11-20T00:00:00.000Z', localTime: '2026-11-20 09:00:00' }];
    expect(queue.recordPull('SN1', tokyo, new Date())).toBe(0);
    expect(queue.size()).toBe(0);
    queue.close();
    const check = new Database(path.join(dir, 'device-agent.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(1);
    expect(check.prepare('select device_serial, device_user_id, moment, time from seen').all()).toEqual([
      { device_serial: 'SN1', device_user_id: '1001', moment: '2026-11-20 09:00:00', time: '2026-11-20T04:00:00.000Z' },
    ]);
    check.close();
  });

  it('moves refused punches out of the queue into the rejected table', () => {
    const { queue } = open();
    queue.recordPull('SN1', punches(3), new Date());
    const [first] = queue.peek(1);
    queue.reject([{ punch: first!, reason: 'UNKNOWN_DEVICE' }], new Date());
    expect(queue.size()).toBe(2);
    expect(queue.rejectedCount()).toBe(1);
  });
});

describe('DeviceAgent retries', () => {
  it('backs off exponentially up to the cap while uploads fail, and resets after a success', async () => {
    const { queue } = open();
    queue.recordPull('SN1', punches(3), new Date());
    let failing = true;
    const uploaded: AgentPunch[] = [];
    const server: AgentServer = {
      listDevices: async () => [],
      uploadPunches: async (batch): Promise<AgentPunchResult> => {
        if (failing) throw new Error('ECONNREFUSED');
        uploaded.push(...batch);
        return {
          received: batch.length,
          stored: batch.length,
          duplicates: 0,
          applied: 0,
          unmapped: 0,
          skipped: 0,
          rejected: [],
        };
      },
      reportState: async () => undefined,
    };
    const scheduled: { fn: () => void; ms: number }[] = [];
    const timers: Timers = { setTimeout: (fn, ms) => scheduled.push({ fn, ms }), clearTimeout: () => undefined };
    const logger: Logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
    const agent = new DeviceAgent({ server, queue, logger, timers }, { initialBackoffMs: 100, maxBackoffMs: 500 });
    expect(await agent.drain()).toBe(false);
    for (let i = 0; i < 4; i++) {
      scheduled.at(-1)!.fn();
      await new Promise((r) => setImmediate(r));
    }
    expect(scheduled.map((s) => s.ms)).toEqual([100, 200, 400, 500, 500]);
    failing = false;
    scheduled.at(-1)!.fn();
    await new Promise((r) => setImmediate(r));
    expect(queue.size()).toBe(0);
    expect(uploaded).toHaveLength(3);
    failing = true;
    queue.recordPull('SN1', punches(4), new Date());
    expect(await agent.drain()).toBe(false);
    expect(scheduled.at(-1)!.ms).toBe(100);
  });
});
