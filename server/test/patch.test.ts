/**
 * A PATCH changes only the fields it names. Walks every PATCH endpoint of the endpoint map and, for each
 * field of its body, sends a body with that one field and checks that every other stored field of the row
 * (and of the rows it owns: a role's grants, an employee's roles and teams, the tenant's settings) is
 * unchanged. A new PATCH endpoint fails here until FIXTURES has an entry for it, and a new body field
 * fails until its entry names a value to send. SCIM's PATCH (operations, not fields) is walked in scim.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '../../shared/endpoints/index.js';
import type { EndpointDef } from '../../shared/endpoints/define.js';
import { fillPath } from '../../shared/endpoints/define.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/notifications.js';
import { notify } from '../src/modules/notifications/writer.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

// Wednesday 25 November 2026, 15:00 in Karachi: yesterday's attendance is within the edit limit.
const clock = () => new Date('2026-11-25T10:00:00Z');

let server: TestServer;
let admin: Api;
let tenantId: number;

type Snapshot = Record<string, unknown>;
/** Rows the badge fixtures name, made once the tenant exists. */
const badgeWorld = { categoryId: 0 };

type Fixture = {
  /** Makes a fresh row for one field's PATCH; answers the path params. */
  create: () => Promise<Record<string, unknown>>;
  /** Everything stored about the row, keyed so that a body field's own key is the stored value's key. */
  read: (params: Record<string, unknown>) => Promise<Snapshot>;
  /** A valid value different from the created row's, per body field. */
  values: Record<string, unknown>;
  /** Stored keys a field may change besides its own (derived columns). */
  derived?: Record<string, string[]>;
};

const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);

type RowTable =
  | 'employees'
  | 'teams'
  | 'roles'
  | 'leaveTypes'
  | 'holidays'
  | 'devices'
  | 'functions'
  | 'projects'
  | 'badges'
  | 'badgeCategories'
  | 'feedbackCategories'
  | 'feedbackAttributes'
  | 'attendances'
  | 'attendanceBreaks';

async function rowOf(table: RowTable, id: unknown) {
  return (await server.db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow()) as Snapshot;
}

/** A catalogue row with its synonyms parsed, as the body names them. */
async function withSynonyms(table: 'feedbackCategories' | 'feedbackAttributes', id: unknown): Promise<Snapshot> {
  const row = await rowOf(table, id);
  return { ...row, synonyms: JSON.parse(String(row['synonyms'])) as unknown };
}

/** A fresh employee's day of attendance (8 hours, one 30-minute break), as both attendance fixtures edit it. */
const dayOfAttendance = async (extra: { isWfo?: 0 | 1 } = {}) => {
  const f = server.factories(tenantId);
  const employee = await f.employee({ roles: ['Employee'] });
  return f.attendance({
    employeeId: employee.id,
    workDate: '2026-11-24',
    checkIn: '2026-11-24T04:00:00.000Z',
    checkOut: '2026-11-24T12:00:00.000Z',
    ...extra,
    breaks: [['2026-11-24T07:00:00.000Z', '2026-11-24T07:30:00.000Z']],
  });
};

