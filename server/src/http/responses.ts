import type { z } from 'zod';
import { errorResponseSchema } from '../../../shared/contracts/common.js';

const ERROR_STATUSES = [400, 401, 403, 404, 409, 429] as const;

/**
 * A route's response schemas: its success answers plus the shared error shape for the client errors it
 * can give (SCIM routes: RFC 7644's error schema), so the OpenAPI document lists both and error bodies are checked like any other answer.
 */
export function responses<T extends Record<number, z.ZodType>>(
  success: T,
  errorSchema: z.ZodType = errorResponseSchema,
) {
  const errorsByStatus = Object.fromEntries(ERROR_STATUSES.map((s) => [s, errorSchema])) as Record<
    (typeof ERROR_STATUSES)[number],
    z.ZodType
  >;
  return { ...errorsByStatus, ...success };
}
