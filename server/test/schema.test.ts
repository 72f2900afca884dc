/**
 * server/src/db/schema.ts agrees with the migrations: after migrating, every table and column of the live
 * database is in the Kysely types and the other way round; a column that may be null is typed `| null`; and
 * a column is optional on insert exactly when the database can fill it (a default, an identity, or null); and
 * a column holding one of a fixed set of values (a status, a kind) is typed as exactly that set, taken from
 * shared/ where the API names the same values, so the code reading it needs no cast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_SOURCES } from '../../shared/contracts/attendance.js';
import { CLIENT_KINDS } from '../../shared/contracts/auth.js';
import { DEVICE_MODES, DEVICE_STATES } from '../../shared/contracts/devices.js';
import { BIOTIME_PULL_STATES, BIOTIME_PULL_TRIGGERS } from '../../shared/contracts/biotime.js';
import { JOB_RUN_OUTCOMES, JOB_RUN_TRIGGERS } from '../../shared/contracts/jobs.js';
import { LEAVE_ICONS } from '../../shared/contracts/leave.js';
import { EMPLOYEE_STATUSES, EMPLOYMENT_TYPES, TEAM_MEMBER_ROLES } from '../../shared/contracts/people.js';
import { ATTACHMENT_KINDS } from '../../shared/attachments.js';
import {
  BADGE_REQUEST_STATUSES,
  BADGE_REQUEST_TYPES,
  CONTRIBUTION_TYPES,
  GIVEN_BADGE_SOURCES,
} from '../../shared/badges.js';
import {
  ATTACHMENT_STATUSES,
  FLAG_DECISIONS,
  FLAG_STATUSES,
  REQUEST_RECIPIENT_STATUSES,
} from '../../shared/feedback.js';
import { FEED_POST_KINDS, FEED_REVIEW_STATUSES, LIKE_TYPES } from '../../shared/feed.js';
import { VIDEO_SOURCES, VIDEO_STATUSES } from '../../shared/leaderboard-videos.js';
import { PROJECT_FEEDBACK_SOURCES } from '../../shared/project-feedback.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { TASK_FEEDBACK_REQUEST_STATUSES } from '../../shared/task-feedback.js';
import { LEAVE_EVENT_ACTIONS, LEAVE_EVENT_ACTORS, LEAVE_KINDS, LEAVE_STATUSES } from '../../shared/leave.js';
import { readLiveSchema, type LiveSchema } from './catalogue.js';
import { createTestDatabase, ENGINE } from './harness.js';
import { readTypeSchema, type TypeSchema } from './schema-types.js';

/** Columns whose values the API names too: `table.column` (camelCase) -> the values shared/ declares. */
const SHARED_VALUES: Record<string, readonly (string | number)[]> = {
  'employees.status': EMPLOYEE_STATUSES,
  'employees.employmentType': EMPLOYMENT_TYPES,
  'teamMembers.role': TEAM_MEMBER_ROLES,
  'employees.language': LANGUAGES,
  'refreshTokens.client': CLIENT_KINDS,
  'ssoRequests.client': CLIENT_KINDS,
  'attendances.source': ATTENDANCE_SOURCES,
  'leaveTypes.kind': LEAVE_KINDS,
  'leaveTypes.icon': LEAVE_ICONS,
  'leaveRequests.status': LEAVE_STATUSES,
  'leaveRequests.restoreStatus': LEAVE_STATUSES,
  'leaveRequestEvents.action': LEAVE_EVENT_ACTIONS,
  'leaveRequestEvents.actorRole': LEAVE_EVENT_ACTORS,
  'leaveRequestEvents.fromStatus': LEAVE_STATUSES,
  'leaveRequestEvents.toStatus': LEAVE_STATUSES,
  'devices.mode': DEVICE_MODES,
  'devices.state': DEVICE_STATES,
  'biotimePulls.state': BIOTIME_PULL_STATES,
  'biotimePulls.trigger': BIOTIME_PULL_TRIGGERS,
  'jobRuns.trigger': JOB_RUN_TRIGGERS,
  'jobRuns.outcome': JOB_RUN_OUTCOMES,
  'feedback.flagStatus': FLAG_STATUSES,
  'feedbackFlags.status': FLAG_STATUSES,
  'feedbackFlagDecisions.decision': FLAG_DECISIONS,
  'feedbackAttachments.kind': ATTACHMENT_KINDS,
  'feedbackAttachments.status': ATTACHMENT_STATUSES,
  'feedbackRequestRecipients.status': REQUEST_RECIPIENT_STATUSES,
  'badgeImages.status': ATTACHMENT_STATUSES,
  'badgeRequests.type': BADGE_REQUEST_TYPES,
  'badgeRequests.status': BADGE_REQUEST_STATUSES,
  'badgeRequests.contributionType': CONTRIBUTION_TYPES,
  'givenBadges.source': GIVEN_BADGE_SOURCES,
  'feedPosts.kind': FEED_POST_KINDS,
  'feedPosts.reviewStatus': FEED_REVIEW_STATUSES,
  'feedLikes.kind': LIKE_TYPES,
  'leaderboardVideos.status': VIDEO_STATUSES,
  'leaderboardVideos.source': VIDEO_SOURCES,
  'projectFeedback.source': PROJECT_FEEDBACK_SOURCES,
  'taskFeedbackRequests.status': TASK_FEEDBACK_REQUEST_STATUSES,
};
/** Column names that hold one of a fixed set of values wherever they appear. */
const ENUMERATED_NAME =
  /(^|[a-z])(status|Status|kind|mode|state|source|trigger|outcome|action|Role|via|purpose|client|icon)$/;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

