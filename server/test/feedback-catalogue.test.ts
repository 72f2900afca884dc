/**
 * Feedback Management: categories and attributes (docs/feedback.md, "Categories and attributes"). Every
 * rule and permission, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CATEGORIES } from '../src/seed/feedback-catalogue.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let otherTenantId: number;

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, admin } = await companyWithAdmin(server));
  otherTenantId = (await server.tenant('Other', 'other.example')).id;
});
afterAll(() => server.close());

const rowCount = async (table: 'feedbackCategories' | 'feedbackAttributes', tenant = tenantId) =>
  (await server.db.selectFrom(table).select('id').where('tenantId', '=', tenant).execute()).length;

describe('the seeded catalogue', () => {
  it('gives every new company five categories of three attributes, coloured and described', async () => {
    const res = await admin.get('/api/feedback-categories?pageSize=25');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    // The spec's default order: by name ascending.
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual([
      'Collaboration',
      'Communication',
      'Delivery',
      'Ownership',
      'Quality',
    ]);
    for (const c of res.body.items) {
      expect(c.color).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.description).toBeTruthy();
      expect(c.attributeCount).toBe(3);
      expect(c.isActive).toBe(true);
    }
    const attributes = await admin.get('/api/feedback-attributes?pageSize=25&orderKey=name&orderDir=asc');
    expect(attributes.body.total).toBe(15);
    expect(attributes.body.items.map((a: { name: string }) => a.name)).toContain('Knowledge sharing');
    expect(SEED_CATEGORIES.flatMap((c) => c.attributes)).toHaveLength(15);
    expect(await rowCount('feedbackCategories', otherTenantId)).toBe(5);
  });

  it('counts categories and attributes, active and in total', async () => {
    const res = await admin.get('/api/feedback-catalogue/counts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ categories: { active: 5, total: 5 }, attributes: { active: 15, total: 15 } });
  });
});

describe('categories', () => {
  it('adds a category with normalised synonyms and colour, refusing a name taken in any case', async () => {
    const res = await admin.post('/api/feedback-categories', {
      name: '  Leadership ',
      synonyms: [' guiding ', 'Guiding', '', 'vision   setting'],
      description: 'Leading by example.',
      color: '#1a2b3c',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Leadership',
      synonyms: ['guiding', 'vision setting'],
      description: 'Leading by example.',
      color: '#1A2B3C',
      isActive: true,
      attributeCount: 0,
    });
    const before = await rowCount('feedbackCategories');
    for (const name of ['Leadership', 'LEADERSHIP', 'quality']) {
      const dup = await admin.post('/api/feedback-categories', { name, color: '#000000' });
      expect(dup.status, name).toBe(409);
      expect(dup.body.error.details.fields).toEqual([
        { path: 'body.name', message: 'A category with this name already exists.' },
      ]);
    }
    expect(await rowCount('feedbackCategories')).toBe(before);
    // Another company may use the same name.
    const other = server.factories(otherTenantId);
    await expect(other.category({ name: 'Leadership' })).resolves.toBeTruthy();
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await rowCount('feedbackCategories');
    const cases: [unknown, string][] = [
      [{ name: '', color: '#000000' }, 'body.name'],
      [{ name: 'x'.repeat(61), color: '#000000' }, 'body.name'],
      [{ name: 'Colourless' }, 'body.color'],
      [{ name: 'Bad colour', color: '#12345' }, 'body.color'],
      [{ name: 'Bad colour', color: 'red' }, 'body.color'],
      [{ name: 'Long synonym', color: '#000000', synonyms: ['x'.repeat(41)] }, 'body.synonyms.0'],
      [
        { name: 'Many synonyms', color: '#000000', synonyms: Array.from({ length: 16 }, (_, i) => `s${i}`) },
        'body.synonyms',
      ],
      [{ name: 'Long text', color: '#000000', description: 'x'.repeat(301) }, 'body.description'],
      [{ name: 'Extra', color: '#000000', isActive: false }, 'body.isActive'],
    ];
    for (const [body, path] of cases) {
      const res = await admin.post('/api/feedback-categories', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const paths = res.body.error.details.fields.map((f: { path: string }) => f.path);
      expect(paths, JSON.stringify(body)).toContain(path);
    }
    const colour = await admin.post('/api/feedback-categories', { name: 'Bad colour', color: '#12345' });
    expect(colour.body.error.details.fields[0].message).toBe('Enter a colour as #RRGGBB');
    const synonym = await admin.post('/api/feedback-categories', {
      name: 'Long synonym',
      color: '#000000',
      synonyms: ['x'.repeat(41)],
    });
    expect(synonym.body.error.details.fields[0].message).toBe('Each synonym has at most 40 characters');
    expect(await rowCount('feedbackCategories')).toBe(before);
  });

  it('edits only the fields sent, refusing a rename onto another name', async () => {
    const created = await admin.post('/api/feedback-categories', {
      name: 'Curiosity',
      synonyms: ['learning'],
      color: '#336699',
    });
    const id = created.body.id as number;
    const res = await admin.patch(`/api/feedback-categories/${id}`, { color: '#abcdef', description: 'Asks why.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Curiosity',
      synonyms: ['learning'],
      color: '#ABCDEF',
      description: 'Asks why.',
    });
    // Its own name in another case is fine.
    expect((await admin.patch(`/api/feedback-categories/${id}`, { name: 'CURIOSITY' })).body.name).toBe('CURIOSITY');
    const clash = await admin.patch(`/api/feedback-categories/${id}`, { name: 'delivery' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details.fields[0].path).toBe('body.name');
    const synonyms = await admin.patch(`/api/feedback-categories/${id}`, { synonyms: [] });
    expect(synonyms.body.synonyms).toEqual([]);
    expect((await admin.patch('/api/feedback-categories/999999', { name: 'Ghost' })).status).toBe(404);
  });

  it('searches name, synonyms and description; filters by status; sorts and pages', async () => {
    const bySynonym = await admin.get('/api/feedback-categories?searchText=COMMS');
    expect(bySynonym.body.items.map((c: { name: string }) => c.name)).toEqual(['Communication']);
    const byDescription = await admin.get('/api/feedback-categories?searchText=on%20time');
    expect(byDescription.body.items.map((c: { name: string }) => c.name)).toEqual(['Delivery']);
    const page = await admin.get('/api/feedback-categories?pageSize=10&page=1&orderKey=name&orderDir=desc');
    expect(page.body.items[0].name).toBe('Quality');
    const bad = await admin.get('/api/feedback-categories?pageSize=7');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toBe('querystring.pageSize');
  });

  it('deactivates a category without touching its attributes’ own switch; they are not counted as active', async () => {
    const category = await admin.post('/api/feedback-categories', { name: 'Resilience', color: '#445566' });
    const attribute = await admin.post('/api/feedback-attributes', {
      name: 'Composure',
      categoryId: category.body.id,
    });
    const before = (await admin.get('/api/feedback-catalogue/counts')).body;
    const off = await admin.put(`/api/feedback-categories/${category.body.id}/status`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    const still = await admin.get(`/api/feedback-attributes?searchText=Composure`);
    expect(still.body.items[0]).toMatchObject({ isActive: true, category: { id: category.body.id, isActive: false } });
    const after = (await admin.get('/api/feedback-catalogue/counts')).body;
    expect(after.categories).toEqual({ active: before.categories.active - 1, total: before.categories.total });
    expect(after.attributes).toEqual({ active: before.attributes.active - 1, total: before.attributes.total });
    const inactive = await admin.get('/api/feedback-categories?status=inactive');
    expect(inactive.body.items.map((c: { name: string }) => c.name)).toEqual(['Resilience']);
    const on = await admin.put(`/api/feedback-categories/${category.body.id}/status`, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect((await admin.get('/api/feedback-catalogue/counts')).body).toEqual(before);
    expect(attribute.status).toBe(201);
  });
});

describe('attributes', () => {
  it('adds an attribute to an active category; the newest first by default', async () => {
    const quality = (await admin.get('/api/feedback-categories?searchText=Quality')).body.items[0];
    const res = await admin.post('/api/feedback-attributes', {
      name: 'Code review',
      synonyms: ['reviews', 'Reviews'],
      description: 'Reviews thoroughly and kindly.',
      categoryId: quality.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Code review',
      synonyms: ['reviews'],
      isActive: true,
      category: { id: quality.id, name: 'Quality', color: quality.color, isActive: true },
    });
    const list = await admin.get('/api/feedback-attributes');
    expect(list.body.items[0].id).toBe(res.body.id);
    const ofQuality = await admin.get(`/api/feedback-attributes?categoryId=${quality.id}&pageSize=25`);
    expect(ofQuality.body.total).toBe(4);
    const bySynonym = await admin.get('/api/feedback-attributes?searchText=reviews');
    expect(bySynonym.body.items.map((a: { name: string }) => a.name)).toEqual(['Code review']);
  });

  it('refuses a taken name in any case, a missing, foreign or inactive category, naming the field', async () => {
    const before = await rowCount('feedbackAttributes');
    const communication = (await admin.get('/api/feedback-categories?searchText=Communication')).body.items[0];
    const dup = await admin.post('/api/feedback-attributes', { name: 'clarity', categoryId: communication.id });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details.fields).toEqual([
      { path: 'body.name', message: 'An attribute with this name already exists.' },
    ]);
    const missing = await admin.post('/api/feedback-attributes', { name: 'Orphan' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields[0].path).toBe('body.categoryId');
    const foreign = await server.factories(otherTenantId).category({ name: 'Foreign' });
    const elsewhere = await admin.post('/api/feedback-attributes', { name: 'Orphan', categoryId: foreign.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatchObject({
      code: 'FEEDBACK_CATEGORY_UNKNOWN',
      details: { fields: [{ path: 'body.categoryId' }] },
    });
    const dormant = await server.factories(tenantId).category({ name: 'Dormant', isActive: 0 });
    const inactive = await admin.post('/api/feedback-attributes', { name: 'Orphan', categoryId: dormant.id });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error).toMatchObject({
      code: 'FEEDBACK_CATEGORY_INACTIVE',
      message: 'This category is inactive: choose an active category.',
      details: { fields: [{ path: 'body.categoryId' }] },
    });
    expect(await rowCount('feedbackAttributes')).toBe(before);
  });

  it('moves only to an active category, and keeps its place in an inactive one when edited otherwise', async () => {
    const f = server.factories(tenantId);
    const home = await f.category({ name: 'Home base' });
    const closed = await f.category({ name: 'Closed', isActive: 0 });
    const open = await f.category({ name: 'Open' });
    const attribute = await f.attribute({ categoryId: home.id, name: 'Mover' });
    const refused = await admin.patch(`/api/feedback-attributes/${attribute.id}`, { categoryId: closed.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('FEEDBACK_CATEGORY_INACTIVE');
    const stored = await server.db
      .selectFrom('feedbackAttributes')
      .select('categoryId')
      .where('id', '=', attribute.id)
      .executeTakeFirstOrThrow();
    expect(stored.categoryId).toBe(home.id);
    const moved = await admin.patch(`/api/feedback-attributes/${attribute.id}`, {
      categoryId: open.id,
      synonyms: ['shift'],
    });
    expect(moved.body).toMatchObject({ category: { id: open.id }, synonyms: ['shift'] });
    await admin.put(`/api/feedback-categories/${open.id}/status`, { isActive: false });
    const renamed = await admin.patch(`/api/feedback-attributes/${attribute.id}`, { name: 'Mover renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Mover renamed', category: { id: open.id, isActive: false } });
    expect((await admin.patch('/api/feedback-attributes/999999', { name: 'Ghost' })).status).toBe(404);
  });

  it('switches an attribute off and on', async () => {
    const f = server.factories(tenantId);
    const attribute = await f.attribute({ categoryId: (await f.category()).id, name: 'Switchable' });
    const off = await admin.put(`/api/feedback-attributes/${attribute.id}/status`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const inactive = await admin.get('/api/feedback-attributes?status=inactive&searchText=Switchable');
    expect(inactive.body.total).toBe(1);
    expect((await admin.put(`/api/feedback-attributes/${attribute.id}/status`, { isActive: true })).body.isActive).toBe(
      true,
    );
  });
});

describe('permissions', () => {
  it('checks each action’s own permission on the server', async () => {
    const f = server.factories(tenantId);
    const category = await f.category({ name: 'Guarded' });
    const attribute = await f.attribute({ categoryId: category.id, name: 'Guarded attribute' });
    const as = async (email: string, grants: Parameters<TestServer['user']>[1]['grants']) => {
      await server.user(tenantId, { email, grants });
      return server.api(await server.signIn(email));
    };
    const viewer = await as('viewer@acme.example', ['view-feedback-categories']);
    const adder = await as('adder@acme.example', ['add-feedback-categories']);
    const editor = await as('editor@acme.example', ['edit-feedback-categories']);
    const switcher = await as('switcher@acme.example', ['update-feedback-categories-status']);

    expect((await viewer.get('/api/feedback-categories')).status).toBe(200);
    expect((await viewer.get('/api/feedback-attributes')).status).toBe(200);
    expect((await viewer.get('/api/feedback-catalogue/counts')).status).toBe(200);
    for (const [api, method, url, body] of [
      [viewer, 'POST', '/api/feedback-categories', { name: 'Nope', color: '#000000' }],
      [viewer, 'POST', '/api/feedback-attributes', { name: 'Nope', categoryId: category.id }],
      [adder, 'PATCH', `/api/feedback-categories/${category.id}`, { name: 'Nope' }],
      [adder, 'PATCH', `/api/feedback-attributes/${attribute.id}`, { name: 'Nope' }],
      [editor, 'PUT', `/api/feedback-categories/${category.id}/status`, { isActive: false }],
      [editor, 'PUT', `/api/feedback-attributes/${attribute.id}/status`, { isActive: false }],
      [switcher, 'GET', '/api/feedback-categories', undefined],
      [switcher, 'POST', '/api/feedback-categories', { name: 'Nope', color: '#000000' }],
    ] as const) {
      const res = await api.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await adder.post('/api/feedback-categories', { name: 'Added', color: '#000000' })).status).toBe(201);
    expect((await adder.post('/api/feedback-attributes', { name: 'Added attr', categoryId: category.id })).status).toBe(
      201,
    );
    expect((await editor.patch(`/api/feedback-categories/${category.id}`, { name: 'Guarded 2' })).status).toBe(200);
    expect((await editor.patch(`/api/feedback-attributes/${attribute.id}`, { name: 'Guarded 3' })).status).toBe(200);
    expect((await switcher.put(`/api/feedback-categories/${category.id}/status`, { isActive: false })).status).toBe(
      200,
    );
    expect((await switcher.put(`/api/feedback-attributes/${attribute.id}/status`, { isActive: false })).status).toBe(
      200,
    );
  });

  it('never reaches another company’s categories or attributes', async () => {
    const other = server.factories(otherTenantId);
    const category = await other.category({ name: 'Theirs' });
    const attribute = await other.attribute({ categoryId: category.id, name: 'Their attribute' });
    expect((await admin.patch(`/api/feedback-categories/${category.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await admin.put(`/api/feedback-categories/${category.id}/status`, { isActive: false })).status).toBe(404);
    expect((await admin.patch(`/api/feedback-attributes/${attribute.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await admin.put(`/api/feedback-attributes/${attribute.id}/status`, { isActive: false })).status).toBe(404);
    const list = await admin.get('/api/feedback-categories?searchText=Theirs');
    expect(list.body.total).toBe(0);
  });
});
