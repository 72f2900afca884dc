import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_SETTINGS } from '../../shared/settings.js';
import { seedDemoIfEmpty, DEMO_ADMIN_EMAIL } from '../src/seed/demo.js';
import { SEED_ROLES } from '../src/seed/roles.js';
import { startServer, type TestServer, type Api } from './harness.js';

let server: TestServer;
let admin: Api;

beforeAll(async () => {
  server = await startServer();
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', new Date())).toBe(true);
  admin = server.api(await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1'));
});
afterAll(() => server.close());

describe('demo company', () => {
  it('has about 60 employees in 6 teams with every seeded role in use, seeded once', async () => {
    const employees = await admin.get('/api/employees?pageSize=100');
    expect(employees.body.total).toBe(60);
    const roleNames = new Set(
      employees.body.items.flatMap((e: { roles: { name: string }[] }) => e.roles.map((r) => r.name)),
    );
    expect([...roleNames].sort()).toEqual(SEED_ROLES.map((r) => r.name).sort());
    const teams = await admin.get('/api/teams');
    expect(teams.body.total).toBe(6);
    expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', new Date())).toBe(false);
  });

  it('can be hidden by the tenant setting, keeping the administrator', async () => {
    const off = await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: true } });
    expect(off.body.settings.isDemoDataDisabled).toBe(true);
    const employees = await admin.get('/api/employees');
    expect(employees.body.items.map((e: { email: string }) => e.email)).toEqual([DEMO_ADMIN_EMAIL]);
    expect((await admin.get('/api/teams')).body.total).toBe(0);
    await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: false } });
    expect((await admin.get('/api/employees')).body.total).toBe(60);
  });
});

describe('/api/me', () => {
  it('describes the employee, their grants and the tenant’s settings with defaults', async () => {
    const me = await admin.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.employee).toMatchObject({
      email: DEMO_ADMIN_EMAIL,
      name: 'Alex Morgan',
      legacyId: null,
      isSettingProfile: false,
      userTeams: '',
      teams: [],
    });
    expect(me.body.permissions).toContain('edit-role');
    expect(me.body.activities).toContain('auto_leaves_config');
    expect(me.body.tenant.settings).toEqual(DEFAULT_TENANT_SETTINGS);
    const lead = (await admin.get('/api/employees?searchText=ayesha')).body.items[0];
    const leadMe = await server.api(await server.signIn(lead.email, 'Demo!Pass1')).get('/api/me');
    expect(leadMe.body.employee.userTeams).toBe(String(lead.teams[0].id));
    expect(leadMe.body.permissions).toContain('approve-leave');
    expect(leadMe.body.permissions).not.toContain('view-employees');
  });
});

describe('tenant settings', () => {
  it('validates the productivity ranges and keeps bad input out', async () => {
    for (const body of [
      { attendence_edit_allow_limit: 366 },
      { attendence_edit_allow_limit: -1 },
      { working_hours_per_day: 25 },
      { break_hours_per_day: -0.5 },
      { wfo_required_percentage: 101 },
      { tenant_timezone: 'Mars/Olympus' },
      { unknown_key: 1 },
    ]) {
      const res = await admin.patch('/api/tenant/productivity-settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const ok = await admin.patch('/api/tenant/productivity-settings', {
      attendence_edit_allow_limit: 365,
      working_hours_per_day: 7.5,
      tenant_timezone: 'Europe/Berlin',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      ...ok.body,
      attendence_edit_allow_limit: 365,
      working_hours_per_day: 7.5,
      tenant_timezone: 'Europe/Berlin',
      wfo_required_percentage: 50,
    });
  });

  it('keeps productivity keys behind their own permission', async () => {
    const res = await admin.patch('/api/tenant', { settings: { working_hours_per_day: 2 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: 'body.settings.working_hours_per_day' });
    await server.user((await admin.get('/api/me')).body.tenant.id, {
      email: 'gen@northwind.example',
      grants: ['edit-tenant-settings'],
    });
    const general = server.api(await server.signIn('gen@northwind.example'));
    expect((await general.patch('/api/tenant', { settings: { characterLimit: 300 } })).status).toBe(200);
    expect((await general.patch('/api/tenant/productivity-settings', { working_hours_per_day: 2 })).status).toBe(403);
  });

  it('changes the name and logo, refusing a logo over 200KB', async () => {
    const small = `data:image/png;base64,${Buffer.alloc(1000).toString('base64')}`;
    const res = await admin.patch('/api/tenant', { name: 'Northwind', logo: small });
    expect(res.body).toMatchObject({ name: 'Northwind', logo: small });
    const big = `data:image/png;base64,${Buffer.alloc(210 * 1024).toString('base64')}`;
    const refused = await admin.patch('/api/tenant', { logo: big });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields[0].message).toBe('Logo must be under 200KB');
    expect((await server.api().get(`/api/auth/tenant?email=x@northwind.example`)).body.logo).toBe(small);
  });
});
