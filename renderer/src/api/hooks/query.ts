/**
 * The query helpers of the hooks modules. Most queries are one endpoint's answer cached under one key, and
 * every paged table fetches its pages the same way; these say so once. A query that makes several calls, or
 * keeps something else than the answer in the cache, writes `useQuery` itself.
 */
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ListQuery } from '../../../../shared/contracts/common';
import type { EndpointDef, RequestOf } from '../../../../shared/endpoints/define';
import { callEndpoint, type CallResult } from '../typed';

/** Every entry of a short list (a picker's) by name: one page of 100 holds them. */
export const ALL_BY_NAME = { page: 1, pageSize: 100, orderKey: 'name', orderDir: 'asc' } as const;

/** A list answer's rows, for `select` where a page wants only them. */
export const itemsOf = <T>(answer: { items: T[] }) => answer.items;

/** What a query may add to its key and call: enabled, select, placeholderData, staleTime, retry… */
export type QueryExtras<TData, TSelected = TData> = Omit<
  UseQueryOptions<TData, Error, TSelected, QueryKey>,
  'queryKey' | 'queryFn'
>;

/** One endpoint's answer under `queryKey`, called with the query's abort signal. */
export function useEndpointQuery<E extends EndpointDef, TSelected = CallResult<E>>(
  queryKey: QueryKey,
  endpoint: E,
  request: RequestOf<E>,
  extras: QueryExtras<CallResult<E>, TSelected> = {},
): UseQueryResult<TSelected, Error> {
  return useQuery({ queryKey, queryFn: ({ signal }) => callEndpoint(endpoint, request, { signal }), ...extras });
}

/**
 * The DataTable's page fetcher of a list endpoint. The table speaks plain strings; its sort keys are the
 * columns' sortKey values, each one of the list's order keys (the server refuses any other with 400).
 */
export function pageFetcher<E extends EndpointDef>(endpoint: E) {
  return (params: ListQuery, signal?: AbortSignal) => callEndpoint(endpoint, { query: params }, { signal });
}
