/** Employees, teams and roles: the directory and the administration of who may do what. */
import { z } from 'zod';
import { ACTIVITY_KEYS, PERMISSION_NAMES, type ActivityKey, type PermissionName } from '../permissions.js';
import { IMAGE_TYPES, MAX_IMAGE_BASE64 } from '../images.js';
import { validation as V } from '../i18n/en/validation.js';
import { emailSchema, isoDateSchema, lineText, multiLineText, requiredText } from '../validation.js';
import { isCleanLine } from '../text-rules.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const permissionNameSchema = z.enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]]);
const activityKeySchema = z.enum(ACTIVITY_KEYS as [ActivityKey, ...ActivityKey[]]);

export const teamRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * An account's state in the directory: active (has set a password or signed in), invited and waiting
 * (pending), invited but the link has lapsed (expired), or never invited (none: added before invitations,
 * or in a tenant that signs in by single sign-on only).
 */
export const INVITATION_STATES = ['active', 'pending', 'expired', 'none'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** How an employee is employed (docs/workforce.md "Employee profile"): paid by the hour, non-full-time or full-time. */
export const EMPLOYMENT_TYPES = ['hourly', 'nfte', 'fte'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** A phone number counts 7 to 20 digits; besides them only spaces, +, -, ( and ) (docs/workforce.md). */
export const PHONE_MAX_LENGTH = 30;
export function isPhoneNumber(value: string): boolean {
  if (!/^[0-9 +\-()]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= 7 && digits <= 20;
}
/** Empty clears the number (null), as the form sends it. */
const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, V.phone)
  .refine((v) => v === '' || isPhoneNumber(v), V.phone)
  .transform((v) => (v === '' ? null : v));
/** An optional text: empty clears it (null). */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.maxLength.replace('{{max}}', String(max)))
    .refine(isCleanLine, V.singleLineText)
    .transform((v) => (v === '' ? null : v));

/**
 * The employee ID to suggest after `existing` (docs/workforce.md "Employee profile"): the highest number that
 * ends an ID, + 1, with that ID's prefix and zero-padding (E-0041 → E-0042, 99 → 100); null when none ends in
 * digits. Skips a suggestion already taken (another prefix may end in the same number).
 */
export function nextEmployeeNumber(existing: readonly string[]): string | null {
  let best: { prefix: string; value: bigint; width: number } | null = null;
  for (const id of existing) {
    const match = /^(.*?)(\d+)$/.exec(id.trim());
    if (!match) continue;
    const [, prefix = '', digits = ''] = match;
    const value = BigInt(digits);
    if (!best || value > best.value || (value === best.value && prefix < best.prefix))
      best = { prefix, value, width: digits.length };
  }
  if (!best) return null;
  const taken = new Set(existing);
  let next = best.value + 1n;
  const format = (n: bigint) => `${best.prefix}${n.toString().padStart(best.width, '0')}`;
  while (taken.has(format(next))) next += 1n;
  return format(next);
}

export const employeeSchema = z
  .object({
    id: z.number().int(),
    employeeIdentificationNo: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    /** A new address waiting for the code sent to it; `email` signs in until then. */
    pendingEmail: z.string().nullable(),
    image: z.string().nullable().describe('Where Teambeat serves the picture (/api/employees/:id/image?v=…), or null'),
    dateOfJoining: z.string().nullable(),
    status: z.enum(EMPLOYEE_STATUSES),
    allocation: z.number().int(),
    teams: z.array(teamRefSchema),
    roles: z.array(roleRefSchema),
    invitation: z.enum(INVITATION_STATES).describe('The account: active, or its invitation pending, expired, or none'),
    jobTitle: z.string().nullable(),
    manager: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe('The employee they report to, or null'),
    location: z.string().nullable(),
    employmentType: z.enum(EMPLOYMENT_TYPES).nullable().describe('hourly, nfte (non-full-time) or fte (full-time)'),
    phone: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof employeeSchema>;

export const EMPLOYEE_ORDER_KEYS = [
  'name',
  'email',
  'employeeIdentificationNo',
  'dateOfJoining',
  'allocation',
  'status',
  'id',
  'updatedAt',
] as const;
export const employeeListQuerySchema = listQuerySchema({
  orderKeys: EMPLOYEE_ORDER_KEYS,
  defaultOrderKey: 'name',
  extra: {
    teamId: optionalIdQuery,
    status: z
      .enum(EMPLOYEE_STATUSES)
      .optional()
      .describe('Only active or only inactive employees; the pickers ask for active ones, so a page has its 10'),
    exceptId: optionalIdQuery.describe(
      'Leaves this employee out (the manager picker: the employee being edited), counted by the server like the other filters',
    ),
  },
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;
export type EmployeeListParams = z.output<typeof employeeListQuerySchema>;
export const employeeListResponseSchema = listResponseSchema(employeeSchema);

/**
 * The picture is uploaded to Teambeat (PUT /api/employees/:id/image) and served from there; this field
 * only removes it (null). An address elsewhere is refused: viewers' browsers would call a third party.
 */
const imageSchema = z.null({ error: V.pictureAddress });

/** An upload: PNG, JPEG or WebP, at most 2 MiB, as base64; the bytes must show the type named. */
export const employeeImageBodySchema = z.strictObject({
  contentType: z.enum(IMAGE_TYPES, { error: V.pictureType }),
  data: z
    .string()
    .min(1, V.pictureRequired)
    .max(MAX_IMAGE_BASE64, V.pictureSize)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, V.pictureBase64),
});
export type EmployeeImageBody = z.input<typeof employeeImageBodySchema>;
/** The image bytes; the content type is the picture's own. */
export const employeeImageResponseSchema = z.string().describe('The picture (image/png, image/jpeg or image/webp)');

export const employeeFields = {
  name: requiredText(120),
  email: emailSchema,
  employeeIdentificationNo: lineText(40).min(1).nullable().optional(),
  image: imageSchema.optional(),
  dateOfJoining: isoDateSchema.nullable().optional(),
  allocation: z.number().int().min(0).max(100).optional(),
  roleIds: z.array(bodyIdSchema).max(20).optional(),
  teamIds: z.array(bodyIdSchema).max(50).optional(),
  jobTitle: optionalLine(120).nullable().optional(),
  managerId: bodyIdSchema
    .nullable()
    .optional()
    .describe('Another active employee of the company, not oneself and not someone they manage (null: none)'),
  location: optionalLine(120).nullable().optional(),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: V.employmentType }).nullable().optional(),
  phone: phoneSchema.nullable().optional().describe('7 to 20 digits; besides them only spaces, +, -, ( and )'),
};

export const createEmployeeBodySchema = z.strictObject(employeeFields);
export type CreateEmployeeBody = z.input<typeof createEmployeeBodySchema>;
export const updateEmployeeBodySchema = z.strictObject(employeeFields).partial();
export type UpdateEmployeeBody = z.input<typeof updateEmployeeBodySchema>;
/**
 * The employee ID the add form suggests: the highest numeric one + 1, keeping the prefix and zero-padding of
 * the one it follows (E-0041 → E-0042), or null when no employee ID ends in digits.
 */
export const nextEmployeeNumberSchema = z
  .object({ employeeIdentificationNo: z.string().nullable() })
  .meta({ id: 'NextEmployeeNumber' });
export type NextEmployeeNumber = z.infer<typeof nextEmployeeNumberSchema>;

export const employeeStatusBodySchema = z.strictObject({ status: z.enum(EMPLOYEE_STATUSES) });

/** A member's role in a team (docs/workforce.md, "Teams"): a label of the team's structure, no permission. */
export const TEAM_MEMBER_ROLES = ['member', 'lead', 'product-owner'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(TEAM_MEMBER_ROLES),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean().describe('False once deactivated: out of pickers and of team-scoped reach'),
    memberCount: z.number().int(),
    members: z.array(teamMemberSchema).describe('The members by name, each with their role in the team'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;
export const TEAM_ORDER_KEYS = ['name', 'memberCount', 'updatedAt', 'id'] as const;
/** Which teams a list holds: the active ones (pickers: the default), the inactive ones, or all. */
export const TEAM_LIST_STATES = ['active', 'inactive', 'all'] as const;
export const teamListQuerySchema = listQuerySchema({
  orderKeys: TEAM_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
  extra: { state: z.enum(TEAM_LIST_STATES).default('active') },
});
export const teamListResponseSchema = listResponseSchema(teamSchema);
export const teamBodySchema = z.strictObject({
  name: requiredText(80),
  description: multiLineText(500).nullable().optional(),
});
export type TeamBody = z.input<typeof teamBodySchema>;
export const updateTeamBodySchema = teamBodySchema
  .extend({ isActive: z.boolean().describe('False deactivates the team, true reactivates it') })
  .partial();
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;
/**
 * The members become exactly `employeeIds`. `leadIds` and `productOwnerIds` (each a subset of them, no id in
 * both) name the leads and product owners; the others are plain members. Without them the remaining members
 * keep their roles.
 */
export const teamMembersBodySchema = z
  .strictObject({
    employeeIds: z.array(bodyIdSchema).max(1000),
    leadIds: z.array(bodyIdSchema).max(1000).optional(),
    productOwnerIds: z.array(bodyIdSchema).max(1000).optional(),
  })
  .superRefine((body, ctx) => {
    const members = new Set(body.employeeIds);
    const leads = new Set(body.leadIds ?? []);
    if ((body.leadIds ?? []).some((id) => !members.has(id)))
      ctx.addIssue({ code: 'custom', path: ['leadIds'], message: V.teamRoleNotMember });
    if ((body.productOwnerIds ?? []).some((id) => !members.has(id)))
      ctx.addIssue({ code: 'custom', path: ['productOwnerIds'], message: V.teamRoleNotMember });
    else if ((body.productOwnerIds ?? []).some((id) => leads.has(id)))
      ctx.addIssue({ code: 'custom', path: ['productOwnerIds'], message: V.teamRoleTwice });
  });
export type TeamMembersBody = z.input<typeof teamMembersBodySchema>;

export const roleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    isDefault: z.boolean(),
    permissions: z.array(permissionNameSchema),
    activities: z.array(activityKeySchema),
    employeeCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;
export const ROLE_ORDER_KEYS = ['name', 'updatedAt', 'employeeCount', 'id'] as const;
export const roleListQuerySchema = listQuerySchema({
  orderKeys: ROLE_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
});
export const roleListResponseSchema = listResponseSchema(roleSchema);

const roleFields = {
  name: requiredText(60),
  description: multiLineText(500).nullable().optional(),
  isDefault: z.boolean().optional(),
  permissions: z.array(permissionNameSchema).max(PERMISSION_NAMES.length),
  activities: z.array(activityKeySchema).max(ACTIVITY_KEYS.length),
};
/** A new role without activities gets none. */
export const roleBodySchema = z.strictObject({ ...roleFields, activities: roleFields.activities.default([]) });
export type RoleBody = z.input<typeof roleBodySchema>;
/**
 * A PATCH changes only what it names: built from the fields without defaults, because zod fills a default
 * even inside `.partial()`, and `activities: []` filled in would delete every activity of the role.
 */
export const updateRoleBodySchema = z.strictObject(roleFields).partial();

export const catalogueResponseSchema = z.object({
  permissions: z.array(z.object({ name: permissionNameSchema, group: z.string(), description: z.string() })),
  activities: z.array(z.object({ key: activityKeySchema, description: z.string() })),
});
