/**
 * Reading a project's sprints, PBIs and tasks from its tracker (docs/projects.md, "Syncing"). A sync is a
 * `project_syncs` row: started by a person (one sprint, or every sprint) or by the schedule (the sprints
 * still open or closed in the last two weeks), it runs in the background of the process that started it and
 * records its progress there (sprints read of the total, items stored), so the page can follow it.
 *
 * - One unfinished sync per project: the database refuses a second (a partial unique index), so two
 *   people, or two processes, cannot sync one project at once. A sync whose process stopped (no heartbeat
 *   for 10 minutes) is marked failed before another starts.
 * - Idempotent: sprints, PBIs, tasks and people are matched by their tracker id and updated in place; what
 *   Teambeat adds (sprint data points, a task's ignore, a person mapped by hand) is kept.
 * - Each sprint is stored in one transaction: a failure midway keeps the sprints already read, and the
 *   next sync goes on from the tracker's state.
 * - A tracker's failure ends the sync with its TrackerError's code and message; rate-limited, it records
 *   when to try again, and the schedule does then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { taskMetrics, type TrackerTool } from '../../../../shared/projects.js';
import type { Db } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import type { SecretBox } from '../../security/secrets.js';
import { errors } from '../../http/errors.js';
import { notify } from '../notifications/writer.js';
import { connectorFor as defaultConnectorFor } from './connectors/index.js';
import { trackerHttp, type TrackerHttp } from './connectors/http.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerSprint,
} from './connectors/types.js';

const STALE_MS = 10 * 60_000;
/** The schedule syncs a connected project when its last sync is this old. */
export const SCHEDULED_SYNC_EVERY_MS = 6 * 3_600_000;
/** The schedule reads closed sprints that ended within this many days (a person's "sync all" reads every one). */
const RECENT_CLOSED_DAYS = 14;

/**
 * The tracker link kept for an item. A connector answers null where the tracker gave none that is safe to open
 * (connectors/shape.ts, trackerLink); the link columns are NOT NULL since migration 0038, so "no link" is kept
 * as the empty string, never as what the tracker said.
 */
const linkOf = (item: TrackerItem): string => item.url ?? '';

/** What a project's token is sealed to: its tenant and project, so a sealed token cannot be moved to another row. */
export const trackerTokenContext = (tenantId: number, projectId: number) => `project-tracker:${tenantId}:${projectId}`;

