import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_ACTIONS, LIVE_STATUSES } from '../../shared/leave.js';
import { resources } from '../../shared/i18n/index.js';
import { MESSAGES } from '../../shared/messages.js';
import type { LeaveTypeBody, UpdateLeaveTypeBody } from '../../shared/contracts/leave.js';
import { leaveCatalogueEndpoints } from '../../shared/endpoints/leave-catalogue.js';
import type { PermissionName } from '../../shared/permissions.js';
import { expectError } from './client.js';
import { startServer, type Api, type TestServer } from './harness.js';

const { createLeaveType, listLeaveTypes, setLeaveTypeStatus, updateLeaveType } = leaveCatalogueEndpoints;
/** The field messages of a validation or rule error. */
const fieldsOf = (error: { details?: unknown }) =>
  (error.details as { fields: { path: string; message: string }[] }).fields;

const clock = new Date('2026-11-23T05:00:00Z'); // Monday 23 Nov, 10:00 in Karachi
let server: TestServer;
let tenantId: number;
let otherTenantId: number;
const apis: Record<string, Api> = {};
const tokens: Record<string, string> = {};
const types: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({}, () => clock);
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
  otherTenantId = (await server.tenant('Other', 'other.example')).id;
  const users: [string, { roles?: string[]; grants?: PermissionName[] }][] = [
    ['emp', { roles: ['Employee'] }],
    ['hr', { roles: ['HR'] }],
    ['viewer', { grants: ['view-leave-management'] }],
    ['none', { grants: ['view-attendance'] }],
  ];
  for (const [key, options] of users) {
    await server.user(tenantId, { email: `${key}@acme.example`, ...options });
    tokens[key] = await server.signIn(`${key}@acme.example`);
    apis[key] = server.api(tokens[key]);
  }
  await server.user(otherTenantId, { email: 'hr@other.example', roles: ['HR'] });
  tokens['otherHr'] = await server.signIn('hr@other.example');
  apis['otherHr'] = server.api(tokens['otherHr']);
  const add = async (name: string, body: Partial<LeaveTypeBody>) => {
    const type = await server.client.ok(
      createLeaveType,
      { body: { name, kind: 'quota', yearlyQuota: 30, ...body } },
      { as: tokens['hr']! },
    );
    types[name] = type.id;
    return type;
  };
  await add('Plain', {});
  await add('Vacation', { minNoticeDays: 3, allowBackdated: true });
  await add('Planned', { allowBackdated: false });
  await add('Short', { maxDaysPerRequest: 2 });
  await server.client.ok(
    createLeaveType,
    { body: { name: 'Elsewhere', kind: 'quota', minNoticeDays: 9 } },
    { as: tokens['otherHr']! },
  );
});
afterAll(() => server.close());

const request = (leaveType: string, startDate: string, endDate = startDate) =>
  apis['emp']!.post('/api/leave-requests', { leaveTypeId: types[leaveType], startDate, endDate, reason: 'Away' });
const requestCount = async () =>
  (await server.db.selectFrom('leaveRequests').select('id').where('tenantId', '=', tenantId).execute()).length;
