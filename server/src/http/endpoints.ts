/**
 * Serves the endpoint map (shared/endpoints): a module gives one handler per endpoint of its group and
 * this file registers each as a Fastify route with the endpoint's method, path, schemas and access. A
 * handler receives the request context (context.ts) and its validated input and returns the answer; the
 * status comes from the declaration. A handler missing for an endpoint, or given for an unknown one, is a
 * compile error, so the map and the server cannot drift.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { z } from 'zod';
import type { EndpointDef, EndpointGroup, ParsedInput, ResponseOf } from '../../../shared/endpoints/define.js';
import { errorResponseSchema } from '../../../shared/contracts/common.js';
import type { Deps } from '../deps.js';
import { caller, agentCaller, scimCaller } from './access.js';
import { scimErrorSchema } from '../../../shared/contracts/scim.js';
import {
  agentContext,
  publicContext,
  requestContext,
  scimContext,
  type AgentRequestContext,
  type PublicContext,
  type RequestContext,
  type ScimRequestContext,
} from './context.js';
import { errors } from './errors.js';
import { responses } from './responses.js';

/** The context a handler gets follows from who may call the endpoint. */
export type ContextOf<E extends EndpointDef> = E['access'] extends 'public'
  ? PublicContext
  : E['access'] extends 'device-agent'
    ? AgentRequestContext
    : E['access'] extends 'scim'
      ? ScimRequestContext
      : RequestContext;

/** The raw request and reply, for what the contract cannot say: cookies, headers, attachments. */
export type Http = { request: FastifyRequest; reply: FastifyReply };

/**
 * A handler answers the endpoint's response type; `undefined` for a 204. The answer is checked against
 * the response schema on the way out, so a handler cannot leak a field the contract does not name.
 */
export type Handler<E extends EndpointDef> = (
  ctx: ContextOf<E>,
  input: ParsedInput<E>,
  http: Http,
) => Promise<ResponseOf<E>> | ResponseOf<E>;

/**
 * A second limit, checked after validation and keyed by the parsed input instead of the client address:
 * for instance the account an e-mail names, so guesses spread over many addresses still count together.
 * A null key skips it.
 */
export type InputLimit<E extends EndpointDef> = {
  max: number;
  timeWindow: string;
  key: (input: ParsedInput<E>) => string | null;
};

/** A handler with server-only options (rate limits). */
export type HandlerWithOptions<E extends EndpointDef> = {
  handler: Handler<E>;
  /** Per client address, before the input is even parsed. */
  rateLimit?: RateLimitOptions | ((deps: Deps) => RateLimitOptions);
  inputLimit?: (deps: Deps) => InputLimit<E>;
  /** The largest request body in bytes, when the server's default (1 MiB) is too small. */
  bodyLimit?: number;
};

export type Handlers<G extends EndpointGroup> = { [K in keyof G]: Handler<G[K]> | HandlerWithOptions<G[K]> };

/** One module's routes: its endpoint group and a handler for each. */
export type RouteModule = { register(app: FastifyInstance, deps: Deps): void };

/** Declares a module's handlers; the type checks one per endpoint of the group, no more, no fewer. */
export function defineRoutes<G extends EndpointGroup>(group: G, handlers: Handlers<G>): RouteModule {
  return {
    register(app, deps) {
      const raw: [string, EndpointDef, HandlerWithOptions<EndpointDef>][] = [];
      for (const [operationId, definition] of Object.entries(group)) {
        const entry = handlers[operationId as keyof G] as Handler<EndpointDef> | HandlerWithOptions<EndpointDef>;
        const options = typeof entry === 'function' ? { handler: entry } : entry;
        if (definition.consumes) raw.push([operationId, definition, options]);
        else registerEndpoint(app, deps, operationId, definition, options);
      }
      if (raw.length === 0) return;
      // A raw body is read by its handler as it arrives: these routes live in a scope whose only parser
      // leaves the body unread (nothing is buffered, and no size limit of a parser applies).
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        for (const [operationId, definition, options] of raw)
          registerEndpoint(scope, deps, operationId, definition, options);
      });
    },
  };
}

function contextFor(definition: EndpointDef, deps: Deps, request: FastifyRequest) {
  if (definition.access === 'public') return publicContext(deps, request.log);
  if (definition.access === 'device-agent') return agentContext(deps, request.log, agentCaller(request));
  if (definition.access === 'scim') return scimContext(deps, request.log, scimCaller(request));
  return requestContext(deps, request.log, caller(request));
}

function registerEndpoint(
  app: FastifyInstance,
  deps: Deps,
  operationId: string,
  definition: EndpointDef,
  { handler, rateLimit, inputLimit, bodyLimit }: HandlerWithOptions<EndpointDef>,
): void {
  const status = definition.status ?? 200;
  const inputOf = (request: FastifyRequest) =>
    ({
      params: request.params,
      query: request.query,
      body: definition.consumes ? request.raw : request.body,
    }) as ParsedInput<EndpointDef>;
  const answers: Record<number, z.ZodType> = { [status]: definition.response };
  // SCIM routes answer RFC 7644's error schema instead of ours (their clients read only that).
  const errorSchema = definition.access === 'scim' ? scimErrorSchema : errorResponseSchema;
  for (const errorStatus of definition.errorStatuses ?? []) answers[errorStatus] = errorSchema;
  app.route({
    method: definition.method,
    url: definition.path,
    ...(bodyLimit ? { bodyLimit } : {}),
    config: {
      access: definition.access,
      ...(definition.consumes ? { consumes: definition.consumes } : {}),
      ...(rateLimit ? { rateLimit: typeof rateLimit === 'function' ? rateLimit(deps) : rateLimit } : {}),
    },
    schema: {
      operationId,
      summary: definition.summary,
      ...(definition.description ? { description: definition.description } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.produces ? { produces: [definition.produces] } : {}),
      response: responses(answers, errorSchema),
    },
    ...(inputLimit ? { preHandler: inputLimitHook(app, inputLimit(deps), inputOf) } : {}),
    handler: async (request, reply) => {
      const input = inputOf(request);
      const answer = await handler(
        contextFor(definition, deps, request) as RequestContext & AgentRequestContext & ScimRequestContext,
        input,
        { request, reply },
      );
      if (reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      if (definition.produces === 'application/scim+json') void reply.type('application/scim+json; charset=utf-8');
      // A file's partial answer (an HTTP range: the stored-file download) keeps the 206 its handler set.
      const partial = definition.produces !== undefined && reply.statusCode === 206;
      return reply.status(partial ? 206 : status).send(answer);
    },
  });
}

/**
 * @fastify/rate-limit's own route hook runs once per request (the per-address limit already used it), so
 * the input limit asks a limiter of the same plugin directly and answers 429 with Retry-After itself.
 */
function inputLimitHook(
  app: FastifyInstance,
  limit: InputLimit<EndpointDef>,
  inputOf: (request: FastifyRequest) => ParsedInput<EndpointDef>,
) {
  const keyOf = (request: FastifyRequest) => limit.key(inputOf(request));
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => keyOf(request) ?? '',
  });
  return async (request: FastifyRequest) => {
    if (keyOf(request) === null) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw errors.rateLimited(result.ttlInSeconds);
  };
}

/** Registers every module's routes. */
export function registerRouteModules(app: FastifyInstance, deps: Deps, modules: readonly RouteModule[]): void {
  for (const module of modules) module.register(app, deps);
}
