/**
 * SCIM errors (RFC 7644 §3.12). SCIM routes answer `{schemas: [Error], status, scimType?, detail}` instead
 * of Teambeat's error shape: identity providers read only that. They are AppErrors whose details carry the
 * `scimType`, so a handler throws them like any other error and the error handler renders them for SCIM
 * routes (scimErrorBody); every other failure on a SCIM route (validation, invalid JSON, a unique
 * violation turned into a 409) is translated there too.
 */
import { SCIM_ERROR, type ScimError } from '../../../../shared/contracts/scim.js';
import { AppError } from '../../http/errors.js';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

const scim = (status: number, code: string, detail: string, scimType?: ScimType) =>
  new AppError(status, code, detail, scimType ? { scimType } : undefined);

export const scimErrors = {
  unauthenticated: () => scim(401, 'SCIM_TOKEN_INVALID', 'A valid SCIM provisioning token is required.'),
  notFound: (what: 'User' | 'Group', id: string) => scim(404, 'NOT_FOUND', `${what} ${id} not found.`),
  invalidFilter: (detail: string) => scim(400, 'SCIM_INVALID_FILTER', detail, 'invalidFilter'),
  invalidValue: (detail: string) => scim(400, 'SCIM_INVALID_VALUE', detail, 'invalidValue'),
  invalidPath: (detail: string) => scim(400, 'SCIM_INVALID_PATH', detail, 'invalidPath'),
  noTarget: (detail: string) => scim(400, 'SCIM_NO_TARGET', detail, 'noTarget'),
  mutability: (detail: string) => scim(400, 'SCIM_MUTABILITY', detail, 'mutability'),
  uniqueness: (detail: string) => scim(409, 'SCIM_UNIQUENESS', detail, 'uniqueness'),
};

/** Teambeat's codes whose SCIM form has a scimType. */
const SCIM_TYPES: Record<string, ScimType> = {
  VALIDATION: 'invalidValue',
  INVALID_JSON: 'invalidSyntax',
  CONFLICT: 'uniqueness',
};

/** The SCIM body of a failure already described by the error handler (status, code, message, details). */
export function scimErrorBody(answer: { status: number; code: string; message: string; details?: unknown }): ScimError {
  const details = (answer.details ?? {}) as { scimType?: ScimType; fields?: { path: string; message: string }[] };
  const scimType = details.scimType ?? (answer.status === 409 ? 'uniqueness' : SCIM_TYPES[answer.code]);
  const fields = details.fields?.map((f) => `${f.path}: ${f.message}`).join('; ');
  const detail = answer.status >= 500 ? answer.message : fields ? `${answer.message} ${fields}` : answer.message;
  return { schemas: [SCIM_ERROR], status: String(answer.status), ...(scimType ? { scimType } : {}), detail };
}