const typeRow = (id: number) =>
  server.db.selectFrom('leaveTypes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('leave type rules: storage and editing', () => {
  it('a type without rules gets the defaults, and notice rules out past days when stored', async () => {
    const listed = (await server.client.ok(listLeaveTypes, {}, { as: tokens['emp']! })).items;
    const pick = (name: string) => listed.find((t) => t.name === name)!;
    expect(pick('Plain')).toMatchObject({ minNoticeDays: 0, allowBackdated: true, maxDaysPerRequest: 0 });
    expect(pick('Vacation')).toMatchObject({ minNoticeDays: 3, allowBackdated: false, maxDaysPerRequest: 0 });
    expect(pick('Planned')).toMatchObject({ minNoticeDays: 0, allowBackdated: false });
    expect(pick('Short')).toMatchObject({ maxDaysPerRequest: 2, allowBackdated: true });
  });

  it('refuses rules out of range with a field message and changes nothing', async () => {
    const before = await typeRow(types['Short']!);
    const hr = { as: tokens['hr']! };
    for (const body of [
      { minNoticeDays: 366 },
      { minNoticeDays: -1 },
      { minNoticeDays: 1.5 },
      { maxDaysPerRequest: 366 },
      { maxDaysPerRequest: -2 },
      { allowBackdated: 'yes' } as unknown as UpdateLeaveTypeBody, // out of contract on purpose
    ]) {
      const res = await server.client.call(updateLeaveType, { params: { id: types['Short'] }, body }, hr);
      const error = expectError(res, 400, 'VALIDATION');
      const field = Object.keys(body)[0]!;
      expect(fieldsOf(error)[0]!.path, JSON.stringify(body)).toContain(field);
    }
    const created = await server.client.call(
      createLeaveType,
      { body: { name: 'Bad', kind: 'quota', minNoticeDays: 400 } },
      hr,
    );
    expect(fieldsOf(expectError(created, 400))[0]!.message).toBe('Notice must be between 0 and 365 days');
    expect(await typeRow(types['Short']!)).toEqual(before);
    expect((await server.client.ok(listLeaveTypes, {}, hr)).items.map((t) => t.name)).not.toContain('Bad');
  });

  it('edits need edit-leave-type, stay in the tenant, and merge with the stored rules', async () => {
    const id = types['Short']!;
    const edit = (who: string, body: UpdateLeaveTypeBody) =>
      server.client.call(updateLeaveType, { params: { id }, body }, { as: tokens[who]! });
    expectError(await edit('emp', { minNoticeDays: 1 }), 403, 'FORBIDDEN');
    expectError(await edit('viewer', { minNoticeDays: 1 }), 403, 'FORBIDDEN');
    expectError(await edit('otherHr', { minNoticeDays: 1 }), 404, 'NOT_FOUND');
    expect(await typeRow(id)).toMatchObject({ minNoticeDays: 0, allowBackdated: 1, maxDaysPerRequest: 2 });

    const res = await edit('hr', { minNoticeDays: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ minNoticeDays: 1, allowBackdated: false, maxDaysPerRequest: 2 });
    const back = await edit('hr', { minNoticeDays: 0, allowBackdated: true });
    expect(back.body).toMatchObject({ minNoticeDays: 0, allowBackdated: true, maxDaysPerRequest: 2 });
    // A name change leaves the rules alone.
    const renamed = await edit('hr', { name: 'Short' });
    expect(renamed.body).toMatchObject({ minNoticeDays: 0, allowBackdated: true, maxDaysPerRequest: 2 });
  });
});

describe('leave type rules: requests', () => {
  it('the defaults refuse nothing the fixed rules allow: past days of this year, today, long requests', async () => {
    expect((await request('Plain', '2026-11-20')).status).toBe(201); // last Friday
    expect((await request('Plain', '2026-11-23')).status).toBe(201); // today
    expect((await request('Plain', '2026-12-01', '2026-12-18')).status).toBe(201); // 14 working days
  });

  it('each rule refuses with its own message and stores nothing', async () => {
    const cases: [string, string, string, string, string][] = [
      ['Vacation', '2026-11-24', '2026-11-24', 'LEAVE_NOTICE_TOO_SHORT', 'body.startDate'], // tomorrow
      ['Vacation', '2026-11-25', '2026-11-25', 'LEAVE_NOTICE_TOO_SHORT', 'body.startDate'], // today + 2
      ['Vacation', '2026-11-16', '2026-11-16', 'LEAVE_NOTICE_TOO_SHORT', 'body.startDate'], // past
      ['Planned', '2026-11-20', '2026-11-20', 'LEAVE_BACKDATED', 'body.startDate'],
      ['Planned', '2026-11-20', '2026-11-24', 'LEAVE_BACKDATED', 'body.startDate'],
      ['Short', '2026-11-24', '2026-11-26', 'LEAVE_TOO_LONG', 'body.endDate'], // 3 working days
    ];
    const before = await requestCount();
    for (const [type, start, end, code, path] of cases) {
      const res = await request(type, start, end);
      expect(res.status, `${type} ${start}..${end}`).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toBe(MESSAGES[code as keyof typeof MESSAGES]);
      expect(res.body.error.details.fields).toContainEqual({ path, message: MESSAGES[code as keyof typeof MESSAGES] });
    }
    expect(await requestCount()).toBe(before);
  });

  it('the first day the rules allow is accepted', async () => {
    expect((await request('Vacation', '2026-11-26')).status).toBe(201); // today + 3
    expect((await request('Planned', '2026-11-24')).status).toBe(201); // tomorrow, as today is taken
    expect((await request('Short', '2026-11-27', '2026-11-30')).status).toBe(201); // Fri..Mon: 2 working days
  });

  it('counts working days for the maximum: a weekend inside does not count', async () => {
    const res = await request('Short', '2026-12-21', '2026-12-22');
    expect(res.status).toBe(201);
    const long = await request('Short', '2026-12-24', '2026-12-28'); // Thu..Mon = 3 working days
    expect(long.body.error.code).toBe('LEAVE_TOO_LONG');
    await server.client.ok(
      updateLeaveType,
      { params: { id: types['Short'] }, body: { maxDaysPerRequest: 3 } },
      { as: tokens['hr']! },
    );
    expect((await request('Short', '2026-12-24', '2026-12-28')).status).toBe(201);
  });
});

