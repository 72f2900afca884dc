/**
 * Row factories: one per entity, each taking overrides of any column and answering the stored row. The tenant
 * comes from the builder (`factories(db, tenantId)`, or `server.factories(tenantId)`), everything else has a
 * sensible, unique default, so a test names only what it is about:
 *
 *   const f = server.factories(tenantId);
 *   const team = await f.team({ name: 'Core' });
 *   const ann = await f.employee({ name: 'Ann', roles: ['Employee'], teamIds: [team.id] });
 *   await f.attendance({ employeeId: ann.id, workDate: '2026-11-09', breaks: [[start, end]] });
 *
 * Employees get the test password (PASSWORD) unless told otherwise, so any of them can sign in. Foreign keys to
 * rows a test must know about (the employee of an attendance, say) are required; a leave request without a
 * leave type gets the builder's default type.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import { storedMinutes } from '../../shared/attendance-rules.js';
import type { ActivityKey, PermissionName } from '../../shared/permissions.js';
import { DEFAULT_TENANT_SETTINGS, type TenantSettings } from '../../shared/settings.js';
import { addDays, localDate } from '../../shared/time.js';
import type { Db } from '../src/db/engine.js';
import type { Database, Tenant } from '../src/db/schema.js';
import { feedbackFactories } from './feedback-factories.js';
import { badgeFactories } from './badge-factories.js';
import { feedFactories } from './feed-factories.js';
import { hashPassword } from '../src/security/passwords.js';
import { createTenantWithRoles } from '../src/seed/tenant.js';
import { insertRow } from './insert-row.js';
import { refreshDays, refreshRequestDays } from '../src/modules/attendance/days.js';

/**
 * Whether the database has the daily attendance aggregate yet (migration 0051): a migration test builds rows on an
 * older schema, where there is none to keep. Remembered once seen, as a database is only ever migrated up after.
 */
const aggregated = new WeakSet<Db>();
async function keepsAggregate(db: Db): Promise<boolean> {
  if (aggregated.has(db)) return true;
  const { rows } = await sql`select name from kysely_migration where name = '0051-attendance-days'`.execute(db);
  if (rows.length > 0) aggregated.add(db);
  return rows.length > 0;
}

/** The password of every factory-made employee unless a test gives another. */
export const PASSWORD = 'Str0ng!Pass';

