/**
 * The OpenAPI document the server serves (GET /api/openapi.json, server/src/http/openapi.ts) is valid and
 * lints clean under Redocly's recommended rules: no error and no warning. Each problem is printed with
 * where it is. No rule is turned off; one that must be is turned off here with the reason beside it.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

type Operation = { security?: unknown[]; 'x-access'?: string; tags?: string[] };

let server: TestServer;
let document: { openapi: string; paths: Record<string, Record<string, Operation>>; tags?: { name: string }[] };

beforeAll(async () => {
  server = await startServer();
  const res = await server.api().get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => server.close());

const operations = () => Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));

function describeProblem(p: NormalizedProblem): string {
  const where = p.location.map((l) => l.pointer ?? '').join(', ');
  return `${p.severity} ${p.ruleId}: ${p.message} at ${where}`;
}

describe('the OpenAPI document', () => {
  it("lints clean under Redocly's recommended rules", async () => {
    expect(operations().length).toBeGreaterThan(20);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document, null, 2),
      absoluteRef: 'openapi.json',
      config,
    });
    // The one exception: the single sign-on callback is a browser redirect (303) by nature, with no 2XX
    // answer; the rule holds for every other operation (checked just below).
    const redirectOnly = '#/paths/~1api~1auth~1sso~1callback/get/responses';
    const kept = problems.filter(
      (p) => !(p.ruleId === 'operation-2xx-response' && p.location.some((l) => l.pointer === redirectOnly)),
    );
    const errors = kept.filter((p) => p.severity === 'error').length;
    expect(kept.map(describeProblem), `${errors} errors, ${kept.length - errors} warnings`).toEqual([]);
    expect(problems.length - kept.length).toBeLessThanOrEqual(1);
  });

  it('declares the security of every operation from its access: none for public ones', () => {
    for (const operation of operations()) {
      const access = operation['x-access'];
      const expected =
        access === 'public'
          ? []
          : access === 'device-agent'
            ? [{ agentKey: [] }]
            : access === 'scim'
              ? [{ scimToken: [] }]
              : [{ bearer: [] }];
      expect(operation.security, String(access)).toEqual(expected);
    }
  });

  it('describes every tag the operations use', () => {
    const used = new Set(operations().flatMap((o) => o.tags ?? []));
    expect(document.tags?.map((t) => t.name).sort()).toEqual([...used].sort());
  });
});
