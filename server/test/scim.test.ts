/**
 * SCIM 2.0 provisioning, walked the way Entra ID's and Okta's validators do (docs/sso.md): discovery,
 * create, find by filter, replace, patch (rename, deactivate: sessions end at once, reactivate), groups
 * (create, patch members, delete), paging and the SCIM errors (409 uniqueness, 400 invalidFilter, 404),
 * over real HTTP with the provider's media type; plus the tokens' management under Settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_ENTERPRISE_USER, SCIM_ERROR, SCIM_PATCH, SCIM_USER } from '../../shared/contracts/scim.js';
import { lastEmail, startServer, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let token: string;
let otherToken: string;

type Reply = { status: number; body: any; headers: Headers };

/** A SCIM call as providers make it: bearer token, application/scim+json both ways. */
async function scim(method: string, path: string, body?: unknown, bearer = token): Promise<Reply> {
  const res = await fetch(`${server.url}/api/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'application/scim+json',
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const patch = (...operations: { op: string; path?: string; value?: unknown }[]) => ({
  schemas: [SCIM_PATCH],
  Operations: operations,
});

const expectScimError = (res: Reply, status: number, scimType?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/scim+json');
  expect(res.body.schemas).toEqual([SCIM_ERROR]);
  expect(res.body.status).toBe(String(status));
  if (scimType) expect(res.body.scimType).toBe(scimType);
  expect(typeof res.body.detail).toBe('string');
};

beforeAll(async () => {
  server = await startServer();
  tenantId = (await server.tenant('Acme', 'acme.example')).id;
  const other = (await server.tenant('Other', 'other.example')).id;
  await server.user(tenantId, { email: 'admin@acme.example', roles: ['Administrator'] });
  token = (await server.factories(tenantId).scimToken()).token;
  otherToken = (await server.factories(other).scimToken()).token;
});
afterAll(() => server.close());

describe('SCIM discovery', () => {
  it('serves ServiceProviderConfig, ResourceTypes and Schemas as application/scim+json', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/scim+json');
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter).toEqual({ supported: true, maxResults: 200 });
    expect(config.body.bulk.supported).toBe(false);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.totalResults).toBe(3);
  });

  it('refuses a missing, forged or revoked token and a person’s access token with 401 in the SCIM schema', async () => {
    expectScimError(await scim('GET', '/Users', undefined, ''), 401);
    expectScimError(await scim('GET', '/Users', undefined, 'tbscim_forged'), 401);
    const person = await server.signIn('admin@acme.example');
    expectScimError(await scim('GET', '/Users', undefined, person), 401);
    // ... and a SCIM token opens no route of a person.
    expect((await server.api(token).get('/api/employees')).status).toBe(401);
    const revoked = await server.factories(tenantId).scimToken({ revokedAt: new Date().toISOString() });
    expectScimError(await scim('GET', '/Users', undefined, revoked.token), 401);
  });

  it('answers an unknown SCIM path with a SCIM 404', async () => {
    expectScimError(await scim('GET', '/Widgets'), 404);
  });
});

describe('SCIM Users', () => {
  let id: string;

  it('creates an employee with the default role, externalId and employee number', async () => {
    const res = await scim('POST', '/Users', {
      schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
      userName: 'Ada.Lovelace@acme.example',
      externalId: 'entra-0001',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      displayName: 'Ada Lovelace',
      active: true,
      emails: [{ value: 'Ada.Lovelace@acme.example', type: 'work', primary: true }],
      title: 'Analyst', // not kept: ignored
      [SCIM_ENTERPRISE_USER]: { employeeNumber: 'E-100', department: 'R&D' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('content-type')).toContain('application/scim+json');
    id = res.body.id;
    expect(res.body).toMatchObject({
      userName: 'ada.lovelace@acme.example',
      externalId: 'entra-0001',
      name: { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
      active: true,
      emails: [{ value: 'ada.lovelace@acme.example', type: 'work', primary: true }],
      [SCIM_ENTERPRISE_USER]: { employeeNumber: 'E-100' },
      meta: { resourceType: 'User', location: expect.stringMatching(new RegExp(`/api/scim/v2/Users/${id}$`)) },
    });
    const roles = await server.db
      .selectFrom('employeeRoles')
      .innerJoin('roles', 'roles.id', 'employeeRoles.roleId')
      .select(['roles.isDefault'])
      .where('employeeRoles.employeeId', '=', Number(id))
      .execute();
    expect(roles).toEqual([{ isDefault: 1 }]);
  });

  it('finds it by the filters Entra ID and Okta send, and answers an empty list for no match', async () => {
    for (const filter of [
      'userName eq "ada.lovelace@acme.example"',
      'userName eq "ADA.LOVELACE@acme.example"',
      'externalId eq "entra-0001"',
      'emails[type eq "work" and value co "lovelace"]',
      'displayName sw "Ada" and active eq true',
      'externalId eq "nobody" or userName ew "lovelace@acme.example"',
      `${SCIM_ENTERPRISE_USER}:employeeNumber eq "E-100"`,
      'externalId pr and not (active eq false)',
    ]) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(200);
      expect(res.body.totalResults, filter).toBe(1);
      expect(res.body.Resources[0].id, filter).toBe(id);
    }
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ghost@acme.example"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1, itemsPerPage: 0 });
    // The externalId is case-exact; `ne` and `co` escape LIKE wildcards.
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ENTRA-0001"')}`)).body.totalResults,
    ).toBe(0);
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('userName co "%"')}`)).body.totalResults).toBe(0);
  });

  it('replaces with PUT and patches the name as Entra ID sends it', async () => {
    const put = await scim('PUT', `/Users/${id}`, {
      schemas: [SCIM_USER],
      userName: 'ada.lovelace@acme.example',
      externalId: 'entra-0001',
      name: { formatted: 'Augusta Ada King' },
      active: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.name.formatted).toBe('Augusta Ada King');
    // The employee number was not sent: HR's value stays.
    expect(put.body[SCIM_ENTERPRISE_USER]).toEqual({ employeeNumber: 'E-100' });

    const renamed = await scim(
      'PATCH',
      `/Users/${id}`,
      patch(
        { op: 'Replace', path: 'name.familyName', value: 'Byron' },
        { op: 'replace', path: 'name.givenName', value: 'Ada' },
      ),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.displayName).toBe('Ada Byron');
    const okta = await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { displayName: 'Ada L.' } }));
    expect(okta.body.displayName).toBe('Ada L.');
    const number = await scim(
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: `${SCIM_ENTERPRISE_USER}:employeeNumber`, value: 'E-101' }),
    );
    expect(number.body[SCIM_ENTERPRISE_USER]).toEqual({ employeeNumber: 'E-101' });
  });

  it('deactivates with active=false: an access token of the employee answers 401 right after; reactivates', async () => {
    // The provisioned employee sets a password as any added employee does; the test borrows the admin's.
    const { passwordHash } = await server.db
      .selectFrom('employees')
      .select('passwordHash')
      .where('email', '=', 'admin@acme.example')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('employees')
      .set({ passwordHash, emailConfirmed: 1 })
      .where('id', '=', Number(id))
      .execute();
    const access = await server.signIn('ada.lovelace@acme.example');
    expect((await server.api(access).get('/api/me')).status).toBe(200);

    // Entra ID before its 2020 fix sends the boolean as a string.
    const off = await scim('PATCH', `/Users/${id}`, patch({ op: 'Replace', path: 'active', value: 'False' }));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await server.api(access).get('/api/me')).status).toBe(401);
    const inactive = await scim('GET', `/Users?filter=${encodeURIComponent('active eq false')}`);
    expect(inactive.body.Resources.map((u: { id: string }) => u.id)).toContain(id);

    const on = await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: true } }));
    expect(on.body.active).toBe(true);
    // A token from before the deactivation stays dead; signing in again works.
    expect((await server.api(access).get('/api/me')).status).toBe(401);
    expect((await server.api(await server.signIn('ada.lovelace@acme.example')).get('/api/me')).status).toBe(200);
  });

  it('changes the address through the pending e-mail flow, emails[type eq "work"].value included', async () => {
    const res = await scim(
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'emails[type eq "work"].value', value: 'ada.byron@acme.example' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Until the new mailbox confirms, the address signing in stays the old one.
    expect(res.body.userName).toBe('ada.lovelace@acme.example');
    const row = await server.db
      .selectFrom('employees')
      .select('pendingEmail')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.pendingEmail).toBe('ada.byron@acme.example');
    expect((await lastEmail(server, 'ada.byron@acme.example'))?.subject).toContain('Confirm');
  });

  it('refuses what would break the directory, with SCIM errors that change nothing', async () => {
    const before = await scim('GET', `/Users/${id}`);
    const taken = await scim('POST', '/Users', {
      schemas: [SCIM_USER],
      userName: 'ada.lovelace@acme.example',
      name: { formatted: 'Copy' },
    });
    expectScimError(taken, 409, 'uniqueness');
    expect(taken.body.detail).toContain('userName');
    const sameExternal = await scim('POST', '/Users', {
      schemas: [SCIM_USER],
      userName: 'grace@acme.example',
      externalId: 'entra-0001',
      name: { formatted: 'Grace' },
    });
    expectScimError(sameExternal, 409, 'uniqueness');
    expect(sameExternal.body.detail).toContain('externalId');
    const foreign = await scim('POST', '/Users', {
      schemas: [SCIM_USER],
      userName: 'eve@evil.example',
      name: { formatted: 'Eve' },
    });
    expectScimError(foreign, 400, 'invalidValue');
    expect(foreign.body.detail).toContain('@acme.example');
    expectScimError(await scim('POST', '/Users', { schemas: [SCIM_USER] }), 400, 'invalidValue');
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, 'invalidFilter');
    expectScimError(await scim('PATCH', `/Users/${id}`, patch({ op: 'remove', path: 'userName' })), 400, 'mutability');
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'emails[type eq "work"', value: 'x' })),
      400,
      'invalidPath',
    );
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patch({ op: 'move', path: 'active', value: false })),
      400,
      'invalidValue',
    );
    expectScimError(await scim('GET', '/Users/999999'), 404);
    expectScimError(await scim('GET', '/Users/not-a-number'), 404);
    expectScimError(await scim('PUT', '/Users/999999', { schemas: [SCIM_USER], userName: 'x@acme.example' }), 404);
    expect((await scim('GET', `/Users/${id}`)).body).toEqual(before.body);
  });

  it('keeps tenants apart: another company’s token finds nothing and changes nothing', async () => {
    expectScimError(await scim('GET', `/Users/${id}`, undefined, otherToken), 404);
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'active', value: false }), otherToken),
      404,
    );
    expectScimError(await scim('DELETE', `/Users/${id}`, undefined, otherToken), 404);
    const list = await scim('GET', '/Users', undefined, otherToken);
    expect(list.body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(true);
  });

  it('never leaves the company without a full administrator, and DELETE deactivates', async () => {
    const admin = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "admin@acme.example"')}`)).body
      .Resources[0];
    expectScimError(
      await scim('PATCH', `/Users/${admin.id}`, patch({ op: 'replace', path: 'active', value: false })),
      409,
    );
    expect((await scim('GET', `/Users/${admin.id}`)).body.active).toBe(true);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(false);
  });

  it('pages with startIndex and count', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await scim('POST', '/Users', {
            schemas: [SCIM_USER],
            userName: `page${i}@acme.example`,
            displayName: `Page ${i}`,
          })
        ).status,
      ).toBe(201);
    const filter = encodeURIComponent('userName sw "page"');
    const first = await scim('GET', `/Users?filter=${filter}&startIndex=1&count=2`);
    expect(first.body).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    const third = await scim('GET', `/Users?filter=${filter}&startIndex=5&count=2`);
    expect(third.body).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    expect(third.body.Resources[0].userName).toBe('page4@acme.example');
    const countOnly = await scim('GET', `/Users?filter=${filter}&count=0`);
    expect(countOnly.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
  });
});

