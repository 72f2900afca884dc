/**
 * The endpoint map and the server agree: every endpoint declared in shared/endpoints is served with its
 * method, path, access and operationId, each operationId is unique across the map, and every /api
 * operation the server documents comes from the map (no route registered by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../shared/endpoints/index.js';
import { startServer, type TestServer } from './harness.js';

type Operation = { operationId?: string; 'x-access'?: unknown };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Fastify's `:id` as OpenAPI's `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let server: TestServer;
let document: OpenApi;

beforeAll(async () => {
  server = await startServer();
  document = (await server.api().get<OpenApi>('/api/openapi.json')).body;
});
afterAll(() => server.close());

describe('the endpoint map', () => {
  it('gives every endpoint an operationId no other endpoint has', () => {
    const ids = allEndpoints().map(([id]) => id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('is served whole: each endpoint under its method and path, with its access and operationId', () => {
    const missing: string[] = [];
    for (const [id, endpoint] of allEndpoints()) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      if (!operation) missing.push(`${endpoint.method} ${endpoint.path}`);
      else {
        expect(operation.operationId, `${endpoint.method} ${endpoint.path}`).toBe(id);
        expect(operation['x-access']).toEqual(endpoint.access);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is the only source of /api operations', () => {
    const declared = new Set(allEndpoints().map(([, e]) => `${e.method} ${openApiPath(e.path)}`));
    const byHand = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((key) => !declared.has(key)),
    );
    expect(byHand).toEqual([]);
  });
});