async function settingsOf(): Promise<Snapshot> {
  const rows = await server.db
    .selectFrom('tenantSettings')
    .select(['key', 'value'])
    .where('tenantId', '=', tenantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** People and an attribute the feedback fixture needs, made in beforeAll. */
const feedbackWorld = { giverId: 0, firstId: 0, secondId: 0, attributeId: 0, otherAttributeId: 0 };

/** The administrator's notification the mark-as-read fixture marks, made once the tenant exists. */
const notificationWorld = { adminId: 0, id: 0 };
const CHANGED_PREFERENCES = {
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, feedback: true },
};

const FIXTURES: Record<string, Fixture> = {
  markNotificationsRead: {
    // The notification unread again; the others of the administrator as they are.
    create: async () => {
      await server.db
        .updateTable('notifications')
        .set({ readAt: null })
        .where('id', '=', notificationWorld.id)
        .execute();
      return {};
    },
    read: async () => {
      const rows = await server.db
        .selectFrom('notifications')
        .select(['id', 'readAt', 'closedAt'])
        .where('recipientId', '=', notificationWorld.adminId)
        .orderBy('id')
        .execute();
      return {
        ids: rows.find((r) => r.id === notificationWorld.id)?.readAt,
        others: rows.filter((r) => r.id !== notificationWorld.id),
      };
    },
    values: { ids: [] },
  },
  saveNotificationSettings: {
    create: async () => {
      await server.db
        .deleteFrom('notificationPreferences')
        .where('employeeId', '=', notificationWorld.adminId)
        .execute();
      return {};
    },
    read: async () => ({
      preferences: (
        await server.db
          .selectFrom('notificationPreferences')
          .select('preferences')
          .where('employeeId', '=', notificationWorld.adminId)
          .executeTakeFirst()
      )?.preferences,
      settings: await settingsOf(),
    }),
    values: { preferences: CHANGED_PREFERENCES },
  },
  updateTenantNotificationSettings: {
    create: async () => ({}),
    read: () => settingsOf(),
    values: {
      notificationDigestDays: [2, 4],
      notificationDigestTimes: ['07:45'],
      notificationDefaults: CHANGED_PREFERENCES,
      notificationReminderDays: [1, 2, 7],
    },
  },
  // Personal feedback (docs/feedback.md): an edit names what it replaces.
  updateFeedbackGroup: {
    create: async () => {
      const f = server.factories(tenantId);
      const { group } = await f.feedback({
        giverId: feedbackWorld.giverId,
        receiverIds: [feedbackWorld.firstId],
        ratings: [{ attributeId: feedbackWorld.attributeId, rating: 4 }],
        comment: 'Original',
      });
      await f.attachment({ uploadedBy: feedbackWorld.giverId, groupId: group.id });
      return { id: group.id };
    },
    read: async ({ id }) => {
      const group = await server.db
        .selectFrom('feedbackGroups')
        .selectAll()
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow();
      const feedback = await server.db
        .selectFrom('feedback')
        .select(['id', 'receiverId'])
        .where('groupId', '=', group.id)
        .execute();
      const ratings = await server.db
        .selectFrom('feedbackRatings')
        .select(['attributeId', 'rating'])
        .where(
          'feedbackId',
          'in',
          feedback.map((x) => x.id),
        )
        .execute();
      const files = await server.db
        .selectFrom('feedbackAttachments')
        .select('id')
        .where('groupId', '=', group.id)
        .execute();
      return {
        ...group,
        receiverIds: feedback.map((x) => x.receiverId).sort(),
        ratings: [...new Set(ratings.map((r) => JSON.stringify({ attributeId: r.attributeId, rating: r.rating })))],
        attachmentIds: files.map((x) => x.id).sort(),
      };
    },
    values: {
      receiverIds: 'second',
      ratings: 'other attribute',
      comment: 'Changed',
      attachmentIds: [],
    },
  },

  // Feedback Management and Function Setup (docs/feedback.md).
  updateFeedbackCategory: {
    create: async () => ({
      id: (
        await server.factories(tenantId).category({ synonyms: '["first"]', description: 'Original', color: '#112233' })
      ).id,
    }),
    read: ({ id }) => withSynonyms('feedbackCategories', id),
    values: { name: 'Renamed category', synonyms: ['second'], description: 'Changed', color: '#445566' },
  },
  updateFeedbackAttribute: {
    create: async () => {
      const f = server.factories(tenantId);
      const category = await f.category();
      return {
        id: (await f.attribute({ categoryId: category.id, synonyms: '["first"]', description: 'Original' })).id,
      };
    },
    read: ({ id }) => withSynonyms('feedbackAttributes', id),
    values: {
      name: 'Renamed attribute',
      synonyms: ['second'],
      description: 'Changed',
      // Another category of the tenant, made in beforeAll once the tenant exists.
      categoryId: 1,
    },
  },
  // Badge Control (docs/recognition.md); the ids of badgeWorld are made in beforeAll.
  updateBadgeCategory: {
    create: async () => ({ id: (await server.factories(tenantId).badgeCategory()).id }),
    read: ({ id }) => rowOf('badgeCategories', id),
    values: { name: 'Renamed badge category' },
  },
  updateBadge: {
    create: async () => ({
      id: (await server.factories(tenantId).badge({ categoryId: badgeWorld.categoryId, description: 'Original' })).id,
    }),
    read: ({ id }) => rowOf('badges', id),
    values: {
      name: 'Renamed badge',
      description: 'Changed',
      categoryId: 1,
      imageId: 1,
      isCompany: true,
      isChampion: true,
    },
  },
  updateFunction: {
    create: async () => ({
      id: (await server.factories(tenantId).function({ description: 'Original', memberIds: [] })).id,
    }),
    read: ({ id }) => rowOf('functions', id),
    values: { name: 'Renamed function', description: 'Changed' },
  },
  updateProject: {
    create: async () => {
      const at = new Date().toISOString();
      const row = await server.db
        .insertInto('projects')
        .values({
          tenantId,
          name: `Patch project ${at}`,
          url: `https://patch-${Date.now()}.example`,
          projectKey: 'PATCH',
          type: 'monthly',
          description: 'Original',
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
    read: async ({ id }) => {
      const row = await rowOf('projects', id);
      return { ...row, key: row['projectKey'] };
    },
    values: {
      name: 'Renamed project',
      url: 'renamed.example',
      key: 'RENAMED',
      type: 'non-billable',
      description: 'Changed',
    },
    // The body's key is the stored project_key.
    derived: { key: ['projectKey'] },
  },
  // The caller's own account: the admin's row (own account only, the token names it).
  updateMe: {
    create: async () => ({}),
    read: async () =>
      (await server.db
        .selectFrom('employees')
        .selectAll()
        .where('email', '=', 'admin@acme.example')
        .executeTakeFirstOrThrow()) as Snapshot,
    values: { language: 'fr' },
  },
  updateEmployee: {
    create: async () => {
      const f = server.factories(tenantId);
      const team = await f.team();
      const row = await f.employee({
        roles: ['Employee'],
        teamIds: [team.id],
        employeeIdentificationNo: `E-${Math.random()}`,
        dateOfJoining: '2024-01-02',
        image: '/api/employees/1/image?v=1',
      });
      return { id: row.id };
    },
    read: async ({ id }) => {
      const roles = await server.db.selectFrom('employeeRoles').select('roleId').where('employeeId', '=', Number(id));
      const teams = await server.db.selectFrom('teamMembers').select('teamId').where('employeeId', '=', Number(id));
      return {
        ...(await rowOf('employees', id)),
        roleIds: (await roles.execute()).map((r) => r.roleId).sort(),
        teamIds: (await teams.execute()).map((t) => t.teamId).sort(),
      };
    },
    values: {
      name: 'Renamed',
      email: 'renamed@acme.example',
      employeeIdentificationNo: 'E-NEW',
      // Pictures are uploaded (PUT …/image); the PATCH only removes one.
      image: null,
      dateOfJoining: '2025-05-05',
      allocation: 40,
      roleIds: 'Team Lead',
      teamIds: [],
      jobTitle: 'Engineer',
      // An active colleague, set once the tenant exists (beforeAll).
      managerId: 0,
      location: 'Lahore',
      employmentType: 'nfte',
      phone: '+92 300 1234567',
    },
    // An e-mail change waits for the new address to confirm it (docs/security.md).
    derived: { email: ['pendingEmail'] },
  },
  updateTeam: {
    create: async () => ({ id: (await server.factories(tenantId).team({ description: 'Original' })).id }),
    read: ({ id }) => rowOf('teams', id),
    values: { name: 'Renamed team', description: 'Changed', isActive: false },
  },
  updateRole: {
    create: async () => {
      const role = await server.factories(tenantId).role({
        description: 'Original',
        grants: ['view-employees', 'view-roles'],
        activities: ['team_members', 'give_badge'],
      });
      return { id: role.id };
    },
    read: async ({ id }) => {
      const grants = await server.db
        .selectFrom('roleGrants')
        .select(['kind', 'name'])
        .where('roleId', '=', Number(id))
        .orderBy('kind')
        .orderBy('name')
        .execute();
      return {
        ...(await rowOf('roles', id)),
        permissions: grants.filter((g) => g.kind === 'permission').map((g) => g.name),
        activities: grants.filter((g) => g.kind === 'activity').map((g) => g.name),
      };
    },
    values: {
      name: 'Renamed role',
      description: 'Changed',
      isDefault: true,
      permissions: ['view-employees'],
      activities: ['team_members'],
    },
  },
  updateTenant: {
    create: async () => ({}),
    read: async () => ({
      ...((await server.db
        .selectFrom('tenants')
        .selectAll()
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()) as Snapshot),
      settings: await settingsOf(),
    }),
    values: {
      name: 'Renamed company',
      settings: { characterLimit: 321 },
    },
    // Every process's cached settings and tenant row are read again when it moves (migration 0053).
    derived: { name: ['settingsVersion'], settings: ['settingsVersion'] },
  },
  updateProductivitySettings: {
    create: async () => ({}),
    read: () => settingsOf(),
    values: {
      attendence_edit_allow_limit: 12,
      tenant_timezone: 'Asia/Dubai',
      working_hours_per_day: 7,
      break_hours_per_day: 2,
      wfo_required_percentage: 60,
      weekend_days: [5, 6],
      office_networks: ['10.1.0.0/16'],
      shift_latest_checkout: '07:30',
    },
  },
  updateAttendance: {
    create: async () => ({ id: (await dayOfAttendance({ isWfo: 0 })).id }),
    read: async ({ id }) => ({
      ...(await rowOf('attendances', id)),
      breaks: byId(
        await server.db.selectFrom('attendanceBreaks').selectAll().where('attendanceId', '=', Number(id)).execute(),
      ),
    }),
    values: { checkIn: '2026-11-24T05:00:00.000Z', checkOut: '2026-11-24T11:00:00.000Z', isWfo: true },
    derived: { checkIn: ['workedMinutes'], checkOut: ['workedMinutes'] },
  },
  updateAttendanceBreak: {
    create: async () => {
      const row = await dayOfAttendance();
      const brk = await server.db
        .selectFrom('attendanceBreaks')
        .select('id')
        .where('attendanceId', '=', row.id)
        .executeTakeFirstOrThrow();
      return { id: brk.id };
    },
    read: async ({ id }) => {
      const { startAt, endAt, ...rest } = await rowOf('attendanceBreaks', id);
      return { ...rest, start: startAt, end: endAt };
    },
    values: { start: '2026-11-24T06:45:00.000Z', end: '2026-11-24T07:40:00.000Z' },
  },
  updateLeaveType: {
    create: async () => ({
      id: (
        await server.factories(tenantId).leaveType({
          icon: 'beach',
          yearlyQuota: 10,
          minNoticeDays: 0,
          allowBackdated: 1,
          maxDaysPerRequest: 20,
        })
      ).id,
    }),
    read: ({ id }) => rowOf('leaveTypes', id),
    values: {
      name: 'Renamed leave',
      icon: 'medical',
      yearlyQuota: 12,
      minNoticeDays: 3,
      allowBackdated: false,
      maxDaysPerRequest: 5,
    },
    // Documented: a type that needs notice cannot be backdated.
    derived: { minNoticeDays: ['allowBackdated'] },
  },
  updateHoliday: {
    create: async () => ({ id: (await server.factories(tenantId).holiday()).id }),
    read: ({ id }) => rowOf('holidays', id),
    values: { name: 'Renamed holiday', date: '2026-12-31' },
  },
  updateDevice: {
    create: async () => ({
      id: (await server.factories(tenantId).device({ mode: 'pull', port: 4370, timeZone: 'Asia/Karachi' })).id,
    }),
    read: ({ id }) => rowOf('devices', id),
    values: {
      name: 'Renamed device',
      serialNo: `SER-${Date.now()}`,
      mode: 'push',
      ipAddress: '10.9.9.9',
      port: 4371,
      timeZone: 'Europe/Berlin',
      admsNetwork: '10.9.9.0/24',
    },
  },
};

beforeAll(async () => {
  server = await startServer({}, clock);
  // The administrator also gives the feedback the edit fixture changes: only its giver may edit it.
  ({ tenantId, adminId: feedbackWorld.giverId, admin } = await companyWithAdmin(server));
  const f = server.factories(tenantId);
  feedbackWorld.firstId = (await f.employee()).id;
  feedbackWorld.secondId = (await f.employee()).id;
  const category = await f.category({ name: 'Patch feedback' });
  feedbackWorld.attributeId = (await f.attribute({ categoryId: category.id, name: 'Patch one' })).id;
  feedbackWorld.otherAttributeId = (await f.attribute({ categoryId: category.id, name: 'Patch two' })).id;
  FIXTURES['updateFeedbackGroup']!.values = {
    receiverIds: [feedbackWorld.secondId],
    ratings: [{ attributeId: feedbackWorld.otherAttributeId, rating: 3 }],
    comment: 'Changed',
    attachmentIds: [],
  };
  notificationWorld.adminId = feedbackWorld.giverId;
  await notify(
    server.db,
    tenantId,
    {
      type: 'feedback-received',
      recipientIds: [notificationWorld.adminId],
      actorId: feedbackWorld.firstId,
      params: {},
      link: '/received',
    },
    clock(),
  );
  notificationWorld.id = (
    await server.db
      .selectFrom('notifications')
      .select('id')
      .where('recipientId', '=', notificationWorld.adminId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  FIXTURES['markNotificationsRead']!.values['ids'] = [notificationWorld.id];
  badgeWorld.categoryId = (await f.badgeCategory({ name: 'Patch badges' })).id;
  FIXTURES['updateEmployee']!.values['managerId'] = (await f.employee({ name: 'Patch manager' })).id;
  FIXTURES['updateBadge']!.values['categoryId'] = (await f.badgeCategory({ name: 'Patch badge target' })).id;
  FIXTURES['updateBadge']!.values['imageId'] = (await f.badgeImage()).id;
  FIXTURES['updateFeedbackAttribute']!.values['categoryId'] = (
    await server.factories(tenantId).category({ name: 'Patch target' })
  ).id;
});
afterAll(() => server.close());

// SCIM's PATCH is RFC 7644's list of operations, not a partial body: server/test/scim.test.ts walks it. A
// PATCH with no body at all (ignoring a notification, the spec's empty body) has no field to walk.
const patchEndpoints = () =>
  allEndpoints().filter(([, e]) => e.method === 'PATCH' && e.access !== 'scim' && e.body !== undefined);

function bodyFields(endpoint: EndpointDef): string[] {
  expect(endpoint.body, `${endpoint.path} has a body`).toBeInstanceOf(z.ZodObject);
  return Object.keys((endpoint.body as z.ZodObject).shape);
}

const omit = (snapshot: Snapshot, keys: string[]) =>
  Object.fromEntries(Object.entries(snapshot).filter(([k]) => !keys.includes(k)));

describe('every PATCH endpoint', () => {
  it('has a fixture with a value for each body field', () => {
    expect(
      patchEndpoints()
        .map(([id]) => id)
        .sort(),
    ).toEqual(Object.keys(FIXTURES).sort());
    for (const [id, endpoint] of patchEndpoints()) {
      expect(bodyFields(endpoint).sort(), id).toEqual(Object.keys(FIXTURES[id]!.values).sort());
    }
  });

  it('parses a one-field body to that one field (no defaults filled in)', () => {
    for (const [id, endpoint] of patchEndpoints()) {
      for (const [field, value] of Object.entries(FIXTURES[id]!.values)) {
        const sent = { [field]: field === 'roleIds' ? [1] : value };
        const parsed = endpoint.body!.safeParse(sent);
        expect(parsed.success, `${id} ${field}`).toBe(true);
        expect(Object.keys(parsed.data as object), `${id} ${field}`).toEqual([field]);
      }
    }
  });

  for (const [id, endpoint] of patchEndpoints()) {
    it(`${id} changes only the field it is sent`, async () => {
      const fixture = FIXTURES[id];
      if (!fixture) throw new Error(`patch.test.ts has no fixture for ${id}: add one`);
      const roleIds = (await server.db
        .selectFrom('roles')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .execute()) as { id: number; name: string }[];
      for (const [field, sample] of Object.entries(fixture.values)) {
        // roleIds are named by role in the fixture: ids exist only once the tenant does.
        const value = field === 'roleIds' ? [roleIds.find((r) => r.name === sample)!.id] : sample;
        const params = await fixture.create();
        const before = await fixture.read(params);
        const url = fillPath(endpoint.path, params);
        const res = await admin.patch(url, { [field]: value });
        expect(res.status, `${id} ${field}: ${JSON.stringify(res.body)}`).toBe(200);
        const after = await fixture.read(params);
        const free = [field, 'updatedAt', 'updatedBy', ...(fixture.derived?.[field] ?? [])];
        if (field === 'settings') {
          // One setting named: the tenant's other settings stay as they were.
          const named = Object.keys(value as object);
          expect(omit(after['settings'] as Snapshot, named), `${id} settings`).toEqual(
            omit(before['settings'] as Snapshot, named),
          );
        }
        expect(omit(after, free), `${id} ${field}`).toEqual(omit(before, free));
        if (field !== 'email') expect(after[field], `${id} ${field} itself`).not.toEqual(before[field]);
      }
    });
  }
});
