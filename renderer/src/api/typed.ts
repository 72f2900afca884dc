/**
 * The typed client: calls an endpoint of the map (shared/endpoints) with the method and path it declares,
 * its params filled into the path, its query and body as the contract types them, and answers the
 * contract's response type. A wrong method, path, parameter or body is a compile error here, not a 404
 * at run time. Built on the one HTTP client (client.ts: tokens, refresh, retries).
 *
 * Only the per-domain hooks modules (renderer/src/api/hooks/) call this; pages use the hooks (lint rule).
 */
import {
  fillPath,
  type EndpointDef,
  type NeedsNoInput,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/endpoints/define';
import axios from 'axios';
import { api } from './client';

export type CallOptions = { signal?: AbortSignal | undefined };

export type CallArgs<E extends EndpointDef> =
  NeedsNoInput<E> extends true
    ? [request?: RequestOf<E>, options?: CallOptions]
    : [request: RequestOf<E>, options?: CallOptions];

type AnyRequest = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** Drops empty strings and undefined from a query: an empty search box means no search. */
function cleanQuery(query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
}

/** What a call answers: the response schema's type, or the file as a Blob for endpoints that produce one. */
export type CallResult<E extends EndpointDef> = E['produces'] extends string ? Blob : ResponseOf<E>;

export function call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<CallResult<E>> {
  const [request, options] = args as [object | undefined, CallOptions | undefined];
  return callEndpoint(endpoint, request, options);
}

/**
 * `call` for the helpers generic over the endpoint (hooks/query.ts, hooks/mutation.ts): TypeScript cannot
 * resolve `CallArgs<E>` for an unknown `E`, so these type the request in their own signatures instead.
 */
export async function callEndpoint<E extends EndpointDef>(
  endpoint: E,
  input: object | undefined,
  options?: CallOptions,
): Promise<CallResult<E>> {
  const request = input as AnyRequest | undefined;
  try {
    const response = await api.request<CallResult<E>>({
      method: endpoint.method,
      // The client's baseURL is /api already.
      url: fillPath(endpoint.path, request?.params).slice('/api'.length),
      params: cleanQuery(request?.query),
      data: request?.body,
      signal: options?.signal,
      ...(endpoint.produces ? { responseType: 'blob' as const } : {}),
      // A file's bytes (a raw-body endpoint): its own type, and no time limit for a large upload.
      ...(endpoint.consumes && request?.body instanceof Blob
        ? { headers: { 'content-type': request.body.type || endpoint.consumes }, timeout: 0 }
        : {}),
    });
    return response.data;
  } catch (error) {
    // A file endpoint's error answer arrives as a Blob too: read it back into the JSON error shape that
    // api/errors.ts understands, so its message reaches the user.
    if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text()) as unknown;
      } catch {
        // Not JSON: the generic message applies.
      }
    }
    throw error;
  }
}
