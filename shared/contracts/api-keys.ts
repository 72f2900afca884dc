/**
 * A tenant's credentials for machines as an administrator manages them (device agent keys, SCIM tokens;
 * server/src/security/api-keys.ts): listed without the key itself, which only the creation answer carries.
 */
import { z } from 'zod';
import { requiredText } from '../validation.js';

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema), total: z.number() });
export const createApiKeyBodySchema = z.strictObject({ name: requiredText(120) });
