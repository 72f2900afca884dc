/**
 * The typed test client: calls an endpoint of the map (shared/endpoints) in-process through Fastify's inject,
 * with the method and path the endpoint declares, its params filled into the path and its query and body typed
 * by the contract. Written over EndpointDef, so every group of the map works without being listed here.
 *
 *   const created = await client.call(leaveCatalogueEndpoints.createLeaveType, { body }, { as: hr.token });
 *   if (created.ok) created.body.id; // ResponseOf<typeof createLeaveType>
 *   const type = await client.ok(leaveCatalogueEndpoints.createLeaveType, { body }, { as: hr.token });
 *   expectError(await client.call(endpoint, request, { as: emp.token }), 403, 'FORBIDDEN');
 *
 * A reply is `ok` when its status is the endpoint's success status; its body is then the contract's response
 * type, else the API's error shape.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ErrorResponse } from '../../shared/contracts/common.js';
import {
  fillPath,
  type EndpointDef,
  type NeedsNoInput,
  type RequestOf,
  type ResponseOf,
} from '../../shared/endpoints/define.js';
import type { ErrorCode } from '../../shared/messages.js';
import type { Api } from './harness.js';

export type CallOptions = {
  /** The caller: a bearer token, or anything holding one (an organisation's person). */
  as?: string | { token: string };
  headers?: Record<string, string>;
};

export type Success<E extends EndpointDef> = { ok: true; status: number; body: ResponseOf<E>; headers: Headers };
export type Failure = { ok: false; status: number; body: ErrorResponse; headers: Headers };
export type CallResult<E extends EndpointDef> = Success<E> | Failure;

/** The request may be left out when the endpoint needs no input. */
export type CallArgs<E extends EndpointDef> =
  NeedsNoInput<E> extends true
    ? [request?: RequestOf<E>, options?: CallOptions]
    : [request: RequestOf<E>, options?: CallOptions];

export type TestClient = {
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<CallResult<E>>;
  /** Calls and expects success: answers the body, or fails the test with the error the API gave. */
  ok<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
};

type AnyRequest = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** Query values as a query string carries them: absent when undefined, lists repeated. */
function queryOf(query: Record<string, unknown> | undefined): Record<string, string | string[]> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

export function testClient(app: FastifyInstance): TestClient {
  const call = async <E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<CallResult<E>> => {
    const [request, options] = args as [AnyRequest | undefined, CallOptions | undefined];
    const headers: Record<string, string> = { ...options?.headers };
    const as = options?.as;
    if (as) headers['authorization'] = `Bearer ${typeof as === 'string' ? as : as.token}`;
    const query = queryOf(request?.query);
    let payload = request?.body as object | undefined;
    // A raw-body endpoint (`consumes`) takes a file's bytes, sent with the file's type.
    if (endpoint.consumes && request?.body instanceof Blob) {
      headers['content-type'] ??= request.body.type || endpoint.consumes;
      payload = Buffer.from(await request.body.arrayBuffer());
    }
    const res = await app.inject({
      method: endpoint.method,
      url: fillPath(endpoint.path, request?.params),
      headers,
      ...(query ? { query } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
    const text = res.body;
    const json = /json/.test(String(res.headers['content-type'] ?? '')) && text !== '';
    const body: unknown = json ? JSON.parse(text) : text === '' ? undefined : text;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return res.statusCode === (endpoint.status ?? 200)
      ? { ok: true, status: res.statusCode, body: body as ResponseOf<E>, headers: responseHeaders }
      : { ok: false, status: res.statusCode, body: body as ErrorResponse, headers: responseHeaders };
  };
  return {
    call,
    async ok(endpoint, ...args) {
      const reply = await call(endpoint, ...args);
      if (!reply.ok) {
        throw new Error(`${endpoint.method} ${endpoint.path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      }
      return reply.body;
    },
  };
}

/**
 * Expects a failed call with this status (and error code, when given); answers the error for further checks.
 */
export function expectError<E extends EndpointDef>(
  reply: CallResult<E>,
  status: number,
  code?: ErrorCode | 'CONFLICT',
): ErrorResponse['error'] {
  expect(reply.ok, `expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`).toBe(false);
  if (reply.ok) throw new Error('unreachable');
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  if (code !== undefined) expect(reply.body.error.code).toBe(code);
  return reply.body.error;
}

/** Expects each GET to answer 400 with this field first among the errors (a query's rules, one URL a rule). */
export async function expectFieldNamed(api: Api, cases: [url: string, path: string][]): Promise<void> {
  for (const [url, path] of cases) {
    const res = await api.get<{ error: { details: { fields: { path: string }[] } } }>(url);
    expect(res.status, url).toBe(400);
    expect(res.body.error.details.fields[0]!.path, url).toBe(path);
  }
}
