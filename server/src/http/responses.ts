import type { z } from 'zod';
import { errorResponseSchema } from '../../../shared/contracts/common.js';

const ERROR_STATUSES = [400, 401, 403, 404, 409, 429] as const;

/**
 * A route's response schemas: its success answers plus the shared error shape for the client errors it
 * can give, so the OpenAPI document lists both and error bodies are checked like any other answer.
 */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  const errorsByStatus = Object.fromEntries(ERROR_STATUSES.map((s) => [s, errorResponseSchema])) as Record<
    (typeof ERROR_STATUSES)[number],
    typeof errorResponseSchema
  >;
  return { ...errorsByStatus, ...success };
}