describe('GET /api/leave/rules', () => {
  it('answers the fixed rules and each active type, for requesters and leave managers', async () => {
    const hr = { as: tokens['hr']! };
    const retired = await server.client.ok(
      createLeaveType,
      { body: { name: 'Retired', kind: 'quota', minNoticeDays: 5 } },
      hr,
    );
    await server.client.ok(setLeaveTypeStatus, { params: { id: retired.id }, body: { isActive: false } }, hr);

    const res = await apis['emp']!.get('/api/leave/rules');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      today: '2026-11-23',
      weekendDays: [0, 6],
      year: { year: 2026, from: '2026-01-01', to: '2026-12-31' },
      noOverlap: true,
      overlapStatuses: [...LIVE_STATUSES],
      quotaKinds: ['quota', 'compensatory'],
      reasonRequired: { request: true, actions: [...LEAVE_ACTIONS] },
    });
    expect(res.body.approvalSteps.map((s: { step: string }) => s.step)).toEqual(['po', 'hr']);
    expect(res.body.types.map((t: { name: string }) => t.name)).toEqual(['Plain', 'Planned', 'Short', 'Vacation']);
    const vacation = res.body.types.find((t: { name: string }) => t.name === 'Vacation');
    expect(vacation).toEqual({
      leaveTypeId: types['Vacation'],
      name: 'Vacation',
      kind: 'quota',
      yearlyQuota: 30,
      minNoticeDays: 3,
      allowBackdated: false,
      maxDaysPerRequest: 0,
      earliestStart: '2026-11-26',
      summary: "At least 3 days' notice",
    });
    const plain = res.body.types.find((t: { name: string }) => t.name === 'Plain');
    expect(plain).toMatchObject({ earliestStart: null, summary: '' });
    const planned = res.body.types.find((t: { name: string }) => t.name === 'Planned');
    expect(planned.earliestStart).toBe('2026-11-23');

    expect((await apis['viewer']!.get('/api/leave/rules')).status).toBe(200);
    expect((await apis['none']!.get('/api/leave/rules')).status).toBe(403);
  });

  it('explains the rules in the caller’s language', async () => {
    const res = await apis['emp']!.request('GET', '/api/leave/rules', undefined, { 'accept-language': 'fr' });
    expect(res.status).toBe(200);
    expect(res.body.approvalSteps.map((s: { description: string }) => s.description)).toEqual([
      resources.fr.leave.approvalSteps.po,
      resources.fr.leave.approvalSteps.hr,
    ]);
    const vacation = res.body.types.find((t: { name: string }) => t.name === 'Vacation');
    expect(vacation.summary).toBe('Au moins 3 jours de préavis');
    const english = await apis['emp']!.request('GET', '/api/leave/rules', undefined, { 'accept-language': 'en' });
    expect(english.body.approvalSteps[1].description).toBe(resources.en.leave.approvalSteps.hr);
  });

  it('shows only the caller’s own tenant', async () => {
    const other = await apis['otherHr']!.get('/api/leave/rules');
    expect(other.body.types.map((t: { name: string }) => t.name)).toEqual(['Elsewhere']);
    expect(other.body.types[0]).toMatchObject({ minNoticeDays: 9, allowBackdated: false });
  });
});
