/**
 * Project and sprint feedback of one tenant (docs/projects.md, "Project and sprint feedback"): product owners'
 * ratings, client links (only the token's hash is stored) and the reads behind the sprint graph, the lists,
 * a PBI's detail and the CSV. Bound to the tenant by the request context; the routes first reach the project
 * through the projects module's scope, so every `projectId` here is one the caller may see.
 */
import { sql } from 'kysely';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import type {
  ClientLink,
  PbiFeedbackDetail,
  ProjectFeedback,
  ProjectFeedbackSummary,
} from '../../../../shared/contracts/project-feedback.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import {
  averageRatings,
  CLIENT_LINK_DAYS,
  CLIENT_ROLE_NAME,
  clientLinkState,
  type ProjectFeedbackSource,
} from '../../../../shared/project-feedback.js';
import { toNumber } from '../../db/engine.js';
import { isUniqueViolation, uniqueOr } from '../../db/errors.js';
import { oneOrNotFound } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';

export type Ratings = {
  overall: number;
  quality: number;
  valueForMoney: number;
  comment?: string | null | undefined;
};

type FeedbackQuery = {
  page: number;
  searchText?: string | undefined;
  pageSize: number;
  orderKey: 'createdAt' | 'overall' | 'quality' | 'valueForMoney';
  orderDir: 'asc' | 'desc';
  sprintId?: number | undefined;
  pbiId?: number | undefined;
  source?: ProjectFeedbackSource | undefined;
};

/** Which sources the caller reads: client ratings need view-client-feedback. */
export type Sources = readonly ProjectFeedbackSource[];

