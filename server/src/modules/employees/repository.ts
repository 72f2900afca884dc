/**
 * The employee directory of one tenant: rows with their teams and roles, and the writes behind adding
 * and changing employees. Bound to the tenant by the request context (`ctx.repo(employeeRepository)`).
 */
import { shownPeople } from '../../db/demo.js';
import {
  nextEmployeeNumber,
  type Employee,
  type EmployeeListParams,
  type EmployeeStatus,
  type EmploymentType,
} from '../../../../shared/contracts/people.js';
import { employeeImagePath, type ImageType } from '../../../../shared/images.js';
import type { Db } from '../../db/engine.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { invitationStates } from '../auth/invitations.js';

/** What an employee row holds that callers set (the rest is the account's own state). */
export type EmployeeFields = {
  name?: string | undefined;
  email?: string | undefined;
  employeeIdentificationNo?: string | null | undefined;
  /** Only null: removes the picture (uploads go through setImage). */
  image?: null | undefined;
  dateOfJoining?: string | null | undefined;
  allocation?: number | undefined;
  /** The identity provider's id (SCIM externalId); only SCIM provisioning sets it. */
  externalId?: string | null | undefined;
  jobTitle?: string | null | undefined;
  managerId?: number | null | undefined;
  location?: string | null | undefined;
  employmentType?: EmploymentType | null | undefined;
  phone?: string | null | undefined;
};

export type NewEmployee = EmployeeFields & { name: string; email: string };

/** Role and team links; a list given replaces the current set, one left undefined is kept. */
export type EmployeeLinks = { roleIds?: number[] | undefined; teamIds?: number[] | undefined };

/** Each employee's teams and roles, by name. */
async function refsByEmployee(db: Db, tenantId: number, employeeIds: number[]) {
  const [teams, roles] = await Promise.all([
    groupLinks({ db, tenantId }, 'teams').groupsOf(employeeIds),
    groupLinks({ db, tenantId }, 'roles').groupsOf(employeeIds),
  ]);
  return { teams, roles };
}

