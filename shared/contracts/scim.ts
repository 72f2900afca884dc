/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as Teambeat serves it to a tenant's identity provider:
 * Users are employees, Groups are teams (docs/sso.md, "Provisioning (SCIM 2.0)"). Request bodies are loose
 * objects: providers send attributes Teambeat does not keep (title, phoneNumbers, addresses, ...), which
 * are ignored as RFC 7644 allows; the ones it keeps are checked here and by the server's service. Also the
 * contracts of Settings, Provisioning (the tokens an administrator creates for the provider).
 */
import { z } from 'zod';
import { lineText } from '../validation.js';
import { apiKeyListSchema, apiKeySchema, createApiKeyBodySchema } from './api-keys.js';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12: `status` is the HTTP status as a string; `scimType` names the kind of 400 or 409. */
export const scimErrorSchema = z
  .object({
    schemas: z.array(z.string()),
    status: z.string(),
    scimType: z.string().optional(),
    detail: z.string().optional(),
  })
  .meta({ id: 'ScimError' });
export type ScimError = z.infer<typeof scimErrorSchema>;

/**
 * A boolean as providers send it: JSON true/false, or (Entra ID in PATCH values before its 2020 fix)
 * the strings "True"/"False" in any case.
 */
export const scimBooleanSchema = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i, 'Expected true or false')
    .transform((v) => v.toLowerCase() === 'true'),
]);

/** Single-line text (no controls, no line breaks), at most `max` characters. */
const text = (max: number) => lineText(max);

/** SCIM ids are strings; Teambeat's are decimal numbers, and anything else is simply not found. */
export const scimIdParamsSchema = z.strictObject({ id: text(64) });

export const scimListQuerySchema = z.object({
  filter: text(1000).optional(),
  /** 1-based; RFC 7644 §3.4.2.4 reads a value below 1 as 1. */
  startIndex: z
    .string()
    .regex(/^-?\d{1,9}$/, 'Expected a whole number')
    .transform((v) => Math.max(1, Number(v)))
    .optional(),
  /** Page size; below 0 reads as 0, above 200 as 200 (ServiceProviderConfig's maxResults). */
  count: z
    .string()
    .regex(/^-?\d{1,9}$/, 'Expected a whole number')
    .transform((v) => Math.min(200, Math.max(0, Number(v))))
    .optional(),
  attributes: text(1000).optional(),
  excludedAttributes: text(1000).optional(),
});
export type ScimListQuery = z.output<typeof scimListQuerySchema>;

export const scimResourceQuerySchema = scimListQuerySchema.pick({ attributes: true, excludedAttributes: true });

const emailSchema = z.looseObject({
  value: text(254),
  type: text(40).optional(),
  primary: scimBooleanSchema.optional(),
});

export const scimUserBodySchema = z.looseObject({
  schemas: z.array(text(200)).max(10).optional(),
  userName: z.string().trim().min(1, 'userName is required').max(254, 'At most 254 characters'),
  externalId: text(255).nullable().optional(),
  name: z
    .looseObject({
      formatted: text(200).nullable().optional(),
      givenName: text(200).nullable().optional(),
      familyName: text(200).nullable().optional(),
    })
    .optional(),
  displayName: text(200).nullable().optional(),
  active: scimBooleanSchema.optional(),
  emails: z.array(emailSchema).max(10).optional(),
  [SCIM_ENTERPRISE_USER]: z.looseObject({ employeeNumber: text(64).nullable().optional() }).optional(),
});
export type ScimUserBody = z.output<typeof scimUserBodySchema>;

const memberRefSchema = z.looseObject({ value: text(64), display: text(200).optional() });

export const scimGroupBodySchema = z.looseObject({
  schemas: z.array(text(200)).max(10).optional(),
  displayName: z.string().trim().min(1, 'displayName is required').max(120, 'At most 120 characters'),
  externalId: text(255).nullable().optional(),
  members: z.array(memberRefSchema).max(10_000).optional(),
});
export type ScimGroupBody = z.output<typeof scimGroupBodySchema>;

/** RFC 7644 §3.5.2. `op` in any case (Entra sends "Replace"); `value` is checked per path by the server. */
export const scimPatchBodySchema = z.looseObject({
  schemas: z.array(text(200)).max(10),
  Operations: z
    .array(
      z.looseObject({
        op: z.string().regex(/^(add|replace|remove)$/i, 'op must be add, replace or remove'),
        path: text(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, 'At least one operation')
    .max(1000, 'At most 1000 operations'),
});
export type ScimPatchBody = z.output<typeof scimPatchBodySchema>;

const metaSchema = z.object({
  resourceType: z.string(),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
});

export const scimUserSchema = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    userName: z.string(),
    name: z.object({ formatted: z.string(), givenName: z.string().optional(), familyName: z.string().optional() }),
    displayName: z.string(),
    active: z.boolean(),
    emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
    [SCIM_ENTERPRISE_USER]: z.object({ employeeNumber: z.string() }).optional(),
    meta: metaSchema,
  })
  .meta({ id: 'ScimUser' });
export type ScimUser = z.infer<typeof scimUserSchema>;

export const scimGroupSchema = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    displayName: z.string(),
    members: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string() })).optional(),
    meta: metaSchema,
  })
  .meta({ id: 'ScimGroup' });
export type ScimGroup = z.infer<typeof scimGroupSchema>;

export function scimListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    schemas: z.array(z.string()),
    totalResults: z.number().int(),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
    Resources: z.array(item),
  });
}

/** ServiceProviderConfig, ResourceTypes and Schemas: fixed documents, described loosely. */
export const scimDocumentSchema = z.looseObject({ schemas: z.array(z.string()) });
export const scimDocumentListSchema = scimListResponseSchema(scimDocumentSchema);

// Settings, Provisioning: the tokens of the tenant's SCIM client.
export const scimTokenSchema = apiKeySchema;
export type ScimToken = z.infer<typeof scimTokenSchema>;
export const scimTokenListSchema = apiKeyListSchema;
export const createScimTokenBodySchema = createApiKeyBodySchema;
export type CreateScimTokenBody = z.infer<typeof createScimTokenBodySchema>;
/** The only answer that carries the token itself: it is stored hashed and cannot be shown again. */
export const createdScimTokenSchema = scimTokenSchema.extend({ token: z.string() });
