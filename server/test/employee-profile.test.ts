/**
 * The employee form's profile fields (issue 11, docs/workforce.md "Employee profile"): job title, manager,
 * location, employment type and phone saved and answered; each refusal names its field; the manager rules
 * (same tenant, active, not oneself, no cycle); the suggested next employee ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEmployeeNumber } from '../../shared/contracts/people.js';
import { startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let otherTenantId: number;

beforeAll(async () => {
  server = await startServer();
  ({ id: tenantId } = await server.tenant('Acme', 'acme.example'));
  ({ id: otherTenantId } = await server.tenant('Other', 'other.example'));
  await server.user(tenantId, { email: 'admin@acme.example', name: 'Admin', roles: ['Administrator'] });
  admin = server.api(await server.signIn('admin@acme.example'));
});
afterAll(() => server.close());

const fieldOf = (res: { body: { error: { details: { fields: { path: string; message: string }[] } } } }) =>
  res.body.error.details.fields[0]!;

describe('employee profile fields', () => {
  it('saves each field on create and update, answers it in the detail and the list, and clears it', async () => {
    const boss = await server.factories(tenantId).employee({ name: 'Bea Boss' });
    const created = await admin.post('/api/employees', {
      name: 'Pat Profile',
      email: 'pat@acme.example',
      jobTitle: 'Engineer',
      managerId: boss.id,
      location: 'Lahore',
      employmentType: 'fte',
      phone: '+92 (300) 123-4567',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      jobTitle: 'Engineer',
      manager: { id: boss.id, name: 'Bea Boss' },
      location: 'Lahore',
      employmentType: 'fte',
      phone: '+92 (300) 123-4567',
    });
    const id = created.body.id as number;
    const detail = await admin.get(`/api/employees/${id}`);
    expect(detail.body).toMatchObject({ jobTitle: 'Engineer', manager: { id: boss.id }, employmentType: 'fte' });
    const list = await admin.get('/api/employees?searchText=Pat%20Profile');
    expect(list.body.items[0]!).toMatchObject({ location: 'Lahore', manager: { name: 'Bea Boss' } });

    const changed = await admin.patch(`/api/employees/${id}`, {
      jobTitle: 'Lead engineer',
      location: 'Karachi',
      employmentType: 'hourly',
      phone: '021 1234567',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      jobTitle: 'Lead engineer',
      location: 'Karachi',
      employmentType: 'hourly',
      phone: '021 1234567',
      // Not sent: kept.
      manager: { id: boss.id },
    });
    const cleared = await admin.patch(`/api/employees/${id}`, {
      jobTitle: '',
      managerId: null,
      location: null,
      employmentType: null,
      phone: '',
    });
    expect(cleared.body).toMatchObject({
      jobTitle: null,
      manager: null,
      location: null,
      employmentType: null,
      phone: null,
    });
  });

  it('refuses each bad field by name and changes nothing', async () => {
    const pat = await server.factories(tenantId).employee({ name: 'Refused', jobTitle: 'Kept' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ jobTitle: 'x'.repeat(121) }, 'body.jobTitle', 'At most 120 characters'],
      [{ location: 'x'.repeat(121) }, 'body.location', 'At most 120 characters'],
      [{ employmentType: 'part-time' }, 'body.employmentType', 'Choose Hourly, NFTE or FTE'],
      [
        { phone: '12345' },
        'body.phone',
        'Enter a phone number of 7 to 20 digits, with only spaces, +, -, ( and ) besides',
      ],
      [
        { phone: '1'.repeat(21) },
        'body.phone',
        'Enter a phone number of 7 to 20 digits, with only spaces, +, -, ( and ) besides',
      ],
      [
        { phone: '555-1234 ext' },
        'body.phone',
        'Enter a phone number of 7 to 20 digits, with only spaces, +, -, ( and ) besides',
      ],
      [{ managerId: pat.id }, 'body.managerId', 'An employee cannot be their own manager'],
    ];
    for (const [body, path, message] of cases) {
      const res = await admin.patch(`/api/employees/${pat.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res)).toMatchObject({ path, message });
    }
    expect((await admin.get(`/api/employees/${pat.id}`)).body).toMatchObject({ jobTitle: 'Kept', phone: null });
  });

  it('refuses a manager of another tenant, an unknown or inactive one, and a cycle', async () => {
    const f = server.factories(tenantId);
    const a = await f.employee({ name: 'A' });
    const b = await f.employee({ name: 'B', managerId: a.id });
    const c = await f.employee({ name: 'C', managerId: b.id });
    const gone = await f.employee({ name: 'Gone', status: 'inactive' });
    const foreign = await server.factories(otherTenantId).employee({ name: 'Foreign' });

    const direct = await admin.patch(`/api/employees/${a.id}`, { managerId: b.id });
    expect(direct.status).toBe(400);
    expect(fieldOf(direct)).toMatchObject({
      path: 'body.managerId',
      message: 'This employee already manages the chosen manager, directly or through others',
    });
    const indirect = await admin.patch(`/api/employees/${a.id}`, { managerId: c.id });
    expect(fieldOf(indirect).path).toBe('body.managerId');
    const other = await admin.patch(`/api/employees/${a.id}`, { managerId: foreign.id });
    expect(other.status).toBe(400);
    expect(fieldOf(other)).toMatchObject({ path: 'body.managerId', message: 'Choose an employee of your company' });
    const created = await admin.post('/api/employees', {
      name: 'N',
      email: 'newbie@acme.example',
      managerId: foreign.id,
    });
    expect(fieldOf(created).path).toBe('body.managerId');
    expect((await admin.get('/api/employees?searchText=newbie')).body.total).toBe(0);
    const inactive = await admin.patch(`/api/employees/${a.id}`, { managerId: gone.id });
    expect(fieldOf(inactive)).toMatchObject({
      path: 'body.managerId',
      message: 'Choose an active employee as manager',
    });
    expect((await admin.get(`/api/employees/${a.id}`)).body.manager).toBeNull();

    // C's manager may become A: no cycle (A is above C already).
    const fine = await admin.patch(`/api/employees/${c.id}`, { managerId: a.id });
    expect(fine.body.manager).toEqual({ id: a.id, name: 'A' });
  });

  it('treats a demo person as unknown in every change while demo data is off, and as before once on', async () => {
    const f = server.factories(tenantId);
    const demo = await f.employee({ name: 'Demo Dana' });
    const colleague = await f.employee({ name: 'Real Rob' });
    await server.db.updateTable('employees').set({ isDemo: 1 }).where('id', '=', demo.id).execute();
    const setDemo = async (disabled: boolean) =>
      expect((await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: disabled } })).status).toBe(200);
    const changes = () => [
      admin.patch(`/api/employees/${demo.id}`, { jobTitle: 'Changed' }),
      admin.put(`/api/employees/${demo.id}/status`, { status: 'inactive' }),
      admin.put(`/api/employees/${demo.id}/image`, { contentType: 'image/png', data: 'AAAA' }),
      admin.post(`/api/employees/${demo.id}/invitation`, {}),
    ];
    const before = await server.db.selectFrom('employees').selectAll().where('id', '=', demo.id).executeTakeFirst();
    await setDemo(true);
    try {
      for (const res of await Promise.all(changes())) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
      const asManager = await admin.patch(`/api/employees/${colleague.id}`, { managerId: demo.id });
      expect(asManager.status).toBe(400);
      expect(fieldOf(asManager)).toMatchObject({
        path: 'body.managerId',
        message: 'Choose an employee of your company',
      });
      expect(await server.db.selectFrom('employees').selectAll().where('id', '=', demo.id).executeTakeFirst()).toEqual(
        before,
      );
    } finally {
      await setDemo(false);
    }
    expect((await admin.patch(`/api/employees/${demo.id}`, { jobTitle: 'Changed' })).body.jobTitle).toBe('Changed');
    expect((await admin.patch(`/api/employees/${colleague.id}`, { managerId: demo.id })).body.manager).toEqual({
      id: demo.id,
      name: 'Demo Dana',
    });
  });

  it('answers the refusal in French', async () => {
    const pat = await server.factories(tenantId).employee({ name: 'Fr' });
    const res = await admin.request('PATCH', `/api/employees/${pat.id}`, { phone: 'abc' }, { 'accept-language': 'fr' });
    expect(res.status).toBe(400);
    expect(fieldOf(res).message).toMatch(/^Saisissez un numéro de téléphone/);
  });
});

describe('next employee number', () => {
  it('follows the highest numeric employee ID, keeping its prefix and zero-padding', () => {
    expect(nextEmployeeNumber([])).toBeNull();
    expect(nextEmployeeNumber(['abc'])).toBeNull();
    expect(nextEmployeeNumber(['E-0041', 'E-0009', 'x'])).toBe('E-0042');
    expect(nextEmployeeNumber(['99', '7'])).toBe('100');
    expect(nextEmployeeNumber(['E-0999'])).toBe('E-1000');
    // Another prefix already holds the suggestion's number: skip it.
    expect(nextEmployeeNumber(['A-5', 'A-6', 'B-5'])).toBe('A-7');
    expect(nextEmployeeNumber(['A-5', 'B-5', 'B-6'])).toBe('B-7');
  });

  it('is suggested by the API to those who add employees, and only scoped to the caller’s tenant', async () => {
    const { id } = await server.tenant('Fresh', 'fresh.example');
    await server.user(id, { email: 'admin@fresh.example', name: 'Fresh Admin', roles: ['Administrator'] });
    const fresh = server.api(await server.signIn('admin@fresh.example'));
    expect((await fresh.get('/api/employees/next-number')).body).toEqual({ employeeIdentificationNo: null });
    await server.factories(id).employee({ employeeIdentificationNo: 'TB-0041' });
    await server.factories(id).employee({ employeeIdentificationNo: 'TB-0007' });
    await server.factories(otherTenantId).employee({ employeeIdentificationNo: 'TB-0900' });
    const next = await fresh.get('/api/employees/next-number');
    expect(next.body).toEqual({ employeeIdentificationNo: 'TB-0042' });
    const added = await fresh.post('/api/employees', {
      name: 'Next',
      email: 'next@fresh.example',
      employeeIdentificationNo: 'TB-0042',
    });
    expect(added.status).toBe(201);
    expect((await fresh.get('/api/employees/next-number')).body).toEqual({ employeeIdentificationNo: 'TB-0043' });
    // Still only a suggestion: a taken one is refused.
    const taken = await fresh.post('/api/employees', {
      name: 'Dup',
      email: 'dup@fresh.example',
      employeeIdentificationNo: 'TB-0042',
    });
    expect(taken.status).toBe(409);
  });
});
