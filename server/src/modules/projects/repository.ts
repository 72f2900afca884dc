/**
 * Projects of one tenant, their members, sprints, PBIs, tasks and the tracker's people (docs/projects.md).
 * Bound to the tenant by the request context (`ctx.repo(projectRepository)`). `memberOf`, when given, narrows
 * every read and write to the projects that employee is a member of (callers without view-all-projects):
 * another is "not found".
 */
import { sql } from 'kysely';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import type {
  Pbi,
  Project,
  ProjectCounts,
  ProjectDetail,
  ProjectMember,
  ProjectSync,
  Sprint,
  Task,
  TrackerPerson,
} from '../../../../shared/contracts/projects.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type {
  IgnoreReason,
  ProjectRole,
  ProjectType,
  QualityResult,
  SprintStatus,
  TaskStatus,
  TrackerTaskStatus,
  TrackerTool,
} from '../../../../shared/projects.js';
import { taskStatus } from '../../../../shared/task-feedback.js';
import { toNumber, type Db } from '../../db/engine.js';
import { uniqueOr, violatedIndex } from '../../db/errors.js';
import { oneOrNotFound, ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { pendingRequestCount } from '../task-feedback/repository.js';
import { projectFeedbackRepository, type Sources } from '../project-feedback/repository.js';

export type ProjectScope = { memberOf: number | null; hideDemo: boolean };

export type ProjectValues = {
  name: string;
  url: string;
  key: string;
  type: ProjectType;
  description?: string | null | undefined;
};

export type SprintValues = {
  name: string;
  goal: string;
  startDate: string;
  endDate: string;
  status: SprintStatus;
  qaKickback?: number | null | undefined;
  uatKickback?: number | null | undefined;
  carryOvers?: number | null | undefined;
  qualityResult?: QualityResult | undefined;
};

type ListArgs<K extends string> = {
  page: number;
  pageSize: number;
  orderKey: K;
  orderDir: 'asc' | 'desc';
  searchText?: string | undefined;
};

const nameTaken = () => errors.conflict('body.name', MESSAGES.PROJECT_EXISTS);
const placeTaken = () => errors.conflict('body.key', MESSAGES.PROJECT_URL_KEY_EXISTS);

function projectSelect(db: Db, tenantId: number, scope: ProjectScope) {
  let query = db
    .selectFrom('projects as p')
    .select([
      'p.id',
      'p.name',
      'p.url',
      'p.projectKey',
      'p.type',
      'p.description',
      'p.isActive',
      'p.tool',
      'p.trackerUser',
      'p.trackerName',
      'p.connectedAt',
      'p.createdAt',
      'p.updatedAt',
      referenceCount('projectMembers', 'projectId', 'p.id').as('memberCount'),
      referenceCount('projectSprints', 'projectId', 'p.id').as('sprintCount'),
      referenceCount('projectTasks', 'projectId', 'p.id').as('taskCount'),
    ])
    .where('p.tenantId', '=', tenantId);
  if (scope.hideDemo) query = query.where('p.isDemo', '=', 0);
  if (scope.memberOf !== null)
    query = query.where('p.id', 'in', (eb) =>
      eb
        .selectFrom('projectMembers as pm')
        .select('pm.projectId')
        .where('pm.tenantId', '=', tenantId)
        .where('pm.employeeId', '=', scope.memberOf!),
    );
  return query;
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectSelect>['executeTakeFirstOrThrow']>>;
type SyncRow = {
  id: number;
  projectId: number;
  sprintId: number | null;
  sprintName: string | null;
  state: string;
  total: number;
  done: number;
  items: number;
  errorCode: string | null;
  errorMessage: string | null;
  retryAt: string | null;
  startedAt: string;
  finishedAt: string | null;
};

export function syncView(row: SyncRow): ProjectSync {
  return {
    id: row.id,
    state: row.state as ProjectSync['state'],
    sprint: row.sprintId !== null && row.sprintName !== null ? { id: row.sprintId, name: row.sprintName } : null,
    total: row.total,
    done: row.done,
    items: row.items,
    errorCode: row.errorCode as ProjectSync['errorCode'],
    errorMessage: row.errorMessage,
    retryAt: row.retryAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

export function projectRepository(tenant: TenantScope) {
  const { db, tenantId, now } = tenant;
  const stamp = () => now().toISOString();
  const rows = ownedRows(tenant);

  function syncSelect() {
    return db
      .selectFrom('projectSyncs as s')
      .leftJoin('projectSprints as sp', 'sp.id', 's.sprintId')
      .select([
        's.id',
        's.projectId',
        's.sprintId',
        'sp.name as sprintName',
        's.state',
        's.total',
        's.done',
        's.items',
        's.errorCode',
        's.errorMessage',
        's.retryAt',
        's.startedAt',
        's.finishedAt',
      ])
      .where('s.tenantId', '=', tenantId);
  }

  /** Each project's latest sync. */
  async function latestSyncs(projectIds: number[]): Promise<Map<number, ProjectSync>> {
    if (projectIds.length === 0) return new Map();
    const latest = await syncSelect()
      .where('s.id', 'in', (eb) =>
        eb
          .selectFrom('projectSyncs')
          .select((e) => e.fn.max('id').as('id'))
          .where('tenantId', '=', tenantId)
          .where('projectId', 'in', projectIds)
          .groupBy('projectId'),
      )
      .execute();
    return new Map(latest.map((r) => [r.projectId, syncView(r)]));
  }

  async function membersOf(projectIds: number[]): Promise<Map<number, ProjectMember[]>> {
    const byProject = new Map<number, ProjectMember[]>();
    if (projectIds.length === 0) return byProject;
    const found = await db
      .selectFrom('projectMembers as pm')
      .innerJoin('employees as e', 'e.id', 'pm.employeeId')
      .select(['pm.projectId', 'pm.employeeId', 'e.name', 'e.email', 'pm.role', 'pm.allocation'])
      .where('pm.tenantId', '=', tenantId)
      .where('pm.projectId', 'in', projectIds)
      .orderBy(sql`case when pm.role = 'product-owner' then 0 else 1 end`)
      .orderBy(sql`lower(e.name)`)
      .orderBy('pm.employeeId')
      .execute();
    for (const m of found) {
      const list = byProject.get(m.projectId) ?? [];
      list.push({
        employeeId: m.employeeId,
        name: m.name,
        email: m.email,
        role: m.role as ProjectRole,
        allocation: m.allocation,
      });
      byProject.set(m.projectId, list);
    }
    return byProject;
  }

  async function views(projects: ProjectRow[]): Promise<{ items: Project[]; members: Map<number, ProjectMember[]> }> {
    const ids = projects.map((p) => p.id);
    const [members, syncs] = await Promise.all([membersOf(ids), latestSyncs(ids)]);
    const items = projects.map((p): Project => {
      const list = members.get(p.id) ?? [];
      const owners = list.filter((m) => m.role === 'product-owner');
      return {
        id: p.id,
        name: p.name,
        url: p.url,
        key: p.projectKey,
        type: p.type as ProjectType,
        description: p.description,
        isActive: p.isActive === 1,
        productOwners: owners.map((m) => ({ id: m.employeeId, name: m.name })),
        memberCount: toNumber(p.memberCount),
        developerCount: list.length - owners.length,
        connection:
          p.tool !== null && p.connectedAt !== null
            ? {
                tool: p.tool as TrackerTool,
                user: p.trackerUser ?? '',
                trackerName: p.trackerName,
                connectedAt: p.connectedAt,
              }
            : null,
        lastSync: syncs.get(p.id) ?? null,
        sprintCount: toNumber(p.sprintCount),
        taskCount: toNumber(p.taskCount),
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      };
    });
    return { items, members };
  }

  /** A project within the scope, with its members; 404 otherwise. */
  async function get(id: number, scope: ProjectScope): Promise<ProjectDetail> {
    const row = await oneOrNotFound(projectSelect(db, tenantId, scope).where('p.id', '=', id), 'projectNotFound');
    const { items, members } = await views([row]);
    return { ...items[0]!, members: members.get(id) ?? [] };
  }

  /** Which unique rule `values` break against the other projects: the name, or the address with the key. */
  async function conflictOf(values: { name: string; url: string; key: string }, except: number | null) {
    let others = db
      .selectFrom('projects')
      .select(['name', 'url', 'projectKey'])
      .where('tenantId', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb(sql`lower(name)`, '=', values.name.toLowerCase()),
          eb.and([
            eb(sql`lower(url)`, '=', values.url.toLowerCase()),
            eb(sql`lower(project_key)`, '=', values.key.toLowerCase()),
          ]),
        ]),
      );
    if (except !== null) others = others.where('id', '!=', except);
    const found = await others.execute();
    if (found.some((p) => p.name.toLowerCase() === values.name.toLowerCase())) return nameTaken();
    if (found.length > 0) return placeTaken();
    return null;
  }

  /**
   * A write that may break a unique rule: checked first, and the database's refusal (a concurrent write won
   * the race past the check) named by the index it broke.
   */
  async function uniquely<T>(
    values: { name: string; url: string; key: string },
    except: number | null,
    write: () => Promise<T>,
  ) {
    const before = await conflictOf(values, except);
    if (before) throw before;
    return uniqueOr(write(), (error) =>
      violatedIndex(error) === 'projects_tenant_url_key' ? placeTaken() : nameTaken(),
    );
  }

  return {
    get,

    async list(
      query: ListArgs<'name' | 'createdAt' | 'updatedAt' | 'memberCount'> & {
        status?: 'active' | 'inactive' | undefined;
        type?: ProjectType | undefined;
      },
      scope: ProjectScope,
    ): Promise<ListResponse<Project>> {
      let base = projectSelect(db, tenantId, scope);
      if (query.status) base = base.where('p.isActive', '=', query.status === 'active' ? 1 : 0);
      if (query.type) base = base.where('p.type', '=', query.type);
      const page = await paginate(base, query, {
        orderBy: {
          name: { ref: 'p.name', text: true },
          createdAt: { ref: 'p.createdAt' },
          updatedAt: { ref: 'p.updatedAt' },
          memberCount: { ref: 'memberCount' },
        },
        search: ['p.name', 'p.projectKey', 'p.url'],
        tieBreaker: 'p.id',
      });
      return { items: (await views(page.items)).items, total: page.total };
    },

    /** The team dashboard: the projects in scope, by status and by type. */
    async counts(scope: ProjectScope): Promise<ProjectCounts> {
      const ofType = (type: ProjectType) =>
        sql<number | string>`coalesce(sum(case when p.type = ${type} then 1 else 0 end), 0)`;
      const row = await projectSelect(db, tenantId, scope)
        .clearSelect()
        .select([
          sql<number | string>`count(*)`.as('total'),
          sql<number | string>`coalesce(sum(p.is_active), 0)`.as('active'),
          ofType('fixed-scope').as('fixedScope'),
          ofType('monthly').as('monthly'),
          ofType('non-billable').as('nonBillable'),
        ])
        .executeTakeFirstOrThrow();
      const [total, active, fixedScope, monthly, nonBillable] = [
        row.total,
        row.active,
        row.fixedScope,
        row.monthly,
        row.nonBillable,
      ].map(toNumber) as [number, number, number, number, number];
      return {
        total,
        active,
        inactive: total - active,
        billable: fixedScope + monthly,
        nonBillable,
        fixedScope,
        monthly,
      };
    },

    /** Every project in scope by name, with members, for the reports. */
    async all(scope: ProjectScope): Promise<ProjectDetail[]> {
      const found = await projectSelect(db, tenantId, scope)
        .orderBy(sql`lower(p.name)`)
        .orderBy('p.id')
        .execute();
      const { items, members } = await views(found);
      return items.map((p) => ({ ...p, members: members.get(p.id) ?? [] }));
    },

    async create(values: ProjectValues, createdBy: number): Promise<number> {
      return uniquely(values, null, () =>
        rows.create('projects', {
          name: values.name,
          url: values.url,
          projectKey: values.key,
          type: values.type,
          description: values.description || null,
          isActive: 1,
          isDemo: 0,
          createdBy,
        }),
      );
    },

    async update(id: number, current: ProjectDetail, changes: Partial<ProjectValues>) {
      const next = {
        name: changes.name ?? current.name,
        url: changes.url ?? current.url,
        key: changes.key ?? current.key,
      };
      // The token goes only where it was checked: another address needs it given again (else whoever may edit
      // a project could point the sync, and the stored token, at a server of theirs).
      const moved = changes.url !== undefined && changes.url !== current.url && current.connection !== null;
      await uniquely(next, id, () =>
        rows.update('projects', id, {
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.url === undefined ? {} : { url: changes.url }),
          ...(moved ? { trackerToken: null, connectedAt: null } : {}),
          ...(changes.key === undefined ? {} : { projectKey: changes.key }),
          ...(changes.type === undefined ? {} : { type: changes.type }),
          ...(changes.description === undefined ? {} : { description: changes.description || null }),
          updatedAt: stamp(),
        }),
      );
    },

    setStatus: (id: number, isActive: boolean) => rows.setActive('projects', id, isActive),

    /** The given employee ids the tenant has no employee for. */
    unknownEmployees: (ids: number[]) => rows.missingIds('employees', ids),

    /** Writes only: run it in a transaction. The project's members become exactly `members`. */
    async replaceMembers(projectId: number, members: { employeeId: number; role: ProjectRole; allocation: number }[]) {
      await db
        .deleteFrom('projectMembers')
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .execute();
      if (members.length > 0)
        await db
          .insertInto('projectMembers')
          .values(members.map((m) => ({ tenantId, projectId, ...m })))
          .execute();
      await rows.update('projects', projectId, { updatedAt: stamp() });
    },

    /** Adds one member unless they are one already. */
    async addMember(projectId: number, employeeId: number, role: ProjectRole, allocation: number) {
      await db
        .insertInto('projectMembers')
        .values({ tenantId, projectId, employeeId, role, allocation })
        .onConflict((oc) => oc.columns(['projectId', 'employeeId']).doNothing())
        .execute();
    },

    /** The stored connection, sealed token included: for the connection form's "keep the token" and the sync. */
    async connection(projectId: number) {
      return db
        .selectFrom('projects')
        .select(['id', 'url', 'projectKey', 'tool', 'trackerUser', 'trackerToken', 'isActive'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', projectId)
        .executeTakeFirst();
    },

    async saveConnection(
      projectId: number,
      values: { tool: TrackerTool; user: string; sealedToken: string; trackerName: string },
    ) {
      await rows.update('projects', projectId, {
        tool: values.tool,
        trackerUser: values.user,
        trackerToken: values.sealedToken,
        trackerName: values.trackerName,
        connectedAt: stamp(),
        updatedAt: stamp(),
      });
    },

    async forgetConnection(projectId: number) {
      await rows.update('projects', projectId, {
        tool: null,
        trackerUser: null,
        trackerToken: null,
        trackerName: null,
        connectedAt: null,
        updatedAt: stamp(),
      });
    },

    latestSync: async (projectId: number): Promise<ProjectSync | null> =>
      (await latestSyncs([projectId])).get(projectId) ?? null,

    async sprints(projectId: number): Promise<Sprint[]> {
      const found = await db
        .selectFrom('projectSprints as s')
        .selectAll('s')
        .select([
          referenceCount('projectPbis', 'sprintId', 's.id').as('pbiCount'),
          referenceCount('projectTasks', 'sprintId', 's.id').as('taskCount'),
        ])
        .where('s.tenantId', '=', tenantId)
        .where('s.projectId', '=', projectId)
        .orderBy(sql`s.start_date desc nulls last`)
        .orderBy('s.id', 'desc')
        .execute();
      return found.map((s) => ({
        id: s.id,
        name: s.name,
        goal: s.goal,
        startDate: s.startDate,
        endDate: s.endDate,
        status: s.status as SprintStatus,
        qaKickback: s.qaKickback,
        uatKickback: s.uatKickback,
        carryOvers: s.carryOvers,
        qualityResult: s.qualityResult as QualityResult,
        fromTracker: s.trackerRef !== null,
        pbiCount: toNumber(s.pbiCount),
        taskCount: toNumber(s.taskCount),
        syncedAt: s.syncedAt,
      }));
    },

    async sprint(projectId: number, sprintId: number): Promise<Sprint> {
      const found = (await this.sprints(projectId)).find((s) => s.id === sprintId);
      if (!found) throw errors.notFound('sprintNotFound');
      return found;
    },

    async sprintRef(projectId: number, sprintId: number) {
      return oneOrNotFound(
        db
          .selectFrom('projectSprints')
          .select(['id', 'name', 'trackerRef'])
          .where('tenantId', '=', tenantId)
          .where('projectId', '=', projectId)
          .where('id', '=', sprintId),
        'sprintNotFound',
      );
    },

    async createSprint(projectId: number, values: SprintValues): Promise<number> {
      return rows.create('projectSprints', {
        projectId,
        trackerRef: null,
        ...sprintColumns(values),
        syncedAt: null,
      });
    },

    async updateSprint(projectId: number, sprintId: number, values: SprintValues) {
      await this.sprintRef(projectId, sprintId);
      await rows.update('projectSprints', sprintId, { ...sprintColumns(values), updatedAt: stamp() });
    },

    async pbis(
      projectId: number,
      query: ListArgs<'refId' | 'name' | 'completionDate' | 'status'> & { sprintId?: number | undefined },
      /** Whose ratings the columns average (project-feedback's sourcesOf); null: the caller reads none. */
      ratingSources: Sources | null,
    ): Promise<ListResponse<Pbi>> {
      let base = db
        .selectFrom('projectPbis as b')
        .leftJoin('projectSprints as s', 's.id', 'b.sprintId')
        .select([
          'b.id',
          'b.trackerRef',
          'b.name',
          'b.type',
          'b.status',
          'b.trackerStateName',
          'b.url',
          'b.sprintId',
          's.name as sprintName',
          'b.completedAt',
          referenceCount('projectTasks', 'pbiId', 'b.id').as('taskCount'),
        ])
        .where('b.tenantId', '=', tenantId)
        .where('b.projectId', '=', projectId);
      if (query.sprintId !== undefined) base = base.where('b.sprintId', '=', query.sprintId);
      const page = await paginate(base, query, {
        orderBy: {
          refId: { ref: 'b.trackerRef', text: true },
          name: { ref: 'b.name', text: true },
          completionDate: { ref: 'b.completedAt' },
          status: { ref: 'b.status' },
        },
        search: ['b.trackerRef', 'b.name'],
        tieBreaker: 'b.id',
      });
      const participants = await participantsOf(page.items.map((b) => b.id));
      const ratings = ratingSources
        ? await projectFeedbackRepository(tenant).pbiAverages(
            page.items.map((b) => b.id),
            ratingSources,
          )
        : new Map<number, never>();
      return {
        total: page.total,
        items: page.items.map((b) => ({
          id: b.id,
          refId: b.trackerRef,
          name: b.name,
          type: b.type,
          status: b.status as TaskStatus,
          trackerStatus: b.trackerStateName,
          link: b.url,
          sprint: b.sprintId !== null && b.sprintName !== null ? { id: b.sprintId, name: b.sprintName } : null,
          participants: participants.get(b.id) ?? [],
          completionDate: b.completedAt?.slice(0, 10) ?? null,
          taskCount: toNumber(b.taskCount),
          overallRating: ratings.get(b.id)?.overall ?? null,
          valueForMoney: ratings.get(b.id)?.valueForMoney ?? null,
          quality: ratings.get(b.id)?.quality ?? null,
        })),
      };
    },

    async tasks(
      projectId: number,
      query: ListArgs<'issueId' | 'name' | 'status' | 'startDate' | 'endDate' | 'devCycleTime' | 'qaKickbacks'> & {
        sprintId?: number | undefined;
        status?: TrackerTaskStatus | 'ignored' | undefined;
      },
    ): Promise<ListResponse<Task>> {
      let base = db
        .selectFrom('projectTasks as t')
        .innerJoin('projects as p', 'p.id', 't.projectId')
        .leftJoin('projectSprints as s', 's.id', 't.sprintId')
        .leftJoin('projectPbis as b', 'b.id', 't.pbiId')
        .leftJoin('trackerPeople as tp', 'tp.id', 't.assigneeId')
        .leftJoin('employees as e', 'e.id', 'tp.employeeId')
        .select([
          't.id',
          't.trackerRef',
          't.name',
          't.type',
          't.status',
          't.trackerStateName',
          't.url',
          't.sprintId',
          's.name as sprintName',
          'p.id as projectId',
          'p.name as projectName',
          't.pbiId',
          'b.trackerRef as pbiRef',
          'b.name as pbiName',
          'tp.name as personName',
          'e.id as employeeId',
          'e.name as employeeName',
          't.startedAt',
          't.finishedAt',
          't.devCycleHours',
          't.qaKickbacks',
          't.qaCycleHours',
          't.ignoredReason',
          pendingRequestCount.as('pendingRequests'),
        ])
        .where('t.tenantId', '=', tenantId)
        .where('t.projectId', '=', projectId);
      if (query.sprintId !== undefined) base = base.where('t.sprintId', '=', query.sprintId);
      if (query.status === 'ignored') base = base.where('t.ignoredReason', 'is not', null);
      else if (query.status !== undefined)
        base = base.where('t.status', '=', query.status).where('t.ignoredReason', 'is', null);
      const page = await paginate(base, query, {
        orderBy: {
          issueId: { ref: 't.trackerRef', text: true },
          name: { ref: 't.name', text: true },
          status: { ref: 't.status' },
          startDate: { ref: 't.startedAt' },
          endDate: { ref: 't.finishedAt' },
          devCycleTime: { ref: 't.devCycleHours' },
          qaKickbacks: { ref: 't.qaKickbacks' },
        },
        search: ['t.trackerRef', 't.name'],
        tieBreaker: 't.id',
      });
      return {
        total: page.total,
        items: page.items.map((t) => ({
          id: t.id,
          issueId: t.trackerRef,
          name: t.name,
          type: t.type,
          sprint: t.sprintId !== null && t.sprintName !== null ? { id: t.sprintId, name: t.sprintName } : null,
          plan: { id: t.projectId, name: t.projectName },
          pbi: t.pbiId !== null && t.pbiRef !== null ? { id: t.pbiId, refId: t.pbiRef, name: t.pbiName ?? '' } : null,
          status: taskStatus({
            status: t.status as TrackerTaskStatus,
            ignored: t.ignoredReason !== null,
            requested: toNumber(t.pendingRequests) > 0,
          }),
          trackerStatus: t.trackerStateName,
          link: t.url,
          assignee:
            t.personName === null && t.employeeName === null
              ? null
              : { id: t.employeeId, name: t.employeeName ?? t.personName ?? '' },
          startDate: t.startedAt,
          endDate: t.finishedAt,
          devCycleTime: t.devCycleHours === null ? null : Number(t.devCycleHours),
          qaKickbacks: t.qaKickbacks,
          qaCycleTime: t.qaCycleHours === null ? null : Number(t.qaCycleHours),
          ignoredReason: t.ignoredReason as IgnoreReason | null,
        })),
      };
    },

    /** Which of `taskIds` are not tasks of this project. */
    async foreignTasks(projectId: number, taskIds: number[]): Promise<number[]> {
      const found = await db
        .selectFrom('projectTasks')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('id', 'in', taskIds)
        .execute();
      const known = new Set(found.map((t) => t.id));
      return taskIds.filter((id) => !known.has(id));
    },

    async ignoreTasks(projectId: number, taskIds: number[], reason: IgnoreReason, by: number): Promise<number> {
      const result = await db
        .updateTable('projectTasks')
        .set({ ignoredReason: reason, ignoredAt: stamp(), ignoredBy: by })
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('id', 'in', taskIds)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async restoreTasks(projectId: number, taskIds: number[]): Promise<number> {
      const result = await db
        .updateTable('projectTasks')
        .set({ ignoredReason: null, ignoredAt: null, ignoredBy: null })
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('id', 'in', taskIds)
        .where('ignoredReason', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async people(projectId: number): Promise<TrackerPerson[]> {
      const found = await db
        .selectFrom('trackerPeople as tp')
        .leftJoin('employees as e', 'e.id', 'tp.employeeId')
        .select([
          'tp.id',
          'tp.name',
          'tp.email',
          'tp.employeeId',
          'e.name as employeeName',
          'tp.mappedByHand',
          referenceCount('projectTasks', 'assigneeId', 'tp.id').as('taskCount'),
        ])
        .where('tp.tenantId', '=', tenantId)
        .where('tp.projectId', '=', projectId)
        .orderBy(sql`lower(tp.name)`)
        .orderBy('tp.id')
        .execute();
      return found.map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        employee: p.employeeId !== null && p.employeeName !== null ? { id: p.employeeId, name: p.employeeName } : null,
        mappedByHand: p.mappedByHand === 1,
        taskCount: toNumber(p.taskCount),
      }));
    },

    async mapPerson(projectId: number, personId: number, employeeId: number | null): Promise<TrackerPerson> {
      const result = await db
        .updateTable('trackerPeople')
        .set({ employeeId, mappedByHand: employeeId === null ? 0 : 1 })
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('id', '=', personId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw errors.notFound('participantNotFound');
      return (await this.people(projectId)).find((p) => p.id === personId)!;
    },
  };

  /** Each PBI's participants: the people assigned its tasks (or it), the employee where matched. */
  async function participantsOf(pbiIds: number[]) {
    const byPbi = new Map<number, { id: number | null; name: string }[]>();
    if (pbiIds.length === 0) return byPbi;
    const found = await db
      .selectFrom('projectTasks as t')
      .innerJoin('trackerPeople as tp', 'tp.id', 't.assigneeId')
      .leftJoin('employees as e', 'e.id', 'tp.employeeId')
      .select(['t.pbiId', 'tp.id as personId', 'tp.name as personName', 'e.id as employeeId', 'e.name as employeeName'])
      .where('t.tenantId', '=', tenantId)
      .where('t.pbiId', 'in', pbiIds)
      .distinct()
      .orderBy('tp.name')
      .execute();
    for (const p of found) {
      if (p.pbiId === null) continue;
      const list = byPbi.get(p.pbiId) ?? [];
      if (!list.some((x) => x.name === (p.employeeName ?? p.personName)))
        list.push({ id: p.employeeId, name: p.employeeName ?? p.personName });
      byPbi.set(p.pbiId, list);
    }
    return byPbi;
  }
}

function sprintColumns(values: SprintValues) {
  return {
    name: values.name,
    goal: values.goal,
    startDate: values.startDate,
    endDate: values.endDate,
    status: values.status,
    qaKickback: values.qaKickback ?? null,
    uatKickback: values.uatKickback ?? null,
    carryOvers: values.carryOvers ?? null,
    qualityResult: values.qualityResult ?? 'none',
  };
}
