/**
 * The endpoint map's building block. Every HTTP endpoint of the API is declared once, in a file of this
 * folder per domain: method, path, who may call it, and the zod schemas of its params, query, body and
 * success answer. The server registers its routes from these declarations (server/src/http/endpoints.ts)
 * and the renderer calls them through a client derived from them (renderer/src/api/typed.ts), so a wrong
 * method, path, parameter or body is a compile error on both sides and answers are typed by the contract.
 * The key an endpoint has in its domain's map is its OpenAPI operationId.
 *
 * Isomorphic: zod and types only, like every file under shared/.
 */
import type { z } from 'zod';
import type { PermissionName } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone ('public'), any signed-in employee ('signed-in'), the device agent by its key
 * ('device-agent'), the tenant's SCIM client by its provisioning token ('scim', docs/sso.md), one
 * permission, or a list of permissions of which the caller needs any one (routes whose scope depends on
 * which they hold; the policy module then narrows whose rows they reach).
 */
export type EndpointAccess =
  'public' | 'signed-in' | 'device-agent' | 'scim' | PermissionName | readonly [PermissionName, ...PermissionName[]];

/** 303 is a browser redirect (the single sign-on callback): the handler sends it itself. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 303;
export type ServerErrorStatus = 500 | 502 | 503 | 504;
/** 410: a single-use credential that worked once and no longer does (a used, expired or revoked client link). */
export type ExtraErrorStatus = ServerErrorStatus | 410;

export type EndpointDef = {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/leave-types/:id`. */
  readonly path: `/api/${string}`;
  readonly access: EndpointAccess;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success status; 200 when not said. 204 answers no body (response: emptyResponseSchema). */
  readonly status?: SuccessStatus;
  readonly response: z.ZodType;
  /**
   * Error statuses beyond the client errors every endpoint may answer (400, 401, 403, 404, 409, 429), such
   * as 502 when it calls another server for the caller, or 410 for a spent link. Their body is the usual
   * error shape.
   */
  readonly errorStatuses?: readonly ExtraErrorStatus[];
  /**
   * A non-JSON answer (CSV reports, pictures; SCIM's JSON media type; the notifications' live stream, whose
   * handler writes the events itself); the response schema then describes it.
   */
  readonly produces?:
    'text/csv' | 'image/*' | 'application/octet-stream' | 'application/scim+json' | 'text/event-stream';
  /**
   * A body of a file's raw bytes instead of JSON (the leaderboard video upload), with no `body` schema: the
   * server hands the handler the request's stream unparsed and unbuffered (`RawBody`), and the renderer's
   * client sends a Blob, its type as the Content-Type.
   */
  readonly consumes?: 'application/octet-stream';
};

/** The body a `consumes` endpoint's handler reads: the request's bytes as they arrive. */
export type RawBody = AsyncIterable<Uint8Array>;

/** Declares one endpoint, keeping its literal types (method, path, access, schemas). */
export function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

/** A domain's endpoints by operationId. */
export type EndpointGroup = Readonly<Record<string, EndpointDef>>;

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, after validation (coerced, defaults applied). */
export type ParsedInput<E extends EndpointDef> = {
  params: SchemaOutput<E['params']>;
  query: SchemaOutput<E['query']>;
  body: E['consumes'] extends string ? RawBody : SchemaOutput<E['body']>;
};

/** What the answer of a successful call holds. */
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
type Compact<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & { [K in OptionalKeys<T>]?: T[K] };

/**
 * What a caller sends: only the parts the endpoint has, each as its schema's input (so a query with
 * defaults may be left out). A part whose every field is optional may itself be left out.
 */
export type RequestOf<E extends EndpointDef> = Compact<{
  params: E['params'] extends z.ZodType ? SchemaInput<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? QueryInput<E['query']> | OptionalWhenEmpty<QueryInput<E['query']>> : undefined;
  body: E['consumes'] extends string
    ? Blob
    : E['body'] extends z.ZodType
      ? SchemaInput<E['body']> | OptionalWhenEmpty<SchemaInput<E['body']>>
      : undefined;
}>;

type IsUnknown<T> = unknown extends T ? ([T] extends [unknown] ? true : false) : false;

/**
 * A query's fields as the caller sends them. Query strings are coerced (`z.coerce.number()`), whose input
 * type is `unknown`; for those the caller sends the parsed type, so `teamId: 'x'` is still a compile error.
 */
type QueryInput<S extends z.ZodType> = Compact<{
  [K in keyof z.input<S>]: IsUnknown<z.input<S>[K]> extends true
    ? K extends keyof z.output<S>
      ? z.output<S>[K]
      : never
    : z.input<S>[K];
}>;

/** `undefined` when every key of T is optional, so `{}` need not be written; else never. */
type OptionalWhenEmpty<T> = T extends object
  ? Exclude<keyof T, OptionalKeys<T>> extends never
    ? undefined
    : never
  : never;

/** True when a request needs no input at all (no params and nothing required in query or body). */
export type NeedsNoInput<E extends EndpointDef> =
  Exclude<keyof RequestOf<E>, OptionalKeys<RequestOf<E>>> extends never ? true : false;

/**
 * Fills `:name` segments of a path from params, encoded. A missing value is a programming error: the
 * types already require every param, so it throws rather than calling a wrong URL.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