export type ProjectSyncService = {
  /**
   * Starts a sync and answers its id at once (the work goes on in the background). 409 PROJECT_SYNC_RUNNING
   * while one runs; 400 PROJECT_NOT_CONNECTED without a connection.
   */
  start(request: {
    tenantId: number;
    projectId: number;
    sprintId: number | null;
    requestedBy: number | null;
    scheduled?: boolean;
  }): Promise<number>;
  /** The schedule's part: syncs every connected, active project that is due, one after another. */
  runScheduled(tenantId: number): Promise<{ started: number; failed: number }>;
  /** A connector for a connection being made (to verify it before it is kept). */
  connector(connection: TrackerConnection): TrackerConnector;
  /** Waits for the syncs in flight (tests; stop does the same). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export function createProjectSyncService(options: {
  db: Db;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  now: () => Date;
  allowPrivateAddresses: boolean;
  /** Tests may shorten the tracker's retry waits. */
  http?: TrackerHttp;
  connectorFor?: (connection: TrackerConnection, http: TrackerHttp) => TrackerConnector;
}): ProjectSyncService {
  const { db, secretBox, log, now } = options;
  const http = options.http ?? trackerHttp({ allowPrivateAddresses: options.allowPrivateAddresses });
  const connectorFor = options.connectorFor ?? defaultConnectorFor;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const stamp = () => now().toISOString();

  /** Fails the project's unfinished sync when its heartbeat stopped; whether there was one. */
  async function failStale(tenantId: number, projectId: number): Promise<boolean> {
    const result = await db
      .updateTable('projectSyncs')
      .set({
        state: 'failed',
        errorCode: 'unreachable',
        errorMessage: 'The sync stopped without finishing (the server restarted); start it again.',
        finishedAt: stamp(),
      })
      .where('tenantId', '=', tenantId)
      .where('projectId', '=', projectId)
      .where('finishedAt', 'is', null)
      .where('heartbeatAt', '<', new Date(now().getTime() - STALE_MS).toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function start(request: Parameters<ProjectSyncService['start']>[0]): Promise<number> {
    const { tenantId, projectId, sprintId, requestedBy } = request;
    const project = await db
      .selectFrom('projects')
      .select(['tool', 'trackerToken'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) throw errors.notFound('projectNotFound');
    if (!project.tool || !project.trackerToken) throw errors.rule('PROJECT_NOT_CONNECTED');
    await failStale(tenantId, projectId);
    const at = stamp();
    let id: number;
    try {
      const row = await db
        .insertInto('projectSyncs')
        .values({
          tenantId,
          projectId,
          sprintId,
          requestedBy,
          state: 'running',
          startedAt: at,
          heartbeatAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (error) {
      if (await running(tenantId, projectId)) throw errors.coded(409, 'PROJECT_SYNC_RUNNING');
      throw error;
    }
    const work = run(id, tenantId, projectId, sprintId, request.scheduled ?? false).catch((error: unknown) => {
      log.error({ err: error, syncId: id }, 'project sync failed unexpectedly');
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return id;
  }

  async function running(tenantId: number, projectId: number) {
    const row = await db
      .selectFrom('projectSyncs')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('projectId', '=', projectId)
      .where('finishedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function progress(id: number, values: { total?: number; done?: number; items?: number }) {
    await db
      .updateTable('projectSyncs')
      .set({ ...values, heartbeatAt: stamp() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Ends a sync. A scheduled one that failed tells the project's product owners, since nobody is watching it
   * (one who started a sync sees it fail on the page); once per run of scheduled failures with the same
   * cause, so an expired token does not say it again every six hours.
   */
  async function finish(
    id: number,
    failure: TrackerError | null,
    notice?: { tenantId: number; projectId: number; scheduled: boolean },
  ) {
    // The sync's end is committed first: a notice that cannot be written must not leave the sync running.
    const told =
      failure && notice?.scheduled
        ? async () => {
            try {
              await db.transaction().execute((tx) => tellOwners(tx, id, failure, notice.tenantId, notice.projectId));
            } catch (error) {
              log.error({ err: error, syncId: id }, 'the product owners could not be told of a failed sync');
            }
          }
        : null;
    await db
      .updateTable('projectSyncs')
      .set({
        state: failure ? 'failed' : 'done',
        errorCode: failure?.code ?? null,
        errorMessage: failure?.message ?? null,
        retryAt:
          failure?.retryAfterSeconds != null
            ? new Date(now().getTime() + failure.retryAfterSeconds * 1000).toISOString()
            : null,
        heartbeatAt: stamp(),
        finishedAt: stamp(),
      })
      .where('id', '=', id)
      .execute();
    await told?.();
  }

  async function tellOwners(
    tx: Transaction<Database>,
    id: number,
    failure: TrackerError,
    tenantId: number,
    projectId: number,
  ) {
    const previous = await tx
      .selectFrom('projectSyncs')
      .select(['state', 'errorCode', 'requestedBy'])
      .where('tenantId', '=', tenantId)
      .where('projectId', '=', projectId)
      .where('id', '<', id)
      .where('finishedAt', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Told already: the last sync was a scheduled one failing the same way (one a person ran told only them).
    if (previous?.state === 'failed' && previous.errorCode === failure.code && previous.requestedBy === null) return;
    const project = await tx
      .selectFrom('projects')
      .select('name')
      .where('tenantId', '=', tenantId)
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const owners = await tx
      .selectFrom('projectMembers')
      .select('employeeId')
      .where('tenantId', '=', tenantId)
      .where('projectId', '=', projectId)
      .where('role', '=', 'product-owner')
      .execute();
    await notify(
      tx,
      tenantId,
      {
        type: 'project-sync-failed',
        recipientIds: owners.map((o) => o.employeeId),
        actorId: null,
        params: { project: project.name },
        link: `/project/management/${projectId}/overview`,
      },
      now(),
    );
  }

  async function run(id: number, tenantId: number, projectId: number, sprintId: number | null, scheduled: boolean) {
    const notice = { tenantId, projectId, scheduled };
    try {
      const project = await db
        .selectFrom('projects')
        .select(['url', 'projectKey', 'tool', 'trackerUser', 'trackerToken'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      if (!project.tool || !project.trackerToken) throw new TrackerError('credentials', 'The project is not connected');
      const connector = connectorFor(
        {
          tool: project.tool as TrackerTool,
          baseUrl: project.url,
          projectKey: project.projectKey,
          user: project.trackerUser ?? '',
          token: secretBox.open(project.trackerToken, trackerTokenContext(tenantId, projectId)),
        },
        http,
      );
      let sprints = await connector.sprints();
      if (sprintId !== null) {
        const wanted = await db
          .selectFrom('projectSprints')
          .select(['trackerRef', 'name'])
          .where('tenantId', '=', tenantId)
          .where('id', '=', sprintId)
          .executeTakeFirstOrThrow();
        sprints = sprints.filter((s) => s.ref === wanted.trackerRef);
        if (sprints.length === 0)
          throw new TrackerError('not-found', `The tracker has no sprint “${wanted.name}” any more`);
      } else if (scheduled) {
        const since = new Date(now().getTime() - RECENT_CLOSED_DAYS * 86_400_000).toISOString().slice(0, 10);
        sprints = sprints.filter((s) => s.state !== 'closed' || (s.endDate ?? '') >= since);
      }
      await progress(id, { total: sprints.length });
      const sprintIds = await db.transaction().execute((tx) => storeSprints(tx, tenantId, projectId, sprints));
      let done = 0;
      let items = 0;
      for (const sprint of sprints) {
        if (stopped) throw new TrackerError('unreachable', 'The server stopped during the sync; start it again.');
        const found = await connector.items(sprint.ref);
        await db.transaction().execute((tx) => storeItems(tx, tenantId, projectId, sprintIds.get(sprint.ref)!, found));
        done += 1;
        items += found.length;
        await progress(id, { done, items });
      }
      await finish(id, null);
    } catch (error) {
      if (error instanceof TrackerError) {
        await finish(id, error, notice);
        return;
      }
      log.error({ err: error, syncId: id }, 'project sync failed');
      await finish(
        id,
        new TrackerError('bad-answer', 'The sync failed on an unexpected answer; the server log has more.'),
        notice,
      );
    }
  }

  async function storeSprints(
    tx: Transaction<Database>,
    tenantId: number,
    projectId: number,
    sprints: TrackerSprint[],
  ) {
    const at = stamp();
    const ids = new Map<string, number>();
    for (const s of sprints) {
      const row = await tx
        .insertInto('projectSprints')
        .values({
          tenantId,
          projectId,
          trackerRef: s.ref,
          name: s.name,
          goal: s.goal,
          startDate: s.startDate,
          endDate: s.endDate,
          status: s.state,
          qaKickback: null,
          uatKickback: null,
          carryOvers: null,
          syncedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflict((oc) =>
          oc.columns(['projectId', 'trackerRef']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            // A goal written in Teambeat stays unless the tracker has one.
            goal: eb.fn.coalesce(eb.ref('excluded.goal'), eb.ref('projectSprints.goal')),
            startDate: eb.ref('excluded.startDate'),
            endDate: eb.ref('excluded.endDate'),
            status: eb.ref('excluded.status'),
            syncedAt: at,
            updatedAt: at,
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(s.ref, row.id);
    }
    return ids;
  }

  async function storeItems(
    tx: Transaction<Database>,
    tenantId: number,
    projectId: number,
    sprintId: number,
    items: TrackerItem[],
  ) {
    const at = stamp();
    const people = await storePeople(tx, tenantId, projectId, items);
    const personOf = (item: TrackerItem) => (item.assignee ? (people.get(identityOf(item.assignee)) ?? null) : null);

    const pbis = items.filter((i) => i.kind === 'pbi');
    const pbiIds = new Map<string, number>();
    for (const b of pbis) {
      const row = await tx
        .insertInto('projectPbis')
        .values({
          tenantId,
          projectId,
          sprintId,
          trackerRef: b.ref,
          name: b.title,
          type: b.type,
          status: b.status,
          trackerStateName: b.trackerStatus,
          url: linkOf(b),
          completedAt: b.finishedAt,
          syncedAt: at,
          createdAt: at,
        })
        .onConflict((oc) =>
          oc.columns(['projectId', 'trackerRef']).doUpdateSet((eb) => ({
            sprintId: eb.ref('excluded.sprintId'),
            name: eb.ref('excluded.name'),
            type: eb.ref('excluded.type'),
            status: eb.ref('excluded.status'),
            trackerStateName: eb.ref('excluded.trackerStateName'),
            url: eb.ref('excluded.url'),
            completedAt: eb.ref('excluded.completedAt'),
            syncedAt: at,
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      pbiIds.set(b.ref, row.id);
    }

    // A PBI worked on without tasks under it is its assignee's task too, so teams that do not split stories
    // still give feedback on the work.
    const parents = new Set(items.filter((i) => i.kind === 'task' && i.parentRef).map((i) => i.parentRef!));
    const tasks = [
      ...items.filter((i) => i.kind === 'task'),
      ...pbis.filter((b) => b.assignee !== null && !parents.has(b.ref)),
    ];
    const nowIso = now().toISOString();
    for (const t of tasks) {
      const metrics = taskMetrics(t.history, nowIso);
      const pbiId = t.kind === 'pbi' ? pbiIds.get(t.ref)! : t.parentRef ? (pbiIds.get(t.parentRef) ?? null) : null;
      await tx
        .insertInto('projectTasks')
        .values({
          tenantId,
          projectId,
          sprintId,
          pbiId,
          trackerRef: t.ref,
          name: t.title,
          type: t.type,
          status: t.status,
          trackerStateName: t.trackerStatus,
          url: linkOf(t),
          assigneeId: personOf(t),
          startedAt: t.startedAt,
          finishedAt: t.finishedAt,
          devCycleHours: metrics.devCycleHours,
          qaKickbacks: metrics.qaKickbacks,
          qaCycleHours: metrics.qaCycleHours,
          syncedAt: at,
          createdAt: at,
        })
        .onConflict((oc) =>
          oc.columns(['projectId', 'trackerRef']).doUpdateSet((eb) => ({
            sprintId: eb.ref('excluded.sprintId'),
            pbiId: eb.ref('excluded.pbiId'),
            name: eb.ref('excluded.name'),
            type: eb.ref('excluded.type'),
            status: eb.ref('excluded.status'),
            trackerStateName: eb.ref('excluded.trackerStateName'),
            url: eb.ref('excluded.url'),
            assigneeId: eb.ref('excluded.assigneeId'),
            startedAt: eb.ref('excluded.startedAt'),
            finishedAt: eb.ref('excluded.finishedAt'),
            devCycleHours: eb.ref('excluded.devCycleHours'),
            qaKickbacks: eb.ref('excluded.qaKickbacks'),
            qaCycleHours: eb.ref('excluded.qaCycleHours'),
            syncedAt: at,
          })),
        )
        .execute();
    }

    // What the tracker moved out of this sprint leaves it here too (a later sync of its new sprint takes it).
    const taskRefs = tasks.map((t) => t.ref);
    const pbiRefs = pbis.map((b) => b.ref);
    let strayTasks = tx
      .updateTable('projectTasks')
      .set({ sprintId: null })
      .where('tenantId', '=', tenantId)
      .where('sprintId', '=', sprintId);
    if (taskRefs.length > 0) strayTasks = strayTasks.where('trackerRef', 'not in', taskRefs);
    await strayTasks.execute();
    let strayPbis = tx
      .updateTable('projectPbis')
      .set({ sprintId: null })
      .where('tenantId', '=', tenantId)
      .where('sprintId', '=', sprintId);
    if (pbiRefs.length > 0) strayPbis = strayPbis.where('trackerRef', 'not in', pbiRefs);
    await strayPbis.execute();
  }

  /** Upserts the assignees; answers their row ids by identity. Unmapped ones are matched to employees by e-mail. */
  async function storePeople(tx: Transaction<Database>, tenantId: number, projectId: number, items: TrackerItem[]) {
    const byIdentity = new Map<string, { name: string; email: string | null }>();
    for (const item of items) {
      if (!item.assignee) continue;
      const email = item.assignee.email?.trim().toLowerCase() || null;
      byIdentity.set(identityOf(item.assignee), { name: item.assignee.name || email || '?', email });
    }
    const ids = new Map<string, number>();
    for (const [identity, person] of byIdentity) {
      const row = await tx
        .insertInto('trackerPeople')
        .values({ tenantId, projectId, identity, name: person.name, email: person.email })
        .onConflict((oc) =>
          oc.columns(['projectId', 'identity']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .returning(['id', 'employeeId', 'mappedByHand'])
        .executeTakeFirstOrThrow();
      ids.set(identity, row.id);
      if (row.employeeId === null && row.mappedByHand === 0 && person.email) {
        const employee = await tx
          .selectFrom('employees')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('email', '=', person.email)
          .executeTakeFirst();
        if (employee)
          await tx.updateTable('trackerPeople').set({ employeeId: employee.id }).where('id', '=', row.id).execute();
      }
    }
    return ids;
  }

  return {
    start,

    async runScheduled(tenantId) {
      const due = new Date(now().getTime() - SCHEDULED_SYNC_EVERY_MS).toISOString();
      const projects = await db
        .selectFrom('projects as p')
        .select('p.id')
        .where('p.tenantId', '=', tenantId)
        .where('p.isActive', '=', 1)
        .where('p.trackerToken', 'is not', null)
        .execute();
      let started = 0;
      let failed = 0;
      for (const { id: projectId } of projects) {
        const last = await db
          .selectFrom('projectSyncs')
          .select(['state', 'finishedAt', 'retryAt', 'startedAt'])
          .where('tenantId', '=', tenantId)
          .where('projectId', '=', projectId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        // A sync that stopped without finishing (the server went down mid-sync) is failed and run again now:
        // the tracker did not refuse anything, and waiting the 6 hours would leave the project stale.
        const crashed = last?.finishedAt === null && (await failStale(tenantId, projectId));
        if (last?.finishedAt === null && !crashed) continue;
        const isDue = !last || crashed || (last.retryAt ? last.retryAt <= stamp() : last.startedAt <= due);
        if (!isDue) continue;
        try {
          await start({ tenantId, projectId, sprintId: null, requestedBy: null, scheduled: true });
          started += 1;
        } catch {
          failed += 1;
        }
        // One at a time: a tracker's rate limit is per account, and several projects often share one.
        await Promise.all([...inFlight]);
      }
      return { started, failed };
    },

    connector: (connection) => connectorFor(connection, http),

    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    async stop() {
      stopped = true;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/** How a tracker person is known across syncs: their e-mail, or their display name when the tracker hides it. */
function identityOf(person: { name: string; email: string | null }): string {
  const email = person.email?.trim().toLowerCase();
  return email ? `email:${email}` : `name:${person.name.trim()}`;
}