export function projectFeedbackRepository(tenant: TenantScope) {
  const { db, tenantId, now } = tenant;
  const stamp = () => now().toISOString();

  function feedbackSelect(projectId: number, sources: Sources) {
    return db
      .selectFrom('projectFeedback as f')
      .innerJoin('employees as g', 'g.id', 'f.giverId')
      .innerJoin('projectSprints as s', 's.id', 'f.sprintId')
      .leftJoin('projectPbis as b', 'b.id', 'f.pbiId')
      .leftJoin('clientFeedbackLinks as l', 'l.id', 'f.linkId')
      .leftJoin('employees as lb', 'lb.id', 'l.createdBy')
      .select([
        'f.id',
        'f.source',
        'f.giverId',
        'g.name as giverName',
        'f.sprintId',
        's.name as sprintName',
        'f.pbiId',
        'b.trackerRef as pbiRef',
        'b.name as pbiName',
        'f.overall',
        'f.quality',
        'f.valueForMoney',
        'f.comment',
        'f.createdAt',
        'f.updatedAt',
        'l.createdAt as linkCreatedAt',
        'l.createdBy as linkCreatedBy',
        'lb.name as linkCreatedByName',
      ])
      .where('f.tenantId', '=', tenantId)
      .where('f.projectId', '=', projectId)
      .where('f.source', 'in', [...sources]);
  }
  type FeedbackRow = Awaited<ReturnType<ReturnType<typeof feedbackSelect>['execute']>>[number];

  function feedbackView(row: FeedbackRow): ProjectFeedback {
    return {
      id: row.id,
      source: row.source,
      giver: { id: row.giverId, name: row.giverName },
      sprint: { id: row.sprintId, name: row.sprintName },
      pbi: row.pbiId !== null ? { id: row.pbiId, refId: row.pbiRef ?? '', name: row.pbiName ?? '' } : null,
      overall: row.overall,
      quality: row.quality,
      valueForMoney: row.valueForMoney,
      comment: row.comment,
      link:
        row.linkCreatedAt !== null
          ? {
              createdBy:
                row.linkCreatedBy !== null && row.linkCreatedByName !== null
                  ? { id: row.linkCreatedBy, name: row.linkCreatedByName }
                  : null,
              createdAt: row.linkCreatedAt,
            }
          : null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  function linkSelect() {
    return db
      .selectFrom('clientFeedbackLinks as l')
      .innerJoin('employees as c', 'c.id', 'l.clientId')
      .innerJoin('projectSprints as s', 's.id', 'l.sprintId')
      .leftJoin('projectPbis as b', 'b.id', 'l.pbiId')
      .leftJoin('employees as by', 'by.id', 'l.createdBy')
      .select([
        'l.id',
        'l.clientId',
        'c.name as clientName',
        'c.email as clientEmail',
        'l.sprintId',
        's.name as sprintName',
        'l.pbiId',
        'b.trackerRef as pbiRef',
        'b.name as pbiName',
        'l.expiresAt',
        'l.usedAt',
        'l.revokedAt',
        'l.createdBy',
        'by.name as createdByName',
        'l.createdAt',
      ])
      .where('l.tenantId', '=', tenantId);
  }
  type LinkRow = Awaited<ReturnType<ReturnType<typeof linkSelect>['execute']>>[number];

  function linkView(row: LinkRow): ClientLink {
    return {
      id: row.id,
      client: { id: row.clientId, name: row.clientName, email: row.clientEmail },
      sprint: { id: row.sprintId, name: row.sprintName },
      pbi: row.pbiId !== null ? { id: row.pbiId, refId: row.pbiRef ?? '', name: row.pbiName ?? '' } : null,
      state: clientLinkState(row, stamp()),
      expiresAt: row.expiresAt,
      usedAt: row.usedAt,
      revokedAt: row.revokedAt,
      createdBy:
        row.createdBy !== null && row.createdByName !== null ? { id: row.createdBy, name: row.createdByName } : null,
      createdAt: row.createdAt,
    };
  }

  return {
    /** Whether the employee is a product owner of the project. */
    async isProductOwner(projectId: number, employeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('projectMembers')
        .select('employeeId')
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('employeeId', '=', employeeId)
        .where('role', '=', 'product-owner')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The sprint (404 when not the project's) and, when given, one of its PBIs: a PBI of another sprint or
     * project is refused naming `pbiField`.
     */
    async target(projectId: number, sprintId: number, pbiId: number | null, pbiField: string) {
      const sprint = await oneOrNotFound(
        db
          .selectFrom('projectSprints')
          .select(['id', 'name'])
          .where('tenantId', '=', tenantId)
          .where('projectId', '=', projectId)
          .where('id', '=', sprintId),
        'sprintNotFound',
      );
      if (pbiId === null) return { sprint, pbi: null };
      const pbi = await db
        .selectFrom('projectPbis')
        .select(['id', 'trackerRef', 'name'])
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('sprintId', '=', sprintId)
        .where('id', '=', pbiId)
        .executeTakeFirst();
      if (!pbi) throw errors.validation([{ path: pbiField, message: V.pbiNotFound }]);
      return { sprint, pbi };
    },

    /** Active members of the project who hold the Client role, by name. */
    async clients(projectId: number) {
      return db
        .selectFrom('projectMembers as pm')
        .innerJoin('employees as e', 'e.id', 'pm.employeeId')
        .select(['e.id', 'e.name', 'e.email'])
        .where('pm.tenantId', '=', tenantId)
        .where('pm.projectId', '=', projectId)
        .where('e.status', '=', 'active')
        .where('e.id', 'in', (eb) =>
          eb
            .selectFrom('employeeRoles as er')
            .innerJoin('roles as r', 'r.id', 'er.roleId')
            .select('er.employeeId')
            .where('er.tenantId', '=', tenantId)
            .where('r.name', '=', CLIENT_ROLE_NAME),
        )
        .orderBy(sql`lower(e.name)`)
        .orderBy('e.id')
        .execute();
    },

    async list(projectId: number, sources: Sources, query: FeedbackQuery): Promise<ListResponse<ProjectFeedback>> {
      let base = feedbackSelect(projectId, sources);
      if (query.sprintId !== undefined) base = base.where('f.sprintId', '=', query.sprintId);
      if (query.pbiId !== undefined) base = base.where('f.pbiId', '=', query.pbiId);
      if (query.source !== undefined) base = base.where('f.source', '=', query.source);
      const page = await paginate(base, query, {
        orderBy: {
          createdAt: { ref: 'f.createdAt' },
          overall: { ref: 'f.overall' },
          quality: { ref: 'f.quality' },
          valueForMoney: { ref: 'f.valueForMoney' },
        },
        search: ['g.name', 'f.comment', 'b.trackerRef', 'b.name'],
        tieBreaker: 'f.id',
      });
      return { total: page.total, items: page.items.map(feedbackView) };
    },

    /** Every feedback of the project (one sprint's when given), oldest sprint first: the CSV's rows. */
    async all(projectId: number, sources: Sources, sprintId?: number) {
      let query = feedbackSelect(projectId, sources)
        .select(['s.startDate', 'g.email as giverEmail'])
        .orderBy('s.startDate')
        .orderBy('f.sprintId')
        .orderBy('f.createdAt')
        .orderBy('f.id');
      if (sprintId !== undefined) query = query.where('f.sprintId', '=', sprintId);
      return (await query.execute()).map((row) => ({ ...feedbackView(row), giverEmail: row.giverEmail }));
    },

    /**
     * The sprint graph: every sprint of the project, oldest first (by start date, then id), with the averages
     * of the ratings of the sprint itself by product owners and by clients, and of every sprint before it.
     */
    async summary(projectId: number, sources: Sources): Promise<ProjectFeedbackSummary> {
      const sprints = await db
        .selectFrom('projectSprints')
        .select(['id', 'name', 'startDate', 'endDate'])
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .orderBy(sql`case when start_date is null then 1 else 0 end`)
        .orderBy('startDate')
        .orderBy('id')
        .execute();
      const ratings = await db
        .selectFrom('projectFeedback')
        .select(['sprintId', 'pbiId', 'source', 'overall', 'quality', 'valueForMoney'])
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('source', 'in', [...sources])
        .execute();
      const ofSprint = ratings.filter((r) => r.pbiId === null);
      const past: typeof ofSprint = [];
      const items = sprints.map((s) => {
        const mine = ofSprint.filter((r) => r.sprintId === s.id);
        const item = {
          sprint: s,
          owners: averageRatings(mine.filter((r) => r.source === 'user')),
          client: averageRatings(mine.filter((r) => r.source === 'client')),
          all: averageRatings(mine),
          pastSprints: averageRatings(past),
        };
        past.push(...mine);
        return item;
      });
      return {
        sprints: items,
        owners: averageRatings(ofSprint.filter((r) => r.source === 'user')),
        client: averageRatings(ofSprint.filter((r) => r.source === 'client')),
        count: ratings.length,
      };
    },

    async pbiDetail(projectId: number, pbiId: number, sources: Sources): Promise<PbiFeedbackDetail> {
      const pbi = await oneOrNotFound(
        db
          .selectFrom('projectPbis as b')
          .leftJoin('projectSprints as s', 's.id', 'b.sprintId')
          .select(['b.id', 'b.trackerRef', 'b.name', 'b.url', 'b.sprintId', 's.name as sprintName'])
          .where('b.tenantId', '=', tenantId)
          .where('b.projectId', '=', projectId)
          .where('b.id', '=', pbiId),
        'pbiNotFound',
      );
      const people = await db
        .selectFrom('projectTasks as t')
        .innerJoin('trackerPeople as tp', 'tp.id', 't.assigneeId')
        .leftJoin('employees as e', 'e.id', 'tp.employeeId')
        .select(['tp.name as personName', 'e.id as employeeId', 'e.name as employeeName'])
        .where('t.tenantId', '=', tenantId)
        .where('t.pbiId', '=', pbiId)
        .distinct()
        .execute();
      const participants: { id: number | null; name: string }[] = [];
      for (const p of people) {
        const name = p.employeeName ?? p.personName;
        if (!participants.some((x) => x.name === name)) participants.push({ id: p.employeeId, name });
      }
      participants.sort((a, b) => a.name.localeCompare(b.name));
      const feedbacks = (
        await feedbackSelect(projectId, sources)
          .where('f.pbiId', '=', pbiId)
          .orderBy('f.createdAt', 'desc')
          .orderBy('f.id', 'desc')
          .execute()
      ).map(feedbackView);
      return {
        pbi: {
          id: pbi.id,
          refId: pbi.trackerRef,
          name: pbi.name,
          link: pbi.url,
          sprint: pbi.sprintId !== null && pbi.sprintName !== null ? { id: pbi.sprintId, name: pbi.sprintName } : null,
          participants,
        },
        feedbacks,
        owners: averageRatings(feedbacks.filter((f) => f.source === 'user')),
        client: averageRatings(feedbacks.filter((f) => f.source === 'client')),
      };
    },

    async mine(projectId: number, giverId: number, sprintId: number, pbiId: number | null) {
      let query = feedbackSelect(projectId, ['user', 'client'])
        .where('f.giverId', '=', giverId)
        .where('f.sprintId', '=', sprintId);
      query = pbiId === null ? query.where('f.pbiId', 'is', null) : query.where('f.pbiId', '=', pbiId);
      const row = await query.executeTakeFirst();
      return row ? feedbackView(row) : null;
    },

    /** A product owner's rating: added, or changed in place (one per giver and sprint or PBI). */
    async saveMine(projectId: number, giverId: number, sprintId: number, pbiId: number | null, values: Ratings) {
      const at = stamp();
      const columns = {
        overall: values.overall,
        quality: values.quality,
        valueForMoney: values.valueForMoney,
        comment: values.comment ?? null,
        updatedAt: at,
      };
      const update = () => {
        const query = db
          .updateTable('projectFeedback')
          .set(columns)
          .where('tenantId', '=', tenantId)
          .where('projectId', '=', projectId)
          .where('giverId', '=', giverId)
          .where('sprintId', '=', sprintId);
        return (
          pbiId === null ? query.where('pbiId', 'is', null) : query.where('pbiId', '=', pbiId)
        ).executeTakeFirst();
      };
      if (Number((await update()).numUpdatedRows) === 0) {
        try {
          await db
            .insertInto('projectFeedback')
            .values({
              tenantId,
              projectId,
              sprintId,
              pbiId,
              source: 'user',
              giverId,
              linkId: null,
              ...columns,
              createdAt: at,
            })
            .execute();
        } catch (error) {
          // Two first saves at once: the unique index kept the other one; this one changes it.
          if (!isUniqueViolation(error)) throw error;
          await update();
        }
      }
      return (await this.mine(projectId, giverId, sprintId, pbiId))!;
    },

    /** Whether the client already rated this sprint or PBI. */
    async hasRated(clientId: number, sprintId: number, pbiId: number | null) {
      let query = db
        .selectFrom('projectFeedback')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('giverId', '=', clientId)
        .where('sprintId', '=', sprintId);
      query = pbiId === null ? query.where('pbiId', 'is', null) : query.where('pbiId', '=', pbiId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async links(projectId: number): Promise<ClientLink[]> {
      const found = await linkSelect()
        .where('l.projectId', '=', projectId)
        .orderBy('l.createdAt', 'desc')
        .orderBy('l.id', 'desc')
        .execute();
      return found.map(linkView);
    },

    async link(projectId: number, linkId: number): Promise<ClientLink> {
      return linkView(
        await oneOrNotFound(
          linkSelect().where('l.projectId', '=', projectId).where('l.id', '=', linkId),
          'clientLinkNotFound',
        ),
      );
    },

    /**
     * Writes only: run it in a transaction. A new link, whose token's hash only is kept; a pending (or expired,
     * never used) link of the same client for the same sprint or PBI is revoked, so only the newest works. Two
     * made at once: the partial unique index of pending links (migration 0041) keeps the first, the second
     * answers 409 CLIENT_LINK_BUSY.
     */
    async createLink(
      projectId: number,
      values: { clientId: number; sprintId: number; pbiId: number | null; tokenHash: string; createdBy: number },
    ): Promise<number> {
      const at = now();
      let older = db
        .updateTable('clientFeedbackLinks')
        .set({ revokedAt: at.toISOString() })
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('clientId', '=', values.clientId)
        .where('sprintId', '=', values.sprintId)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null);
      older = values.pbiId === null ? older.where('pbiId', 'is', null) : older.where('pbiId', '=', values.pbiId);
      await older.execute();
      const row = await uniqueOr(
        db
          .insertInto('clientFeedbackLinks')
          .values({
            tenantId,
            projectId,
            ...values,
            expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000).toISOString(),
            revokedAt: null,
            usedAt: null,
            createdAt: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
        () => errors.coded(409, 'CLIENT_LINK_BUSY'),
      );
      return row.id;
    },

    /**
     * Writes only: run it in a transaction. Revokes the pending links of clients who are no longer members of
     * the project (taken off its team): their links stop working at once.
     */
    async revokeLinksOfNonMembers(projectId: number): Promise<void> {
      await db
        .updateTable('clientFeedbackLinks')
        .set({ revokedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('clientId', 'not in', (eb) =>
          eb
            .selectFrom('projectMembers')
            .select('employeeId')
            .where('tenantId', '=', tenantId)
            .where('projectId', '=', projectId),
        )
        .execute();
    },

    /** Withdraws a pending link; a used one is refused, an expired or revoked one stays as it is. */
    async revokeLink(projectId: number, linkId: number): Promise<void> {
      const link = await this.link(projectId, linkId);
      if (link.state === 'used') throw errors.coded(409, 'CLIENT_LINK_NOT_PENDING');
      if (link.state !== 'pending') return;
      const done = await db
        .updateTable('clientFeedbackLinks')
        .set({ revokedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', linkId)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      // Used meanwhile: the client's submit won.
      if (Number(done.numUpdatedRows) === 0) throw errors.coded(409, 'CLIENT_LINK_NOT_PENDING');
    },

    /** Each PBI's averages over the feedback of `sources` on it (the PBI View's columns). */
    async pbiAverages(pbiIds: number[], sources: Sources) {
      if (pbiIds.length === 0) return new Map<number, { overall: number; quality: number; valueForMoney: number }>();
      const found = await db
        .selectFrom('projectFeedback')
        .select((eb) => [
          'pbiId',
          eb.fn.avg<number>('overall').as('overall'),
          eb.fn.avg<number>('quality').as('quality'),
          eb.fn.avg<number>('valueForMoney').as('valueForMoney'),
        ])
        .where('tenantId', '=', tenantId)
        .where('pbiId', 'in', pbiIds)
        .where('source', 'in', sources)
        .groupBy('pbiId')
        .execute();
      const round = (v: unknown) => Math.round(toNumber(v as number) * 100) / 100;
      return new Map(
        found.map((r) => [
          r.pbiId!,
          { overall: round(r.overall), quality: round(r.quality), valueForMoney: round(r.valueForMoney) },
        ]),
      );
    },
  };
}
