/**
 * The Project Hub (/project/management): projects, their members, tracker connection and syncs, sprints,
 * PBIs and tasks (docs/projects.md). Limits and vocabularies: shared/projects.ts.
 */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import {
  IGNORE_REASONS,
  normalizeProjectUrl,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_KEY_MAX,
  PROJECT_MEMBERS_MAX,
  PROJECT_NAME_MAX,
  PROJECT_ROLES,
  PROJECT_TYPES,
  PROJECT_URL_MAX,
  QUALITY_RESULTS,
  SPRINT_GOAL_MAX,
  SPRINT_NAME_MAX,
  SPRINT_STATUSES,
  TASK_BATCH_MAX,
  TASK_STATUSES,
  TRACKER_TASK_STATUSES,
  TRACKER_TOOLS,
} from '../projects.js';
import { isoDateSchema, lineText, multiLineText, requiredText } from '../validation.js';
import { bodyIdSchema, idSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';

const named = z.object({ id: z.number().int(), name: z.string() });

/** What went wrong with a tracker (server/src/modules/projects/connectors/types.ts, docs/projects.md). */
export const TRACKER_ERROR_CODES = ['credentials', 'not-found', 'rate-limited', 'unreachable', 'bad-answer'] as const;
export type TrackerErrorCode = (typeof TRACKER_ERROR_CODES)[number];

export const projectMemberSchema = z
  .object({
    employeeId: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(PROJECT_ROLES),
    allocation: z.number().int().describe('Percent of their time, 0 to 100'),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectSyncSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(['running', 'done', 'failed']),
    sprint: named.nullable().describe('The one sprint synced; null for all sprints'),
    total: z.number().int().describe('Sprints to read'),
    done: z.number().int().describe('Sprints read so far'),
    items: z.number().int().describe('PBIs and tasks stored so far'),
    errorCode: z.enum(TRACKER_ERROR_CODES).nullable(),
    errorMessage: z.string().nullable(),
    retryAt: z.string().nullable().describe('A rate-limited sync is tried again by the schedule after this instant'),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ProjectSync' });
export type ProjectSync = z.infer<typeof projectSyncSchema>;

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    key: z.string(),
    type: z.enum(PROJECT_TYPES),
    description: z.string().nullable(),
    isActive: z.boolean(),
    productOwners: z.array(named),
    memberCount: z.number().int(),
    developerCount: z.number().int().describe('Members who are not product owners'),
    connection: z
      .object({
        tool: z.enum(TRACKER_TOOLS),
        user: z.string().describe('The account; the token is never answered'),
        trackerName: z.string().nullable(),
        connectedAt: z.string(),
      })
      .nullable(),
    lastSync: projectSyncSchema.nullable(),
    sprintCount: z.number().int(),
    taskCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectDetailSchema = projectSchema
  .extend({ members: z.array(projectMemberSchema).describe('Product owners first, then by name') })
  .meta({ id: 'ProjectDetail' });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const PROJECT_ORDER_KEYS = ['name', 'createdAt', 'updatedAt', 'memberCount'] as const;
export const projectListQuerySchema = listQuerySchema({
  orderKeys: PROJECT_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
  extra: {
    status: z.enum(['active', 'inactive']).optional(),
    type: z.enum(PROJECT_TYPES).optional(),
  },
});
export const projectListSchema = listResponseSchema(projectSchema);

/**
 * The spec's team dashboard above the Project Hub's list (docs/projects.md "Pages"): how many projects the
 * caller sees, active and inactive, and by type; billable is fixed scope and monthly together.
 */
export const projectCountsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    billable: z.number().int(),
    nonBillable: z.number().int(),
    fixedScope: z.number().int(),
    monthly: z.number().int(),
  })
  .meta({ id: 'ProjectCounts' });
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

/** The project's address: the http(s) prefix optional (https assumed); stored normalised. */
export const projectUrlSchema = z
  .string()
  .trim()
  .min(1, V.required)
  .max(PROJECT_URL_MAX)
  .refine((v) => normalizeProjectUrl(v) !== null, V.projectUrl)
  .transform((v) => normalizeProjectUrl(v)!);

export const projectBodySchema = z.strictObject({
  name: requiredText(PROJECT_NAME_MAX).describe('Unique in the company, whatever the case'),
  url: projectUrlSchema.describe('The tracker address (https:// optional); unique with the key'),
  key: requiredText(PROJECT_KEY_MAX).describe('The project in the tracker: Jira key, Azure DevOps project, board id'),
  type: z.enum(PROJECT_TYPES),
  description: multiLineText(PROJECT_DESCRIPTION_MAX).nullable().optional(),
});
export type ProjectBody = z.input<typeof projectBodySchema>;

export const projectStatusBodySchema = z.strictObject({ isActive: z.boolean() });

export const projectMembersBodySchema = z.strictObject({
  members: z
    .array(
      z.strictObject({
        employeeId: bodyIdSchema,
        role: z.enum(PROJECT_ROLES),
        allocation: z.number().int().min(0, V.percent).max(100, V.percent),
      }),
    )
    .max(PROJECT_MEMBERS_MAX)
    .describe('The members, replacing the current ones; each employee once'),
});
export type ProjectMembersBody = z.input<typeof projectMembersBodySchema>;

export const projectConnectionBodySchema = z.strictObject({
  tool: z.enum(TRACKER_TOOLS),
  user: lineText(254)
    .default('')
    .describe('Jira: the account e-mail; Trello: the API key; empty for token-only trackers'),
  token: z
    .string()
    .trim()
    .max(4096)
    .optional()
    .describe('API token or personal access token; left out to keep the stored one (same tool and account)'),
});
export type ProjectConnectionBody = z.input<typeof projectConnectionBodySchema>;

export const projectSyncBodySchema = z.strictObject({
  sprintId: bodyIdSchema.optional().describe('One sprint; left out: every sprint (sync-all-sprints)'),
});

export const sprintSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    goal: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    status: z.enum(SPRINT_STATUSES),
    qaKickback: z.number().int().nullable(),
    uatKickback: z.number().int().nullable(),
    carryOvers: z.number().int().nullable(),
    qualityResult: z.enum(QUALITY_RESULTS),
    fromTracker: z.boolean(),
    pbiCount: z.number().int(),
    taskCount: z.number().int(),
    syncedAt: z.string().nullable(),
  })
  .meta({ id: 'Sprint' });
