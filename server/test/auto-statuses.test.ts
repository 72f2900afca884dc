import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import {
  AUTO_CANCEL_REASON,
  AUTO_REFUSE_CANCELLATION_REASON,
  AUTO_REJECT_REASON,
} from '../src/modules/leave/auto-statuses.js';
import { runLeaveJobs } from '../src/modules/leave/auto-leaves.js';
import { startServer, type Api, type TestServer } from './harness.js';
import { organisation } from './organisation.js';

let clock = new Date('2026-11-02T05:00:00Z'); // Monday 2 November 2026, 10:00 in Karachi
let server: TestServer;
const ids: Record<string, number> = {};
const apis: Record<string, Api> = {};
let annual: number;
let unpaid: number;
let tenantId: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  const org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    people: { emp: ['Employee'], po: ['Team Lead'], hr: ['HR'], gone: ['Employee'], admin: ['Administrator'] },
    teams: { Core: ['emp', 'po'] },
  });
  tenantId = org.tenantId;
  for (const [key, person] of Object.entries(org.people)) {
    ids[key] = person.id;
    apis[key] = person.api;
  }
  const { createLeaveType } = leaveCatalogueEndpoints;
  const as = { as: org.people.hr };
  annual = (await server.client.ok(createLeaveType, { body: { name: 'Annual', kind: 'quota', yearlyQuota: 10 } }, as))
    .id;
  unpaid = (await server.client.ok(createLeaveType, { body: { name: 'Unpaid', kind: 'unpaid' } }, as)).id;
});
afterAll(() => server.close());

async function ask(who: string, startDate: string, endDate = startDate): Promise<number> {
  const r = await apis[who]!.post('/api/leave-requests', { leaveTypeId: annual, startDate, endDate, reason: 'Trip' });
  expect(r.status).toBe(201);
  return r.body.id;
}
async function act(who: string, id: number, action: number) {
  const r = await apis[who]!.post(`/api/leave-requests/${id}/actions`, { action, reason: 'Fine' });
  expect(r.status).toBe(200);
}
const read = async (id: number) => (await apis['hr']!.get(`/api/leave-requests/${id}`)).body;
const details = async () => (await apis['emp']!.get('/api/leave/details')).body;