let live: LiveSchema;
let typed: TypeSchema;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  live = await readLiveSchema(database.handle.db, database.handle.engine);
  typed = readTypeSchema();
});
afterAll(() => drop?.());

describe(`schema.ts against the migrated ${ENGINE} database`, () => {
  it('has the same tables', () => {
    // SQLite's notification signals stand in for PostgreSQL's LISTEN/NOTIFY (migration 0037): typed, made on SQLite only.
    const onlyOn: Record<string, string> = { notificationSignals: 'sqlite' };
    const expected = [...typed.keys()].filter((t) => (onlyOn[t] ?? ENGINE) === ENGINE);
    expect(expected.sort()).toEqual([...live.keys()].map(camel).sort());
  });

  it('has the same columns in every table', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      const types = typed.get(camel(table));
      if (!types) continue; // reported by the test above
      const inDatabase = [...columns.keys()].map(camel);
      for (const c of inDatabase) if (!types.has(c)) differences.push(`${table}.${c}: in the database, not typed`);
      for (const c of types.keys())
        if (!inDatabase.includes(c)) differences.push(`${table}.${c}: typed, not in the database`);
    }
    expect(differences).toEqual([]);
  });

  it('types a column `| null` exactly when the database allows null', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      for (const [column, db] of columns) {
        const type = typed.get(camel(table))?.get(camel(column));
        if (type && type.nullable !== db.nullable)
          differences.push(`${table}.${column}: ${db.nullable ? 'nullable' : 'not null'} in the database`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('lets an insert leave out a column exactly when the database fills it', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      for (const [column, db] of columns) {
        const type = typed.get(camel(table))?.get(camel(column));
        if (!type) continue;
        const fillable = db.hasDefault || db.nullable;
        if (fillable && !type.optionalOnInsert)
          differences.push(
            `${table}.${column}: ${db.hasDefault ? 'has a database default' : 'nullable'}, yet required on insert`,
          );
        if (!fillable && type.optionalOnInsert)
          differences.push(`${table}.${column}: optional on insert, but the database has no default`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('types each column of a fixed set of values as exactly the values shared/ declares for it', () => {
    const differences: string[] = [];
    const sorted = (values: readonly (string | number)[]) =>
      [...values].sort((a, b) => String(a).localeCompare(String(b), 'en', { numeric: true }));
    for (const [name, values] of Object.entries(SHARED_VALUES)) {
      const [table, column] = name.split('.') as [string, string];
      const type = typed.get(table)?.get(column);
      if (!type) differences.push(`${name}: not typed`);
      else if (JSON.stringify(type.literals) !== JSON.stringify(sorted(values)))
        differences.push(
          `${name}: typed ${type.literals ? type.literals.join(' | ') : 'as any value'}, shared/ says ${values.join(' | ')}`,
        );
    }
    expect(differences).toEqual([]);
  });

  it('types every status, kind, mode or state column as a union of its values, never as any string or number', () => {
    const loose: string[] = [];
    for (const [table, columns] of typed)
      for (const [column, type] of columns)
        if (ENUMERATED_NAME.test(column) && type.literals === null) loose.push(`${table}.${column}`);
    expect(loose).toEqual([]);
  });
});
