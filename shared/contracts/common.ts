/** Building blocks of every API contract: the error shape, list queries and list answers, ids. */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { lineText } from '../validation.js';

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** A page size the lists accept: the number itself when it is one, else the default. */
export function toPageSize(n: number): PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}

/** A page size among `sizes` (default: the table choices), with a message naming them. */
function pageSizeSchema(sizes: readonly number[]) {
  return z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n), { message: `pageSize must be one of ${sizes.join(', ')}` });
}

/**
 * The query every page-based list accepts: page (from 1), pageSize (10, 25, 50 or 100 unless the list
 * says otherwise), orderKey among the list's sortable keys, orderDir, searchText. `extra` adds
 * list-specific filters (teamId, status, ...). A list whose spec names another page size (leave requests:
 * 20) adds it with `pageSizes` and `defaultPageSize`; a list with no text to search sets `searchable: false`.
 */
export function listQuerySchema<
  K extends string,
  E extends z.ZodRawShape = Record<never, never>,
  S extends boolean = true,
>(options: {
  orderKeys: readonly [K, ...K[]];
  defaultOrderKey: K;
  defaultOrderDir?: 'asc' | 'desc';
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  searchable?: S;
  extra?: E;
}) {
  const sizes = options.pageSizes ?? PAGE_SIZES;
  const search = (options.searchable ?? true) ? { searchText: lineText(200).optional() } : {};
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: pageSizeSchema(sizes).default(options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    orderKey: z.enum(options.orderKeys).default(options.defaultOrderKey as never),
    orderDir: z.enum(['asc', 'desc']).default(options.defaultOrderDir ?? 'asc'),
    ...(search as S extends false ? Record<never, never> : { searchText: z.ZodOptional<z.ZodString> }),
    ...(options.extra ?? ({} as E)),
  });
}

/**
 * Also accepts `pageNumber`, the spec's older name for `page` (leave requests and pending approvals).
 * Deprecated: new clients send `page`; `page` wins when both come. Handlers only ever see `page`.
 */
export function withPageNumberAlias<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema
    .extend({
      page: z.coerce.number().int().min(1).optional().describe('Page from 1; default 1'),
      pageNumber: z.coerce.number().int().min(1).optional().describe('Deprecated: the spec’s name for page'),
    })
    .transform((query) => {
      const { pageNumber, page, ...rest } = query as typeof query & { page?: number; pageNumber?: number };
      return { ...rest, page: page ?? pageNumber ?? 1 };
    });
}

/**
 * Also accepts `search`, the spec's name for `searchText` (the devices list). `searchText` wins when both come;
 * handlers only ever see `searchText`.
 */
export function withSearchAlias<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema
    .extend({
      search: z.string().trim().max(200).optional().describe('The spec’s name for searchText'),
    })
    .transform((query) => {
      const { search, ...rest } = query as typeof query & { search?: string; searchText?: string };
      const searchText = rest.searchText || search || undefined;
      return { ...rest, searchText } as Omit<typeof query, 'search'>;
    });
}

export type ListQuery<K extends string = string> = {
  page: number;
  pageSize: number;
  orderKey: K;
  orderDir: 'asc' | 'desc';
  searchText?: string | undefined;
};

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
export type ListResponse<T> = { items: T[]; total: number };

/**
 * Ids are row ids of an integer column: 1 to 2147483647 (PostgreSQL's integer). In a path or a query they
 * are written in plain decimal digits only (security review item 14): `1e3`, `0x10`, ` 1`, `01`, `1.0`
 * and `+1` are refused, where a number coercion read them as 1000, 16 and 1.
 */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = V.id;

/** An id in a path or query string (the in-process client may pass the number itself). */
export const idSchema = z.coerce
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID, ID_MESSAGE));

/** An id in a JSON body. */
export const bodyIdSchema = z.number().int().min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

export const idParamsSchema = z.strictObject({ id: idSchema });

/** Integer ids from query strings: teamId=3. */
export const optionalIdQuery = idSchema.optional();

export const emptyResponseSchema = z.undefined().describe('No content');

/** Cursor lists: a page of `limit` rows after `cursor` (the previous page's nextCursor). */
export const DEFAULT_CURSOR_LIMIT = 20;
export const MAX_CURSOR_LIMIT = 100;

/**
 * The query of a cursor list (the news feed and notifications, where rows arrive while someone reads):
 * limit (1 to 100, default 20), cursor (opaque; absent for the first page), and the list's filters.
 */
export function cursorListQuerySchema<E extends z.ZodRawShape = Record<never, never>>(
  options: { defaultLimit?: number; extra?: E } = {},
) {
  return z.strictObject({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_CURSOR_LIMIT)
      .default(options.defaultLimit ?? DEFAULT_CURSOR_LIMIT),
    cursor: z.string().min(1).max(2000).optional().describe('Opaque: the nextCursor of the previous page'),
    ...(options.extra ?? ({} as E)),
  });
}
export type CursorListQuery = { limit: number; cursor?: string | undefined };

/** A page of a cursor list; nextCursor is null on the last page. */
export function cursorListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type CursorListResponse<T> = { items: T[]; nextCursor: string | null };
