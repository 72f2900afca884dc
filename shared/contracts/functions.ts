/**
 * Function Setup (/function/management): functions (Engineering, Design, ...) and their members, who may
 * belong to several (docs/feedback.md, "Functions"). Limits: shared/feedback-catalogue.ts.
 */
import { z } from 'zod';
import { FUNCTION_DESCRIPTION_MAX, FUNCTION_MEMBERS_MAX, FUNCTION_NAME_MAX } from '../feedback-catalogue.js';
import { multiLineText, requiredText } from '../validation.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema } from './common.js';
import { CATALOGUE_STATUSES } from './feedback-catalogue.js';

export const functionMemberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type FunctionMember = z.infer<typeof functionMemberSchema>;

export const functionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean(),
    memberCount: z.number().int(),
    members: z.array(functionMemberSchema).describe('By name'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Function' });
export type FunctionItem = z.infer<typeof functionSchema>;

export const FUNCTION_ORDER_KEYS = ['name', 'memberCount', 'updatedAt', 'id'] as const;
/** Like teams and roles: the latest changed first. Searches name and description. */
export const functionListQuerySchema = listQuerySchema({
  orderKeys: FUNCTION_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
  extra: { status: z.enum(CATALOGUE_STATUSES).optional().describe('Only active or only inactive functions') },
});
export const functionListSchema = listResponseSchema(functionSchema);

/** The spec's function dashboard above Function Setup's list: the functions the caller sees, by status. */
export const functionCountsSchema = z
  .object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() })
  .meta({ id: 'FunctionCounts' });
export type FunctionCounts = z.infer<typeof functionCountsSchema>;

export const functionBodySchema = z.strictObject({
  name: requiredText(FUNCTION_NAME_MAX).describe('Unique in the company, whatever the case'),
  description: multiLineText(FUNCTION_DESCRIPTION_MAX).nullable().optional(),
});
export type FunctionBody = z.input<typeof functionBodySchema>;

export const functionMembersBodySchema = z.strictObject({
  employeeIds: z.array(bodyIdSchema).max(FUNCTION_MEMBERS_MAX).describe('The members, replacing the current ones'),
});
export const functionStatusBodySchema = z.strictObject({ isActive: z.boolean() });

export const functionReportSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');
export const FUNCTION_REPORT_FILE = 'teambeat-functions.csv';