describe('SCIM Groups', () => {
  it('creates a team, patches its members and name, and deletes it', async () => {
    const users = (await scim('GET', `/Users?filter=${encodeURIComponent('userName sw "page"')}`)).body.Resources as {
      id: string;
    }[];
    const [a, b, c] = users.map((u) => u.id);
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Engineering',
      externalId: 'grp-1',
      members: [{ value: a }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gid = created.body.id as string;
    expect(created.body.members.map((m: { value: string }) => m.value)).toEqual([a]);

    const added = await scim(
      'PATCH',
      `/Groups/${gid}`,
      patch({ op: 'Add', path: 'members', value: [{ value: b }, { value: c }] }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value).sort()).toEqual([a, b, c].sort());
    // Okta removes by value filter; Entra ID by a list of values.
    const oktaRemove = await scim('PATCH', `/Groups/${gid}`, patch({ op: 'remove', path: `members[value eq "${a}"]` }));
    expect(oktaRemove.body.members.map((m: { value: string }) => m.value).sort()).toEqual([b, c].sort());
    const entraRemove = await scim(
      'PATCH',
      `/Groups/${gid}`,
      patch({ op: 'Remove', path: 'members', value: [{ value: b }] }),
    );
    expect(entraRemove.body.members.map((m: { value: string }) => m.value)).toEqual([c]);
    const renamed = await scim('PATCH', `/Groups/${gid}`, patch({ op: 'replace', value: { displayName: 'Platform' } }));
    expect(renamed.body.displayName).toBe('Platform');

    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "platform"')}&excludedAttributes=members`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].members).toBeUndefined();
    const byMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${c}"]`)}`);
    expect(byMember.body.Resources.map((g: { id: string }) => g.id)).toEqual([gid]);

    const put = await scim('PUT', `/Groups/${gid}`, { schemas: [], displayName: 'Platform', members: [{ value: a }] });
    expect(put.body.members.map((m: { value: string }) => m.value)).toEqual([a]);
    expectScimError(await scim('POST', '/Groups', { displayName: 'Platform' }), 409, 'uniqueness');
    expectScimError(
      await scim('PATCH', `/Groups/${gid}`, patch({ op: 'add', path: 'members', value: [{ value: '999999' }] })),
      400,
      'invalidValue',
    );
    expectScimError(await scim('GET', `/Groups/${gid}`, undefined, otherToken), 404);

    expect((await scim('DELETE', `/Groups/${gid}`)).status).toBe(204);
    expectScimError(await scim('GET', `/Groups/${gid}`), 404);
    // The members stay employees.
    expect((await scim('GET', `/Users/${a}`)).status).toBe(200);
  });
  it('removes the members a list names even when one of them is no longer in the company', async () => {
    const users = (await scim('GET', `/Users?filter=${encodeURIComponent('userName sw "page"')}`)).body.Resources as {
      id: string;
    }[];
    const [a, b] = users.map((u) => u.id);
    const created = await scim('POST', '/Groups', { displayName: 'Support', members: [{ value: a }, { value: b }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gid = created.body.id as string;
    const removed = await scim(
      'PATCH',
      `/Groups/${gid}`,
      patch({ op: 'Remove', path: 'members', value: [{ value: a }, { value: '999999' }] }),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([b]);
    expectScimError(
      await scim('PATCH', `/Groups/${gid}`, patch({ op: 'remove', path: 'members', value: [{ display: 'x' }] })),
      400,
      'invalidValue',
    );
    expect((await scim('DELETE', `/Groups/${gid}`)).status).toBe(204);
  });
});

describe('provisioning tokens (Settings, Provisioning)', () => {
  it('are shown once, listed with their last use, and revoked at once', async () => {
    const admin = server.api(await server.signIn('admin@acme.example'));
    const created = await admin.post('/api/scim-tokens', { name: 'Entra ID' });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^tbscim_/);
    expect((await scim('GET', '/Users', undefined, created.body.token)).status).toBe(200);
    const list = await admin.get('/api/scim-tokens');
    const listed = list.body.items.find((t: { id: number }) => t.id === created.body.id);
    expect(listed.token).toBeUndefined();
    expect(listed.lastUsedAt).not.toBeNull();
    const stored = await server.db
      .selectFrom('scimTokens')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.body.token);
    expect((await admin.delete(`/api/scim-tokens/${created.body.id}`)).status).toBe(204);
    expectScimError(await scim('GET', '/Users', undefined, created.body.token), 401);
  });

  it('needs every permission: a token deactivates anyone, administrators included', async () => {
    await server.user(tenantId, {
      email: 'people-admin@acme.example',
      grants: [
        'edit-tenant-settings',
        'add-employee',
        'edit-employee',
        'update-employee-status',
        'add-team',
        'edit-team',
      ],
    });
    const res = await server
      .api(await server.signIn('people-admin@acme.example'))
      .post('/api/scim-tokens', { name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
  });

  it('cannot be created by someone who could not add, change and deactivate employees and teams', async () => {
    await server.user(tenantId, { email: 'settings@acme.example', grants: ['edit-tenant-settings'] });
    const res = await server.api(await server.signIn('settings@acme.example')).post('/api/scim-tokens', { name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
  });
});
