/** Building blocks of every API contract: the error shape, list queries and list answers, ids. */
import { z } from 'zod';

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

const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n), {
    message: `pageSize must be one of ${PAGE_SIZES.join(', ')}`,
  });

/**
 * The query every list accepts: page (from 1), pageSize (10, 25, 50 or 100), orderKey among the list's
 * sortable keys, orderDir, searchText. `extra` adds list-specific filters (teamId, status, ...).
 */
export function listQuerySchema<K extends string, E extends z.ZodRawShape = Record<never, never>>(options: {
  orderKeys: readonly [K, ...K[]];
  defaultOrderKey: K;
  defaultOrderDir?: 'asc' | 'desc';
  extra?: E;
}) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
    orderKey: z.enum(options.orderKeys).default(options.defaultOrderKey as never),
    orderDir: z.enum(['asc', 'desc']).default(options.defaultOrderDir ?? 'asc'),
    searchText: z.string().trim().max(200).optional(),
    ...(options.extra ?? ({} as E)),
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

export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

/** Integer ids from query strings: teamId=3. */
export const optionalIdQuery = z.coerce.number().int().positive().optional();

export const emptyResponseSchema = z.undefined().describe('No content');
