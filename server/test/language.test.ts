/**
 * Languages (issue #17, docs/i18n.md): a person's own choice (PATCH /api/me, own account only), the
 * company's default (the `default_language` setting), and the API's messages in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/index.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let adminToken: string;
let employee: Api;
let employeeId: number;

beforeAll(async () => {
  server = await startServer();
  const acme = await companyWithAdmin(server);
  ({ adminToken, admin } = acme);
  employeeId = (await server.user(acme.tenantId, { email: 'emma@acme.example', roles: ['Employee'] })).id;
  employee = server.api(await server.signIn('emma@acme.example'));
});
afterAll(() => server.close());

describe('a person’s language', () => {
  it('is null (the company’s default) until they choose one, and changes only their own account', async () => {
    expect((await employee.get('/api/me')).body.employee.language).toBeNull();
    const set = await employee.patch('/api/me', { language: 'fr' });
    expect(set.status).toBe(200);
    expect(set.body.employee.language).toBe('fr');
    expect((await employee.get('/api/me')).body.employee.language).toBe('fr');
    expect((await admin.get('/api/me')).body.employee.language).toBeNull();
    const row = await server.db
      .selectFrom('employees')
      .select('language')
      .where('id', '=', employeeId)
      .executeTakeFirst();
    expect(row?.language).toBe('fr');
    expect((await employee.patch('/api/me', { language: null })).body.employee.language).toBeNull();
  });

  it('refuses a language Teambeat does not speak, and anyone signed out', async () => {
    const bad = await employee.patch('/api/me', { language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toBe('body.language');
    expect((await server.api().patch('/api/me', { language: 'fr' })).status).toBe(401);
    expect((await employee.patch('/api/me', { employeeId: 1, language: 'fr' })).status).toBe(400);
  });
});

describe('the company’s default language', () => {
  it('is English by default, editable by the settings administrator and validated', async () => {
    expect((await employee.get('/api/me')).body.tenant.settings.default_language).toBe('en');
    const set = await admin.patch('/api/tenant', { settings: { default_language: 'fr' } });
    expect(set.status).toBe(200);
    expect(set.body.settings.default_language).toBe('fr');
    expect((await employee.get('/api/me')).body.tenant.settings.default_language).toBe('fr');
    const bad = await admin.patch('/api/tenant', { settings: { default_language: 'xx' } });
    expect(bad.status).toBe(400);
    expect((await employee.patch('/api/tenant', { settings: { default_language: 'en' } })).status).toBe(403);
    await admin.patch('/api/tenant', { settings: { default_language: 'en' } });
  });
});

describe('the API’s messages', () => {
  const fr = resources.fr;
  const badZone = { tenant_timezone: 'Mars/Olympus' };

  it('answer in the request’s Accept-Language, error and field messages alike', async () => {
    const res = await admin.request('PATCH', '/api/tenant/productivity-settings', badZone, {
      'accept-language': 'fr-CA, en;q=0.5',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: fr.errors.VALIDATION });
    expect(res.body.error.details.fields).toEqual([{ path: 'body.tenant_timezone', message: fr.validation.timeZone }]);
    const signedOut = await server.api().request('GET', '/api/me', undefined, { 'accept-language': 'fr' });
    expect(signedOut.body.error).toEqual({ code: 'UNAUTHENTICATED', message: fr.errors.UNAUTHENTICATED });
    const unknown = await admin.request('PATCH', '/api/me', { colour: 'red' }, { 'accept-language': 'fr' });
    expect(unknown.body.error.details.fields[0].message).toBe('Champ inconnu : colour');
  });

  it('answer the field messages of contracts, services and the body reader in the caller’s language', async () => {
    const french = { 'accept-language': 'fr' };
    const noReason = await admin.request(
      'POST',
      '/api/attendance/1/corrections',
      { checkIn: '2026-11-19T04:00:00Z', reason: ' ' },
      french,
    );
    expect(noReason.body.error.details.fields).toEqual([
      { path: 'body.reason', message: fr.validation.correctionReason },
    ]);
    const notPng = await admin.request(
      'PUT',
      `/api/employees/${employeeId}/image`,
      { contentType: 'image/png', data: Buffer.from('<svg/>').toString('base64') },
      french,
    );
    expect(notPng.body.error.details.fields).toEqual([
      { path: 'body.data', message: 'Le fichier n’est pas une image image/png' },
    ]);
    const twice = await fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { ...french, authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: '{"language":"fr","language":"en"}',
    });
    expect(((await twice.json()) as any).error.details.fields).toEqual([
      { path: 'body.language', message: fr.validation.duplicateKey },
    ]);
  });

  it('answer the contracts’ own field messages (ranges, leave rules, logos, devices) in French too', async () => {
    const french = { 'accept-language': 'fr' };
    const fields = async (method: string, url: string, body?: unknown) =>
      (await admin.request(method, url, body, french)).body.error.details.fields;
    expect(await fields('GET', '/api/reports/leave-report?startDate=2026-11-15&endDate=2199-11-30')).toEqual([
      { path: 'querystring.endDate', message: fr.validation.dateFuture },
    ]);
    expect(await fields('GET', '/api/attendance/stats?startDate=2026-11-15&endDate=2026-11-01')).toContainEqual({
      path: 'querystring.startDate',
      message: fr.validation.dateOrder,
    });
    expect(
      await fields('POST', '/api/leave-types', { name: 'Long', kind: 'quota', minNoticeDays: 400 }),
    ).toContainEqual({ path: 'body.minNoticeDays', message: fr.validation.noticeRange });
    const missing = await admin.request('PATCH', '/api/teams/999999', { name: 'Nobody' }, french);
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: fr.validation.teamNotFound });
    const taken = await admin.request('PATCH', `/api/employees/${employeeId}`, { email: 'admin@acme.example' }, french);
    expect(taken.body.error.details.fields).toEqual([{ path: 'body.email', message: fr.validation.emailTaken }]);
    // The logo is uploaded as a file (PUT /api/tenant/logo); a file that is no image is refused in French too.
    const logo = await fetch(`${server.url}/api/tenant/logo`, {
      method: 'PUT',
      headers: { ...french, authorization: `Bearer ${adminToken}`, 'content-type': 'image/png' },
      body: new TextEncoder().encode('not an image'),
    });
    expect(((await logo.json()) as any).error.details.fields).toEqual([
      { path: 'body', message: fr.validation.logoType },
    ]);
  });

  it('answer in English without a language, and in the caller’s own choice over the header', async () => {
    const english = await admin.patch('/api/tenant/productivity-settings', badZone);
    expect(english.body.error.message).toBe(resources.en.errors.VALIDATION);
    expect(english.body.error.details.fields[0].message).toBe('Unknown time zone');
    await employee.patch('/api/me', { language: 'fr' });
    const own = await employee.request('POST', '/api/auth/change-password', {}, { 'accept-language': 'en' });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(fr.errors.VALIDATION);
    await employee.patch('/api/me', { language: null });
  });
});