const hashes = new Map<string, Promise<string>>();
/** Hashing is slow on purpose: each password is hashed once per test file. */
export function passwordHash(password: string = PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

type Table = keyof Database;
export type Row<T extends Table> = Selectable<Database[T]>;
type Values<T extends Table> = Omit<Insertable<Database[T]>, 'tenantId'>;
/** Any column may be overridden; the listed ones must be given. */
export type Overrides<T extends Table, Required extends keyof Values<T> = never> = Partial<Values<T>> &
  Pick<Values<T>, Required>;

export type EmployeeOverrides = Overrides<'employees'> & {
  /** Signs in with this password; null for an account without one (invited, device-only). */
  password?: string | null;
  /** Teams the employee is a member of. */
  teamIds?: number[];
  /** Seeded roles by name (Administrator, HR, Team Lead, Employee). */
  roles?: string[];
  roleIds?: number[];
  /** A fresh role holding exactly these grants. */
  grants?: PermissionName[];
  activities?: ActivityKey[];
};

export type RoleOverrides = Overrides<'roles'> & { grants?: PermissionName[]; activities?: ActivityKey[] };

/** A break as [start, end]: end null while it runs. */
export type BreakSpan = [startAt: string, endAt: string | null];

let sequence = 0;
/** Unique across the test file: names, e-mail addresses, serial numbers, dates. */
const next = () => ++sequence;
/** A distinct day per call, far from the dates tests choose. */
const uniqueDay = () => addDays('2031-01-01', next());
const DEFAULT_TIME_ZONE = DEFAULT_TENANT_SETTINGS.tenant_timezone;

/** A tenant with the seeded roles (as the product creates one); unique name and e-mail domain by default. */
export async function createTenant(
  db: Db,
  overrides: { name?: string; emailDomain?: string; logo?: string | null } = {},
  now: Date = new Date(),
  /** feedbackCatalogue: false for a schema older than migration 0017 (migration tests). */
  options: { feedbackCatalogue?: boolean } = {},
): Promise<{ tenant: Tenant; roleIds: Map<string, number> }> {
  const n = next();
  const { tenantId, roleIds } = await createTenantWithRoles(
    db,
    { name: overrides.name ?? `Tenant ${n}`, emailDomain: overrides.emailDomain ?? `tenant-${n}.example` },
    now,
    options,
  );
  if (overrides.logo !== undefined) {
    await db.updateTable('tenants').set({ logo: overrides.logo }).where('id', '=', tenantId).execute();
  }
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
  return { tenant, roleIds };
}

export type Factories = ReturnType<typeof factories>;

export function factories(db: Db, tenantId: number, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const stamp = () => now().toISOString();
  let domain: Promise<string> | undefined;
  const emailDomain = () =>
    (domain ??= db
      .selectFrom('tenants')
      .select('emailDomain')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow()
      .then((t) => t.emailDomain));
  let defaultLeaveType: Promise<Row<'leaveTypes'>> | undefined;

  const seededRoleId = async (name: string) =>
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  const f = {
    tenantId,
    ...feedbackFactories(db, tenantId, stamp, next),
    ...badgeFactories(db, tenantId, stamp, next),
    ...feedFactories(db, tenantId, stamp, next),

    async employee(overrides: EmployeeOverrides = {}): Promise<Row<'employees'>> {
      const { password, teamIds, roles, roleIds, grants, activities, ...columns } = overrides;
      const n = next();
      const row = await insertRow(db, 'employees', {
        tenantId,
        email: columns.email ?? `person-${n}@${await emailDomain()}`,
        name: columns.name ?? `Person ${n}`,
        passwordHash: password === null ? null : await passwordHash(password),
        emailConfirmed: 1,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...columns,
      });
      const assigned = [...(roleIds ?? [])];
      for (const name of roles ?? []) assigned.push(await seededRoleId(name));
      if (grants || activities) {
        assigned.push((await f.role({ name: `custom-${row.id}`, grants: grants ?? [], activities })).id);
      }
      for (const roleId of assigned) await f.employeeRole({ employeeId: row.id, roleId });
      for (const teamId of teamIds ?? []) await f.teamMember({ teamId, employeeId: row.id });
      return row;
    },

    /** Many employees in one insert (no roles or teams): device users, large lists. */
    async employees(count: number, each: (i: number) => Overrides<'employees'> = () => ({})) {
      if (count === 0) return [];
      const suffix = await emailDomain();
      return db
        .insertInto('employees')
        .values(
          Array.from({ length: count }, (_, i) => {
            const n = next();
            return {
              tenantId,
              email: `person-${n}@${suffix}`,
              name: `Person ${n}`,
              passwordHash: null,
              emailConfirmed: 1 as const,
              createdAt: stamp(),
              updatedAt: stamp(),
              ...each(i),
            };
          }),
        )
        .returningAll()
        .execute();
    },

    async team(overrides: Overrides<'teams'> & { memberIds?: number[] } = {}): Promise<Row<'teams'>> {
      const { memberIds, ...columns } = overrides;
      const row = await insertRow(db, 'teams', {
        tenantId,
        name: `Team ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...columns,
      });
      for (const employeeId of memberIds ?? []) await f.teamMember({ teamId: row.id, employeeId });
      return row;
    },

    async teamMember(values: Overrides<'teamMembers', 'teamId' | 'employeeId'>): Promise<Row<'teamMembers'>> {
      return insertRow(db, 'teamMembers', { tenantId, ...values });
    },

    async role(overrides: RoleOverrides = {}): Promise<Row<'roles'>> {
      const { grants, activities, ...columns } = overrides;
      const row = await insertRow(db, 'roles', {
        tenantId,
        name: `Role ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...columns,
      });
      for (const name of grants ?? []) await f.roleGrant({ roleId: row.id, kind: 'permission', name });
      for (const name of activities ?? []) await f.roleGrant({ roleId: row.id, kind: 'activity', name });
      return row;
    },

    async roleGrant(values: Overrides<'roleGrants', 'roleId' | 'name'>): Promise<Row<'roleGrants'>> {
      return insertRow(db, 'roleGrants', { tenantId, kind: 'permission', ...values });
    },

    async employeeRole(values: Overrides<'employeeRoles', 'employeeId' | 'roleId'>): Promise<Row<'employeeRoles'>> {
      return insertRow(db, 'employeeRoles', { tenantId, ...values });
    },

    /** Stores one setting as the settings repository does (JSON text). */
    async setting<K extends keyof TenantSettings>(key: K, value: TenantSettings[K]): Promise<Row<'tenantSettings'>> {
      return db
        .insertInto('tenantSettings')
        .values({ tenantId, key, value: JSON.stringify(value), updatedAt: stamp() })
        .onConflict((oc) => oc.columns(['tenantId', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async refreshToken(overrides: Overrides<'refreshTokens', 'employeeId'>): Promise<Row<'refreshTokens'>> {
      return insertRow(db, 'refreshTokens', {
        tenantId,
        familyId: randomBytes(8).toString('hex'),
        tokenHash: randomBytes(16).toString('hex'),
        client: 'web',
        createdAt: stamp(),
        expiresAt: new Date(now().getTime() + 30 * 86_400_000).toISOString(),
        ...overrides,
      });
    },

    async verificationCode(overrides: Overrides<'verificationCodes'> = {}): Promise<Row<'verificationCodes'>> {
      return insertRow(db, 'verificationCodes', {
        tenantId,
        email: `person-${next()}@${await emailDomain()}`,
        purpose: 'sign-up',
        codeHash: randomBytes(16).toString('hex'),
        createdAt: stamp(),
        expiresAt: new Date(now().getTime() + 15 * 60_000).toISOString(),
        ...overrides,
      });
    },

    async outboxEmail(overrides: Overrides<'outboxEmails'> = {}): Promise<Row<'outboxEmails'>> {
      return insertRow(db, 'outboxEmails', {
        tenantId,
        recipient: `person-${next()}@${await emailDomain()}`,
        subject: 'Hello',
        body: 'Hello from Teambeat',
        createdAt: stamp(),
        ...overrides,
      });
    },

    /**
     * An attendance of one tenant-local day, 09:00 to 17:00 in Karachi unless told; its stored minutes follow
     * from its times and `breaks` (which are inserted too) unless given.
     */
    async attendance(
      overrides: Overrides<'attendances', 'employeeId'> & { breaks?: BreakSpan[] },
    ): Promise<Row<'attendances'>> {
      const { breaks = [], ...columns } = overrides;
      const workDate =
        columns.workDate ?? (columns.checkIn ? localDate(columns.checkIn, DEFAULT_TIME_ZONE) : uniqueDay());
      const checkIn = columns.checkIn ?? `${workDate}T04:00:00.000Z`;
      const checkOut = 'checkOut' in columns ? (columns.checkOut ?? null) : `${workDate}T12:00:00.000Z`;
      const row = await insertRow(db, 'attendances', {
        tenantId,
        workDate,
        checkIn,
        checkOut,
        source: 'manual',
        ...storedMinutes(
          { checkIn, checkOut },
          breaks.map(([start, end]) => ({ start, end })),
        ),
        createdAt: stamp(),
        updatedAt: stamp(),
        ...columns,
      });
      for (const [startAt, endAt] of breaks) await f.attendanceBreak({ attendanceId: row.id, startAt, endAt });
      // As every writer does: the daily aggregate the overviews read (docs/workforce.md "Daily aggregate").
      if (await keepsAggregate(db))
        await refreshDays(db, row.tenantId, [{ employeeId: row.employeeId, date: row.workDate }]);
      return row;
    },

    /** A break row only: the attendance's stored minutes are the caller's concern. */
    async attendanceBreak(overrides: Overrides<'attendanceBreaks', 'attendanceId'>): Promise<Row<'attendanceBreaks'>> {
      let startAt = overrides.startAt;
      if (!startAt) {
        const attendance = await db
          .selectFrom('attendances')
          .select('checkIn')
          .where('id', '=', overrides.attendanceId)
          .executeTakeFirstOrThrow();
        startAt = new Date(new Date(attendance.checkIn).getTime() + 3 * 3_600_000).toISOString();
      }
      return insertRow(db, 'attendanceBreaks', {
        tenantId,
        endAt: new Date(new Date(startAt).getTime() + 30 * 60_000).toISOString(),
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
        startAt,
      });
    },

    async attendanceAudit(
      overrides: Overrides<'attendanceAudit', 'employeeId' | 'attendanceId'>,
    ): Promise<Row<'attendanceAudit'>> {
      return insertRow(db, 'attendanceAudit', { tenantId, action: 'create', at: stamp(), ...overrides });
    },

    async leaveType(overrides: Overrides<'leaveTypes'> = {}): Promise<Row<'leaveTypes'>> {
      return insertRow(db, 'leaveTypes', {
        tenantId,
        name: `Leave type ${next()}`,
        kind: 'quota',
        icon: 'calendar',
        yearlyQuota: 10,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    async holiday(overrides: Overrides<'holidays'> = {}): Promise<Row<'holidays'>> {
      return insertRow(db, 'holidays', {
        tenantId,
        name: `Holiday ${next()}`,
        date: uniqueDay(),
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    /** One working day, pending the PO's approval, of the builder's default leave type unless told. */
    async leaveRequest(overrides: Overrides<'leaveRequests', 'employeeId'>): Promise<Row<'leaveRequests'>> {
      const startDate = overrides.startDate ?? uniqueDay();
      const leaveTypeId = overrides.leaveTypeId ?? (await (defaultLeaveType ??= f.leaveType())).id;
      const row = await insertRow(db, 'leaveRequests', {
        tenantId,
        leaveTypeId,
        startDate,
        endDate: startDate,
        days: 1,
        reason: 'Away',
        status: 1,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
      if (await keepsAggregate(db)) await refreshRequestDays(db, row.tenantId, row.id);
      return row;
    },

    async leaveRequestEvent(
      overrides: Overrides<'leaveRequestEvents', 'requestId'>,
    ): Promise<Row<'leaveRequestEvents'>> {
      return insertRow(db, 'leaveRequestEvents', {
        tenantId,
        actorRole: 'requester',
        toStatus: 1,
        at: stamp(),
        ...overrides,
      });
    },

    /** The tenant's one auto-leave configuration (replaced when it exists). */
    async autoLeaveConfig(overrides: Overrides<'autoLeaveConfigs'> = {}): Promise<Row<'autoLeaveConfigs'>> {
      const values = { updatedAt: stamp(), ...overrides };
      return db
        .insertInto('autoLeaveConfigs')
        .values({ tenantId, ...values })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async autoLeaveMark(overrides: Overrides<'autoLeaveMarks', 'employeeId'>): Promise<Row<'autoLeaveMarks'>> {
      return insertRow(db, 'autoLeaveMarks', { tenantId, date: uniqueDay(), createdAt: stamp(), ...overrides });
    },

    async device(overrides: Overrides<'devices'> = {}): Promise<Row<'devices'>> {
      const n = next();
      return insertRow(db, 'devices', {
        tenantId,
        name: `Device ${n}`,
        serialNo: `DEV-${n}`,
        ipAddress: '127.0.0.1',
        timeZone: DEFAULT_TIME_ZONE,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    /** A punch as stored by the ingest, unmapped unless told. */
    async devicePunch(overrides: Overrides<'devicePunches'> = {}): Promise<Row<'devicePunches'>> {
      const n = next();
      return insertRow(db, 'devicePunches', {
        tenantId,
        deviceSerial: `DEV-${n}`,
        deviceUserId: String(9000 + n),
        punchAt: new Date(Date.UTC(2026, 0, 5, 4) + n * 60_000).toISOString(),
        status: 'unmapped',
        via: 'agent',
        receivedAt: stamp(),
        ...overrides,
      });
    },

    async deviceUserMapping(
      overrides: Overrides<'deviceUserMappings', 'employeeId'>,
    ): Promise<Row<'deviceUserMappings'>> {
      return insertRow(db, 'deviceUserMappings', {
        tenantId,
        deviceUserId: String(5000 + next()),
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    /**
     * A device agent key, stored as the product stores it (prefix and SHA-256); `key` is the secret the agent
     * sends as `Authorization: Agent <key>`.
     */
    async deviceAgentKey(
      overrides: Overrides<'deviceAgentKeys'> = {},
    ): Promise<Row<'deviceAgentKeys'> & { key: string }> {
      const key = `tbagent_${randomBytes(32).toString('base64url')}`;
      const row = await insertRow(db, 'deviceAgentKeys', {
        tenantId,
        name: `Agent ${next()}`,
        prefix: key.slice(0, 'tbagent_'.length + 6),
        keyHash: createHash('sha256').update(key).digest('hex'),
        createdAt: stamp(),
        ...overrides,
      });
      return { ...row, key };
    },

    /** A SCIM provisioning token of the tenant, with the token itself (stored only as its hash). */
    async scimToken(overrides: Overrides<'scimTokens'> = {}): Promise<Row<'scimTokens'> & { token: string }> {
      const token = `tbscim_${randomBytes(32).toString('base64url')}`;
      const row = await insertRow(db, 'scimTokens', {
        tenantId,
        name: `SCIM ${next()}`,
        prefix: token.slice(0, 'tbscim_'.length + 6),
        tokenHash: createHash('sha256').update(token).digest('hex'),
        createdAt: stamp(),
        ...overrides,
      });
      return { ...row, token };
    },

    /** The tenant's one ADMS setting (replaced when it exists). */
    async admsSettings(overrides: Overrides<'admsSettings'> = {}): Promise<Row<'admsSettings'>> {
      const values = { updatedAt: stamp(), ...overrides };
      return db
        .insertInto('admsSettings')
        .values({ tenantId, ...values })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A BioTime connection as the product stores it (the password sealed by the caller, or any text). */
    async biotimeConnection(overrides: Overrides<'biotimeConnections'> = {}): Promise<Row<'biotimeConnections'>> {
      return insertRow(db, 'biotimeConnections', {
        tenantId,
        url: 'http://biotime.invalid:8081',
        username: 'admin',
        password: 'v1.sealed',
        startDate: '2026-01-01',
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    async biotimePull(overrides: Overrides<'biotimePulls'> = {}): Promise<Row<'biotimePulls'>> {
      return insertRow(db, 'biotimePulls', {
        tenantId,
        trigger: 'manual',
        state: 'done',
        startedAt: stamp(),
        heartbeatAt: stamp(),
        finishedAt: stamp(),
        ...overrides,
      });
    },

    async admsPendingDevice(overrides: Overrides<'admsPendingDevices'> = {}): Promise<Row<'admsPendingDevices'>> {
      return insertRow(db, 'admsPendingDevices', {
        tenantId,
        serialNo: `PENDING-${next()}`,
        firstSeenAt: stamp(),
        lastSeenAt: stamp(),
        ...overrides,
      });
    },

    async admsHeldUpload(overrides: Overrides<'admsHeldUploads', 'deviceId'>): Promise<Row<'admsHeldUploads'>> {
      return insertRow(db, 'admsHeldUploads', {
        tenantId,
        serialNo: `HELD-${next()}`,
        clientAddress: '198.51.100.1',
        body: '1001\t2026-01-05 09:00:00\t0\t1\t0\t0\t0',
        punchCount: 1,
        firstPunch: '2026-01-05T09:00:00',
        lastPunch: '2026-01-05T09:00:00',
        receivedAt: stamp(),
        ...overrides,
      });
    },

    async deviceCommand(overrides: Overrides<'deviceCommands', 'deviceId'>): Promise<Row<'deviceCommands'>> {
      return insertRow(db, 'deviceCommands', {
        tenantId,
        command: 'INFO',
        status: 'pending',
        createdAt: stamp(),
        ...overrides,
      });
    },

    /** A finished run of a scheduled job (server/src/jobs). */
    /** A single sign-on provider; the secret is stored as given (tests of the cipher use the API). */
    async tenantSso(overrides: Overrides<'tenantSso'> = {}): Promise<Row<'tenantSso'>> {
      const values = {
        providerName: 'Test IdP',
        issuer: 'https://idp.example.org',
        clientId: 'teambeat',
        clientSecret: 'v1.sealed',
        updatedAt: stamp(),
        ...overrides,
      };
      return db
        .insertInto('tenantSso')
        .values({ tenantId, ...values })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async ssoRequest(overrides: Overrides<'ssoRequests'> = {}): Promise<Row<'ssoRequests'>> {
      return insertRow(db, 'ssoRequests', {
        tenantId,
        stateHash: createHash('sha256').update(`state-${next()}`).digest('hex'),
        nonce: 'nonce',
        codeVerifier: 'verifier',
        redirectUri: 'https://teambeat.example/api/auth/sso/callback',
        client: 'web',
        binding: 'binding',
        createdAt: stamp(),
        expiresAt: stamp(),
        ...overrides,
      });
    },

    async ssoHandoff(overrides: Overrides<'ssoHandoffs', 'employeeId'>): Promise<Row<'ssoHandoffs'>> {
      return insertRow(db, 'ssoHandoffs', {
        tenantId,
        codeHash: createHash('sha256').update(`handoff-${next()}`).digest('hex'),
        challenge: 'challenge',
        createdAt: stamp(),
        expiresAt: stamp(),
        ...overrides,
      });
    },

    async jobRun(overrides: Overrides<'jobRuns'> = {}): Promise<Row<'jobRuns'>> {
      return insertRow(db, 'jobRuns', {
        tenantId,
        job: 'leave-statuses',
        trigger: 'schedule',
        outcome: 'succeeded',
        counts: '{}',
        error: null,
        startedAt: stamp(),
        finishedAt: stamp(),
        ...overrides,
      });
    },
  };
  return f;
}
