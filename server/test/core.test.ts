import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

/** The headers of an answer as sent: names as spelled on the wire, in order, with their values. */
function rawHeaders(url: string): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const headers: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers }));
    })
      .on('error', reject)
      .end();
  });
}

/** helmet's headers with the app's policy, byte for byte as @fastify/helmet sent them before issue #18. */
const SECURITY_HEADERS: [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
      "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      "style-src 'self' 'unsafe-inline';connect-src 'self'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  const t = await server.tenant('Acme', 'acme.example');
  await server.user(t.id, { email: 'admin@acme.example', roles: ['Administrator'] });
});
afterAll(() => server.close());

describe('API core', () => {
  it('answers health with the database reachable', async () => {
    const res = await server.api().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await server.api().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sends the same security headers first on every answer: success, not found, unauthenticated', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/nope', 404],
      ['/api/me', 401],
    ] as const) {
      const res = await rawHeaders(`${server.url}${path}`);
      expect(res.status).toBe(status);
      expect(res.headers.slice(0, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS);
      expect(res.headers.slice(SECURITY_HEADERS.length).map(([name]) => name)).toEqual([
        'content-type',
        'x-request-id',
        'content-length',
        'Date',
        'Connection',
        'Keep-Alive',
      ]);
    }
    // Swagger UI replaces the policy with its own and keeps the rest.
    const docs = await rawHeaders(`${server.url}/api/docs/`);
    expect(docs.headers[0]?.[0]).toBe('content-security-policy');
    expect(docs.headers[0]?.[1]).toContain('validator.swagger.io');
    expect(docs.headers.slice(1, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS.slice(1));
  });

  it('serves an OpenAPI 3 document where every operation declares its access and responses', async () => {
    const res = await server.api().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const operations = Object.entries(res.body.paths as Record<string, Record<string, any>>).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ p, method, op })),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { op } of operations) {
      expect(op['x-access']).toBeTruthy();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401']));
    }
    expect(res.body.paths['/api/employees'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'orderKey', 'orderDir', 'searchText', 'teamId']),
    );
  });

  it('serves the browsable API docs', async () => {
    const res = await server.api().get('/api/docs/');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('swagger');
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await server.api().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('rejects malformed JSON and unknown fields with 400 naming the field', async () => {
    const bad = await server
      .api()
      .request('POST', '/api/auth/sign-in', undefined, { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    const raw = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).error.message).toBe('The request body is not valid JSON.');
    const extra = await server
      .api()
      .post('/api/auth/sign-in', { email: 'admin@acme.example', password: 'x', role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION');
    expect(extra.body.error.details.fields).toEqual([expect.objectContaining({ path: 'body.role' })]);
  });

  it('validates list parameters', async () => {
    const token = await server.signIn('admin@acme.example');
    const api = server.api(token);
    for (const query of ['pageSize=20', 'page=0', 'orderKey=password', 'orderDir=up', 'bogus=1']) {
      const res = await api.get(`/api/employees?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('never leaks internals on a server error', async () => {
    const token = await server.signIn('admin@acme.example');
    // Break the database under a running server: the answer must stay generic.
    await server.db.schema.alterTable('team_members').renameTo('team_members_gone').execute();
    try {
      const res = await server.api(token).get('/api/me');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' },
      });
    } finally {
      await server.db.schema.alterTable('team_members_gone').renameTo('team_members').execute();
    }
  });
});

describe('CORS', () => {
  it('answers only the configured origins', async () => {
    const cors = await startServer({ CORS_ORIGINS: 'https://app.example' });
    try {
      const preflight = (origin: string) =>
        fetch(`${cors.url}/api/me`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        });
      const allowed = await preflight('https://app.example');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await preflight('https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // Without configured origins nobody else is let in.
      const closed = await fetch(`${server.url}/api/health`, { headers: { origin: 'https://app.example' } });
      expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await cors.close();
    }
  });
});