export type Sprint = z.infer<typeof sprintSchema>;
export const sprintListSchema = z.object({ items: z.array(sprintSchema).describe('Newest first') });

const percent = z.number().int().min(0, V.percent).max(100, V.percent).nullable();
export const sprintBodySchema = z
  .strictObject({
    name: requiredText(SPRINT_NAME_MAX),
    goal: requiredText(SPRINT_GOAL_MAX).describe('Mandatory'),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    status: z.enum(SPRINT_STATUSES),
    qaKickback: percent.optional(),
    uatKickback: percent.optional(),
    carryOvers: percent.optional(),
    qualityResult: z.enum(QUALITY_RESULTS).optional(),
  })
  .refine((s) => s.endDate >= s.startDate, { path: ['endDate'], message: V.startAfterEnd });
export type SprintBody = z.input<typeof sprintBodySchema>;
export const sprintParamsSchema = z.strictObject({ id: idSchema, sprintId: idSchema });

const person = z.object({ id: z.number().int().nullable().describe('The employee, once matched'), name: z.string() });

export const pbiSchema = z
  .object({
    id: z.number().int(),
    refId: z.string(),
    name: z.string(),
    type: z.string(),
    status: z.enum(TASK_STATUSES),
    trackerStatus: z.string(),
    link: z.string(),
    sprint: named.nullable(),
    participants: z.array(person),
    completionDate: z.string().nullable(),
    taskCount: z.number().int(),
    overallRating: z.number().nullable().describe('Average of the project feedback on it; null until rated'),
    valueForMoney: z.number().nullable(),
    quality: z.number().nullable(),
  })
  .meta({ id: 'Pbi' });
export type Pbi = z.infer<typeof pbiSchema>;
export const PBI_ORDER_KEYS = ['refId', 'name', 'completionDate', 'status'] as const;
export const pbiListQuerySchema = listQuerySchema({
  orderKeys: PBI_ORDER_KEYS,
  defaultOrderKey: 'refId',
  extra: { sprintId: optionalIdQuery },
});
export const pbiListSchema = listResponseSchema(pbiSchema);

export const taskSchema = z
  .object({
    id: z.number().int(),
    issueId: z.string(),
    name: z.string(),
    type: z.string(),
    sprint: named.nullable(),
    plan: named.describe('The project the task belongs to'),
    pbi: z.object({ id: z.number().int(), refId: z.string(), name: z.string() }).nullable(),
    status: z.enum(TASK_STATUSES),
    trackerStatus: z.string(),
    link: z.string(),
    assignee: person.nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    devCycleTime: z.number().nullable().describe('Hours from in progress to done'),
    qaKickbacks: z.number().int(),
    qaCycleTime: z.number().nullable().describe('Hours in testing and UAT'),
    ignoredReason: z.enum(IGNORE_REASONS).nullable(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;
export const TASK_ORDER_KEYS = [
  'issueId',
  'name',
  'status',
  'startDate',
  'endDate',
  'devCycleTime',
  'qaKickbacks',
] as const;
export const taskListQuerySchema = listQuerySchema({
  orderKeys: TASK_ORDER_KEYS,
  defaultOrderKey: 'issueId',
  extra: {
    sprintId: optionalIdQuery,
    status: z
      .enum([...TRACKER_TASK_STATUSES, 'ignored'])
      .optional()
      .describe('A tracker status, or ignored'),
  },
});
export const taskListSchema = listResponseSchema(taskSchema);

export const taskIgnoreBodySchema = z.strictObject({
  taskIds: z.array(bodyIdSchema).min(1, V.required).max(TASK_BATCH_MAX),
  reason: z.enum(IGNORE_REASONS),
});
export const taskRestoreBodySchema = z.strictObject({
  taskIds: z.array(bodyIdSchema).min(1, V.required).max(TASK_BATCH_MAX),
});
export const taskBatchResultSchema = z.object({ changed: z.number().int().describe('Tasks changed') });

export const projectReportSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');
export const PROJECT_REPORT_FILE = 'teambeat-projects.csv';
export const ALLOCATION_REPORT_FILE = 'teambeat-project-allocation.csv';

/** Someone the tracker assigns work to, and the employee they are (matched by e-mail, or mapped by hand). */
export const trackerPersonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    employee: named.nullable(),
    mappedByHand: z.boolean(),
    taskCount: z.number().int(),
  })
  .meta({ id: 'TrackerPerson' });
export type TrackerPerson = z.infer<typeof trackerPersonSchema>;
export const trackerPeopleSchema = z.object({ items: z.array(trackerPersonSchema).describe('By name') });
export const participantParamsSchema = z.strictObject({ id: idSchema, personId: idSchema });
export const participantBodySchema = z.strictObject({
  employeeId: bodyIdSchema.nullable().describe('The employee this person is; null removes the mapping'),
});