describe('statuses set by the system', () => {
  const r: Record<string, number> = {};

  it('auto rejects, refuses stale cancellations and auto cancels for leavers, once, restoring balances', async () => {
    r['pendingPo'] = await ask('emp', '2026-11-04', '2026-11-05'); // 1
    r['pendingHr'] = await ask('emp', '2026-11-09'); // 1 -> 10
    await act('po', r['pendingHr'], 1);
    r['cancelling'] = await ask('emp', '2026-11-10'); // 11 -> 4
    await act('po', r['cancelling'], 1);
    await act('hr', r['cancelling'], 1);
    await act('emp', r['cancelling'], 3);
    r['future'] = await ask('emp', '2026-11-25'); // stays 1
    r['endsToday'] = await ask('emp', '2026-11-11'); // ends on the run's day: stays 1
    // An employee without a PO-stage approver starts at 3; they leave the company afterwards.
    r['leaverPending'] = await ask('gone', '2026-11-16');
    r['leaverApproved'] = await ask('gone', '2026-11-17');
    await act('hr', r['leaverApproved'], 1);
    r['leaverRunning'] = await ask('gone', '2026-11-10', '2026-11-12');
    await act('hr', r['leaverRunning'], 1);
    await apis['admin']!.put(`/api/employees/${ids['gone']}/status`, { status: 'inactive' });

    const before = await details();
    const annualBefore = before.leaveTypes.find((t: { id: number }) => t.id === annual);
    // The approved 10 November is still ahead: booked, not taken; once it has started it is taken (below).
    expect(annualBefore).toMatchObject({ taken: 0, booked: 1, pending: 5 });
    expect(before.pendingLeaveCount).toBe(4);

    clock = new Date('2026-11-11T05:00:00Z'); // Wednesday 11 November
    const run = await apis['admin']!.post('/api/leave/auto-leaves/run');
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ created: 0, autoRejected: 2, cancellationsRefused: 1, autoCancelled: 2 });

    const status = async (key: string) => (await read(r[key]!)).status;
    expect(await status('pendingPo')).toBe(13);
    expect(await status('pendingHr')).toBe(13);
    expect(await status('cancelling')).toBe(11);
    expect(await status('future')).toBe(1);
    expect(await status('endsToday')).toBe(1);
    expect(await status('leaverPending')).toBe(14);
    expect(await status('leaverApproved')).toBe(14);
    expect(await status('leaverRunning')).toBe(11);

    const rejected = await read(r['pendingHr']!);
    expect(rejected.events.at(-1)).toMatchObject({
      actor: null,
      actorRole: 'system',
      fromStatus: 10,
      toStatus: 13,
      reason: AUTO_REJECT_REASON,
    });
    expect((await read(r['cancelling']!)).events.at(-1)).toMatchObject({
      actorRole: 'system',
      fromStatus: 4,
      toStatus: 11,
      reason: AUTO_REFUSE_CANCELLATION_REASON,
    });
    expect((await read(r['leaverApproved']!)).events.at(-1)).toMatchObject({
      actorRole: 'system',
      fromStatus: 11,
      toStatus: 14,
      reason: AUTO_CANCEL_REASON,
    });

    // The rejected days no longer hold the quota; the leave whose cancellation was refused is still taken.
    const after = await details();
    expect(after.leaveTypes.find((t: { id: number }) => t.id === annual)).toMatchObject({ taken: 1, pending: 2 });
    expect(after.pendingLeaveCount).toBe(2);
    expect(after.remainingLeaves).toBe(9);

    // Again, and twice at once: nothing more changes, and no request gets a second system event. Through
    // the API the job runner lets one run and answers the other 409 while it does; the jobs themselves,
    // raced directly past the runner's lock, change nothing twice either.
    const none = { created: 0, autoRejected: 0, cancellationsRefused: 0, autoCancelled: 0 };
    const again = await Promise.all([
      apis['admin']!.post('/api/leave/auto-leaves/run'),
      apis['admin']!.post('/api/leave/auto-leaves/run'),
    ]);
    expect(again.some((a) => a.status === 200)).toBe(true);
    for (const a of again) {
      if (a.status === 200) expect(a.body).toEqual(none);
      else expect([a.status, a.body.error.code]).toEqual([409, 'JOB_RUNNING']);
    }
    const raced = await Promise.all([runLeaveJobs(server.deps, tenantId), runLeaveJobs(server.deps, tenantId)]);
    for (const counts of raced) expect(counts).toEqual(none);
    expect(
      (await read(r['pendingPo']!)).events.filter((e: { actorRole: string }) => e.actorRole === 'system'),
    ).toHaveLength(1);

    // A refused request cannot be acted on any more.
    const late = await apis['po']!.post(`/api/leave-requests/${r['pendingPo']}/actions`, { action: 1, reason: 'Late' });
    expect(late.status).toBe(409);
  });

  it('lets the admin start auto leaves on an earlier day of this year, and the run marks those absences', async () => {
    const future = await apis['admin']!.put('/api/leave/auto-leaves-config', {
      enabled: true,
      firstLeaveTypeId: unpaid,
      enabledSince: '2026-11-12',
    });
    expect(future.status).toBe(400);
    const lastYear = await apis['admin']!.put('/api/leave/auto-leaves-config', {
      enabled: true,
      firstLeaveTypeId: unpaid,
      enabledSince: '2025-12-31',
    });
    expect(lastYear.status).toBe(400);
    expect((await apis['admin']!.get('/api/leave/auto-leaves-config')).body.enabled).toBe(false);

    const ok = await apis['admin']!.put('/api/leave/auto-leaves-config', {
      enabled: true,
      firstLeaveTypeId: unpaid,
      enabledSince: '2026-11-09',
    });
    expect(ok.body).toMatchObject({ enabled: true, enabledSince: '2026-11-09' });
    // Emp: the 9th was auto rejected (no longer a leave), the 10th is an approved leave. Gone has left.
    const run = (await apis['admin']!.post('/api/leave/auto-leaves/run')).body;
    const emp = await server.db
      .selectFrom('leaveRequests')
      .select('startDate')
      .where('employeeId', '=', ids['emp']!)
      .where('isAuto', '=', 1)
      .execute();
    expect(emp.map((x) => x.startDate)).toEqual(['2026-11-09']);
    const gone = await server.db
      .selectFrom('leaveRequests')
      .select('id')
      .where('employeeId', '=', ids['gone']!)
      .where('isAuto', '=', 1)
      .execute();
    expect(gone).toHaveLength(0);
    // po, hr and admin were absent on both days.
    expect(run.created).toBe(1 + 2 * 3);
    expect((await apis['admin']!.post('/api/leave/auto-leaves/run')).body.created).toBe(0);
    // Updating without enabledSince keeps the start.
    const kept = await apis['admin']!.put('/api/leave/auto-leaves-config', { enabled: true, integrationId: 'x' });
    expect(kept.body.enabledSince).toBe('2026-11-09');
  });

  it('is refused to employees without setup-leave-integration', async () => {
    const refused = await apis['emp']!.post('/api/leave/auto-leaves/run');
    expect(refused.status).toBe(403);
  });
});