function baseSelect(db: Db, tenantId: number, hideDemo: boolean) {
  return (
    db
      .selectFrom('employees')
      // The manager is in the same tenant (the service refuses another's); the join says so again.
      .leftJoin('employees as managers', (join) =>
        join.onRef('managers.id', '=', 'employees.managerId').on('managers.tenantId', '=', tenantId),
      )
      .select([
        'employees.id',
        'employees.employeeIdentificationNo',
        'employees.name',
        'employees.email',
        'employees.pendingEmail',
        'employees.image',
        'employees.dateOfJoining',
        'employees.status',
        'employees.allocation',
        'employees.updatedAt',
        'employees.jobTitle',
        'employees.managerId',
        'managers.name as managerName',
        'employees.location',
        'employees.employmentType',
        'employees.phone',
      ])
      .where('employees.tenantId', '=', tenantId)
      .where(shownPeople({ db, tenantId }, 'employees.id', hideDemo))
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

async function withRefs(db: Db, tenantId: number, rows: Row[], now: Date): Promise<Employee[]> {
  const [{ teams, roles }, invitations] = await Promise.all([
    refsByEmployee(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
    invitationStates(db, tenantId, rows, now),
  ]);
  return rows.map(({ managerId, managerName, ...r }) => ({
    ...r,
    manager: managerId !== null && managerName !== null ? { id: managerId, name: managerName } : null,
    // The picture is served by Teambeat; the column holds its version (docs/security.md).
    image: r.image ? employeeImagePath(r.id, r.image) : null,
    teams: teams.get(r.id) ?? [],
    roles: roles.get(r.id) ?? [],
    invitation: invitations.get(r.id) ?? 'none',
  }));
}

export function employeeRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const rows = ownedRows(scope);
  const stamp = () => now().toISOString();

  async function find(id: number): Promise<Employee | undefined> {
    const row = await baseSelect(db, tenantId, false).where('employees.id', '=', id).executeTakeFirst();
    return row ? (await withRefs(db, tenantId, [row], now()))[0] : undefined;
  }

  /** An employee; 404 when the tenant has none with this id. */
  async function get(id: number): Promise<Employee> {
    const employee = await find(id);
    if (!employee) throw errors.notFound('employeeNotFound');
    return employee;
  }

  return {
    find,
    get,

    /** Stores an employee's picture (bytes already checked) and makes its upload time the new version. */
    async setImage(id: number, contentType: ImageType, data: Buffer): Promise<void> {
      await get(id);
      const at = stamp();
      // One statement, so two uploads at once cannot both insert (the employee is the key).
      await db
        .insertInto('employeeImages')
        .values({ employeeId: id, tenantId, contentType, data, updatedAt: at })
        .onConflict((oc) => oc.column('employeeId').doUpdateSet({ contentType, data, updatedAt: at }))
        .execute();
      await rows.update('employees', id, { image: at, updatedAt: at });
    },

    /** An employee's picture; 404 when the employee or the picture is not in this tenant. */
    async getImage(id: number): Promise<{ contentType: string; data: Buffer }> {
      const row = await db
        .selectFrom('employeeImages')
        .select(['contentType', 'data'])
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', id)
        .executeTakeFirst();
      if (!row) throw errors.notFound('employeeImageNotFound');
      return { contentType: row.contentType, data: Buffer.from(row.data) };
    },

    /** Demo employees are left out when the tenant has switched demo data off. */
    async list(query: EmployeeListParams, hideDemo: boolean) {
      let base = baseSelect(db, tenantId, hideDemo);
      if (query.status) base = base.where('employees.status', '=', query.status);
      if (query.exceptId) base = base.where('employees.id', '<>', query.exceptId);
      if (query.teamId)
        base = base.where('employees.id', 'in', groupLinks({ db, tenantId }, 'teams').memberIds(query.teamId));
      const page = await paginate(base, query, {
        orderBy: {
          name: { ref: 'employees.name', text: true },
          email: { ref: 'employees.email', text: true },
          employeeIdentificationNo: { ref: 'employees.employeeIdentificationNo', text: true },
          dateOfJoining: { ref: 'employees.dateOfJoining' },
          allocation: { ref: 'employees.allocation' },
          status: { ref: 'employees.status' },
          id: { ref: 'employees.id' },
          updatedAt: { ref: 'employees.updatedAt' },
        },
        search: ['employees.name', 'employees.email', 'employees.employeeIdentificationNo'],
        tieBreaker: 'employees.id',
      });
      return { items: await withRefs(db, tenantId, page.items, now()), total: page.total };
    },

    /** The employee ID the add form suggests (shared nextEmployeeNumber over the tenant's IDs). */
    async nextEmployeeNumber(): Promise<string | null> {
      const ids = await db
        .selectFrom('employees')
        .select('employeeIdentificationNo')
        .where('tenantId', '=', tenantId)
        .where('employeeIdentificationNo', 'is not', null)
        .execute();
      return nextEmployeeNumber(
        ids.flatMap((r) => (r.employeeIdentificationNo === null ? [] : [r.employeeIdentificationNo])),
      );
    },

    /**
     * Takes the tenant's row lock until the transaction ends, so two manager changes of one tenant run one
     * after the other and cannot together make a cycle the check of each alone would miss (A→B and B→A at
     * once). A no-op write: it locks on PostgreSQL and SQLite alike (SQLite writes one at a time anyway).
     */
    async lockManagerChanges(): Promise<void> {
      await db
        .updateTable('tenants')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', tenantId)
        .execute();
    },

    /**
     * A prospective manager of this tenant: its status, or undefined when the tenant has no such employee (a
     * demo person is unknown while `hideDemo`).
     */
    async managerCandidate(id: number, hideDemo: boolean): Promise<{ status: EmployeeStatus } | undefined> {
      return db
        .selectFrom('employees')
        .select('status')
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(shownPeople(scope, 'employees.id', hideDemo))
        .executeTakeFirst();
    },

    /**
     * Whether `employeeId` is `managerId` or someone above it: walks up from `managerId` (the chain is
     * acyclic, so it ends; a bound keeps a damaged one from looping).
     */
    async isInChainAbove(managerId: number, employeeId: number): Promise<boolean> {
      let current: number | null = managerId;
      for (let steps = 0; current !== null && steps < 10_000; steps++) {
        if (current === employeeId) return true;
        const row: { managerId: number | null } | undefined = await db
          .selectFrom('employees')
          .select('managerId')
          .where('tenantId', '=', tenantId)
          .where('id', '=', current)
          .executeTakeFirst();
        current = row?.managerId ?? null;
      }
      return false;
    },

    /** The tenant's company e-mail domain: every employee's address is at it. */
    async emailDomain(): Promise<string> {
      const tenant = await db
        .selectFrom('tenants')
        .select('emailDomain')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return tenant.emailDomain;
    },

    /** Ids that exist in the tenant, to refuse references to another tenant's roles or teams. */
    existingIds: (table: 'roles' | 'teams', ids: number[]) => rows.knownIds(table, ids),

    /** Whether another employee (not `exceptId`) already has this e-mail address or employee ID. */
    async isTaken(field: 'email' | 'employeeIdentificationNo', value: string, exceptId: number | null) {
      let query = db.selectFrom('employees').select('id').where('tenantId', '=', tenantId).where(field, '=', value);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * Writes only: run it in a transaction with `replaceLinks`. The employee has no password yet: they
     * set one with the invitation the service e-mails them (auth/invitations.ts).
     */
    async insert(values: NewEmployee): Promise<number> {
      const at = stamp();
      const row = await db
        .insertInto('employees')
        .values({
          tenantId,
          email: values.email,
          name: values.name,
          employeeIdentificationNo: values.employeeIdentificationNo ?? null,
          image: null,
          dateOfJoining: values.dateOfJoining ?? null,
          allocation: values.allocation ?? 100,
          externalId: values.externalId ?? null,
          jobTitle: values.jobTitle ?? null,
          managerId: values.managerId ?? null,
          location: values.location ?? null,
          employmentType: values.employmentType ?? null,
          phone: values.phone ?? null,
          status: 'active',
          passwordHash: null,
          emailConfirmed: 0,
          isSettingProfile: 0,
          isDemo: 0,
          failedSignIns: 0,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, fields: EmployeeFields): Promise<void> {
      if (fields.image === null)
        await db.deleteFrom('employeeImages').where('tenantId', '=', tenantId).where('employeeId', '=', id).execute();
      await rows.update('employees', id, { ...fields, updatedAt: stamp() });
    },

    /** A new address waiting for its code (null cancels); `email` keeps signing in until it is confirmed. */
    async setPendingEmail(id: number, pendingEmail: string | null): Promise<void> {
      await rows.update('employees', id, { pendingEmail, updatedAt: stamp() });
    },

    async replaceLinks(employeeId: number, links: EmployeeLinks): Promise<void> {
      if (links.roleIds) await groupLinks(scope, 'roles').replaceGroupsOf(employeeId, links.roleIds);
      if (links.teamIds) await groupLinks(scope, 'teams').replaceGroupsOf(employeeId, links.teamIds);
    },

    /** Writes only: run it in a transaction. A deactivated employee is signed out everywhere. */
    async setStatus(id: number, status: EmployeeStatus): Promise<void> {
      const at = stamp();
      await rows.update('employees', id, { status, updatedAt: at });
      if (status === 'inactive') {
        await db
          .updateTable('refreshTokens')
          .set({ revokedAt: at })
          .where('tenantId', '=', tenantId)
          .where('employeeId', '=', id)
          .where('revokedAt', 'is', null)
          .execute();
      }
    },
  };
}
