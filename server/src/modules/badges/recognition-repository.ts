/**
 * Recognition of one tenant (docs/recognition.md "Badges"): badges held (`given_badges`: given directly or
 * by an approved request), badge requests (contributions and recommendations) and their decisions. Reads
 * leave out demo rows when the company switched demo data off (`hideDemo`), demo badges among them: a hidden
 * badge is neither offered nor given nor asked for, while the rows already naming it still show it. A decision is a conditional
 * update on the status read, and an approval writes its given badge in the same transaction (its request
 * id is unique), so two approvals at once give one badge.
 */
import type { EmployeeIds } from '../../db/links.js';
import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests.js';
import type {
  BadgeRequestStatus,
  BadgeRequestType,
  ContributionType,
  GivenBadgeSource,
} from '../../../../shared/badges.js';
import type { BadgeRequestStats } from '../../../../shared/contracts/badges.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import { shownPeople } from '../../db/demo.js';
import { toNumber, type Db } from '../../db/engine.js';
import type { BadgeRequestTable, GivenBadgeTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { paginate } from '../../http/list.js';
import { colleagueQuery, peopleByIds, personOf } from '../employees/people.js';
import { BADGE_BRIEF_COLUMNS, badgesWithCategory, imageKeysOf, type ImageKeys } from './control-repository.js';

/** A badge as the pickers and lists show it, with the keys of its image. */
export type BadgeBrief = {
  id: number;
  name: string;
  description: string | null;
  categoryName: string;
  image: ImageKeys | null;
  isCompany: boolean;
  isChampion: boolean;
};

export type GivenRecord = {
  id: number;
  badge: BadgeBrief;
  employee: PersonRef;
  givenBy: PersonRef | null;
  comment: string;
  source: GivenBadgeSource;
  requestId: number | null;
  createdAt: string;
};

export type RequestRecord = {
  id: number;
  type: BadgeRequestType;
  status: BadgeRequestStatus;
  badge: BadgeBrief;
  employee: PersonRef;
  requestedBy: PersonRef;
  contributionType: ContributionType | null;
  description: string;
  decidedBy: PersonRef | null;
  decidedAt: string | null;
  createdAt: string;
};

export type RequestFilters = {
  badgeId?: number | undefined;
  status?: BadgeRequestStatus | undefined;
  type?: BadgeRequestType | undefined;
  employeeId?: number | undefined;
  requestedBy?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

function briefSelect(db: Db, tenantId: number) {
  return badgesWithCategory(db, tenantId).select(BADGE_BRIEF_COLUMNS);
}
type BriefRow = Awaited<ReturnType<ReturnType<typeof briefSelect>['executeTakeFirstOrThrow']>>;

const brief = (r: BriefRow): BadgeBrief => ({
  id: r.id,
  name: r.name,
  description: r.description,
  categoryName: r.categoryName,
  image: imageKeysOf(r),
  isCompany: r.isCompany === 1,
  isChampion: r.isChampion === 1,
});

async function briefsByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, BadgeBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await briefSelect(db, tenantId)
    .where('b.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, brief(r)]));
}

/** How many recommenders a recommendation group lists, the newest (its count is every one). */
export const RECOMMENDERS_SHOWN = 20;

export function recognitionRepository({ db, tenantId, now }: TenantScope) {
  const stamp = () => now().toISOString();
  const scope = { db, tenantId };

  async function hydrateGiven(
    rows: Omit<Selectable<GivenBadgeTable>, 'tenantId' | 'isDemo'>[],
  ): Promise<GivenRecord[]> {
    const badges = await briefsByIds(
      db,
      tenantId,
      rows.map((r) => r.badgeId),
    );
    const people = await peopleByIds(db, tenantId, [
      ...rows.map((r) => r.employeeId),
      ...rows.flatMap((r) => (r.givenBy === null ? [] : [r.givenBy])),
    ]);
    return rows.map((r) => ({
      id: r.id,
      badge: badges.get(r.badgeId)!,
      employee: personOf(people, r.employeeId),
      givenBy: r.givenBy === null ? null : personOf(people, r.givenBy),
      comment: r.comment,
      source: r.source,
      requestId: r.requestId,
      createdAt: r.createdAt,
    }));
  }

  const givenColumns = [
    'g.id',
    'g.badgeId',
    'g.employeeId',
    'g.givenBy',
    'g.comment',
    'g.source',
    'g.requestId',
    'g.createdAt',
  ] as const;

  function requestSelect(hideDemo: boolean) {
    let q = db
      .selectFrom('badgeRequests as r')
      .innerJoin('badges as b', 'b.id', 'r.badgeId')
      .innerJoin('employees as e', 'e.id', 'r.employeeId')
      .select([
        'r.id',
        'r.type',
        'r.status',
        'r.badgeId',
        'r.employeeId',
        'r.requestedBy',
        'r.contributionType',
        'r.description',
        'r.decidedBy',
        'r.decidedAt',
        'r.createdAt',
      ])
      .where('r.tenantId', '=', tenantId);
    // A real request may still name a demo person, as the one recommended or the one asking.
    if (hideDemo)
      q = q
        .where('r.isDemo', '=', 0)
        .where(shownPeople(scope, 'r.employeeId', true))
        .where(shownPeople(scope, 'r.requestedBy', true));
    return q;
  }

  /**
   * A given badge shown while `hideDemo`: not demo data, and neither its holder nor its giver a demo person
   * (a real badge may name one); a giver whose account was removed is null.
   */
  const shownGiven = (hideDemo: boolean): Expression<SqlBool> =>
    hideDemo
      ? sql<SqlBool>`(${sql.ref('g.isDemo')} = 0 and ${shownPeople(scope, 'g.employeeId', true)} and (${sql.ref('g.givenBy')} is null or ${shownPeople(scope, 'g.givenBy', true)}))`
      : sql<SqlBool>`1 = 1`;
  type RequestRow = Awaited<ReturnType<ReturnType<typeof requestSelect>['executeTakeFirstOrThrow']>>;

  async function hydrateRequests(rows: RequestRow[]): Promise<RequestRecord[]> {
    const badges = await briefsByIds(
      db,
      tenantId,
      rows.map((r) => r.badgeId),
    );
    const people = await peopleByIds(
      db,
      tenantId,
      rows.flatMap((r) => [r.employeeId, r.requestedBy, ...(r.decidedBy === null ? [] : [r.decidedBy])]),
    );
    const person = (id: number) => personOf(people, id);
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      badge: badges.get(r.badgeId)!,
      employee: person(r.employeeId),
      requestedBy: person(r.requestedBy),
      contributionType: r.contributionType,
      description: r.description,
      decidedBy: r.decidedBy === null ? null : person(r.decidedBy),
      decidedAt: r.decidedAt,
      createdAt: r.createdAt,
    }));
  }

  /** Active badges of active categories, less the demo's while hidden. */
  function givableSelect(hideDemo: boolean) {
    const q = briefSelect(db, tenantId).where('b.isActive', '=', 1).where('c.isActive', '=', 1);
    return hideDemo ? q.where('b.isDemo', '=', 0) : q;
  }

  /** One request; none while `hideDemo` for a demo one, or one for or by a demo person (as in the lists). */
  async function getRequest(id: number, hideDemo = false): Promise<RequestRecord | undefined> {
    const row = await requestSelect(hideDemo).where('r.id', '=', id).executeTakeFirst();
    return row ? (await hydrateRequests([row]))[0] : undefined;
  }

  return {
    getRequest,

    /** Active badges of active categories, by name: what may be given or asked for. */
    async activeBadges(hideDemo: boolean): Promise<BadgeBrief[]> {
      const rows = await givableSelect(hideDemo)
        .orderBy(sql`lower(b.name)`)
        .orderBy('b.id')
        .execute();
      return rows.map(brief);
    },

    /** The badge if it may be given or asked for now (the tenant's, active, of an active category). */
    async usableBadge(id: number, hideDemo: boolean): Promise<BadgeBrief | undefined> {
      const row = await givableSelect(hideDemo).where('b.id', '=', id).executeTakeFirst();
      return row ? brief(row) : undefined;
    },

    /** Whether `id` is an active employee of the tenant (a demo person is unknown while `hideDemo`). */
    async isActiveEmployee(id: number, hideDemo: boolean): Promise<boolean> {
      const row = await db
        .selectFrom('employees')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where(shownPeople(scope, 'employees.id', hideDemo))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Active colleagues but `callerId`, by name; at most 20. */
    colleagues(callerId: number, searchText: string | undefined, hideDemo: boolean): Promise<PersonRef[]> {
      return colleagueQuery(db, tenantId, { selfId: callerId, searchText, hideDemo })
        .select(['employees.id', 'employees.name', 'employees.image'])
        .orderBy(sql`lower(employees.name)`)
        .orderBy('employees.id')
        .limit(20)
        .execute();
    },

    async give(values: {
      badgeId: number;
      employeeId: number;
      givenBy: number;
      comment: string;
      source: GivenBadgeSource;
      requestId?: number | null;
    }): Promise<number> {
      const row = await db
        .insertInto('givenBadges')
        .values({
          tenantId,
          badgeId: values.badgeId,
          employeeId: values.employeeId,
          givenBy: values.givenBy,
          comment: values.comment,
          source: values.source,
          requestId: values.requestId ?? null,
          createdAt: stamp(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async getGiven(id: number): Promise<GivenRecord | undefined> {
      const rows = await db
        .selectFrom('givenBadges as g')
        .select(givenColumns)
        .where('g.tenantId', '=', tenantId)
        .where('g.id', '=', id)
        .execute();
      return (await hydrateGiven(rows))[0];
    },

    /** What `employeeId` holds, newest first. */
    async heldBy(employeeId: number, hideDemo: boolean): Promise<GivenRecord[]> {
      let q = db
        .selectFrom('givenBadges as g')
        .select(givenColumns)
        .where('g.tenantId', '=', tenantId)
        .where('g.employeeId', '=', employeeId)
        .orderBy('g.createdAt', 'desc')
        .orderBy('g.id', 'desc');
      q = q.where(shownGiven(hideDemo));
      return hydrateGiven(await q.execute());
    },

    async recentGiven(limit: number, hideDemo: boolean): Promise<GivenRecord[]> {
      let q = db
        .selectFrom('givenBadges as g')
        .select(givenColumns)
        .where('g.tenantId', '=', tenantId)
        .orderBy('g.createdAt', 'desc')
        .orderBy('g.id', 'desc')
        .limit(limit);
      q = q.where(shownGiven(hideDemo));
      return hydrateGiven(await q.execute());
    },

    /** The champion badge and who holds it, most recent first. */
    async champions(hideDemo: boolean) {
      let champion = briefSelect(db, tenantId).where('b.isChampion', '=', 1);
      if (hideDemo) champion = champion.where('b.isDemo', '=', 0);
      const row = await champion.executeTakeFirst();
      if (!row) return { badge: null, champions: [] };
      let q = db
        .selectFrom('givenBadges as g')
        .select(['g.employeeId', sql<number | string>`count(*)`.as('n'), sql<string>`max(g.created_at)`.as('last')])
        .where('g.tenantId', '=', tenantId)
        .where('g.badgeId', '=', row.id)
        .groupBy('g.employeeId')
        .orderBy(sql`max(g.created_at)`, 'desc')
        .orderBy('g.employeeId');
      q = q.where(shownGiven(hideDemo));
      const holders = await q.execute();
      const people = await peopleByIds(
        db,
        tenantId,
        holders.map((h) => h.employeeId),
      );
      return {
        badge: brief(row),
        champions: holders.map((h) => ({
          employee: personOf(people, h.employeeId),
          count: toNumber(h.n),
          lastGivenAt: h.last,
        })),
      };
    },

    // Requests

    /** Whether a request of this requester for this badge and person still waits for a decision. */
    async hasOpenRequest(requestedBy: number, badgeId: number, employeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('badgeRequests')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('requestedBy', '=', requestedBy)
        .where('badgeId', '=', badgeId)
        .where('employeeId', '=', employeeId)
        .where('status', 'in', ['pending', 'under_review'])
        .executeTakeFirst();
      return row !== undefined;
    },

    async createRequest(
      values: Pick<
        Insertable<BadgeRequestTable>,
        'type' | 'badgeId' | 'employeeId' | 'requestedBy' | 'contributionType' | 'description'
      >,
    ): Promise<number> {
      const row = await db
        .insertInto('badgeRequests')
        .values({ tenantId, ...values, status: 'pending', createdAt: stamp(), updatedAt: stamp() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async listRequests(
      query: {
        page: number;
        pageSize: number;
        orderKey: 'createdAt' | 'status' | 'id';
        orderDir: 'asc' | 'desc';
        searchText?: string | undefined;
      } & RequestFilters,
      timeZone: string,
      hideDemo: boolean,
      about?: EmployeeIds,
    ): Promise<ListResponse<RequestRecord>> {
      let base = requestSelect(hideDemo);
      if (query.badgeId !== undefined) base = base.where('r.badgeId', '=', query.badgeId);
      if (query.status) base = base.where('r.status', '=', query.status);
      if (query.type) base = base.where('r.type', '=', query.type);
      if (query.employeeId !== undefined) base = base.where('r.employeeId', '=', query.employeeId);
      if (query.requestedBy !== undefined) base = base.where('r.requestedBy', '=', query.requestedBy);
      if (about) base = base.where('r.employeeId', 'in', about);
      if (query.startDate)
        base = base.where('r.createdAt', '>=', startOfLocalDay(query.startDate, timeZone).toISOString());
      if (query.endDate)
        base = base.where('r.createdAt', '<', startOfLocalDay(addDays(query.endDate, 1), timeZone).toISOString());
      const page = await paginate(base, query, {
        orderBy: { createdAt: { ref: 'r.createdAt' }, status: { ref: 'r.status' }, id: { ref: 'r.id' } },
        search: ['b.name', 'e.name', 'r.description'],
        tieBreaker: 'r.id',
      });
      return { items: await hydrateRequests(page.items), total: page.total };
    },

    async recentRequests(limit: number, hideDemo: boolean, about?: EmployeeIds): Promise<RequestRecord[]> {
      let latest = requestSelect(hideDemo);
      if (about) latest = latest.where('r.employeeId', 'in', about);
      const rows = await latest.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
      return hydrateRequests(rows);
    },

    async stats(hideDemo: boolean, about?: EmployeeIds): Promise<BadgeRequestStats> {
      let q = db
        .selectFrom('badgeRequests')
        .select(['status', 'type', sql<number | string>`count(*)`.as('n')])
        .where('tenantId', '=', tenantId)
        .groupBy(['status', 'type']);
      if (hideDemo)
        q = q
          .where('isDemo', '=', 0)
          .where(shownPeople(scope, 'badgeRequests.employeeId', true))
          .where(shownPeople(scope, 'badgeRequests.requestedBy', true));
      if (about) q = q.where('employeeId', 'in', about);
      const out: BadgeRequestStats = {
        pending: 0,
        under_review: 0,
        approved: 0,
        rejected: 0,
        total: 0,
        contribution: 0,
        recommendation: 0,
      };
      for (const r of await q.execute()) {
        const n = toNumber(r.n);
        out[r.status] += n;
        out[r.type] += n;
        out.total += n;
      }
      return out;
    },

    /**
     * Recommendations grouped by badge and recommended employee, the most recommended first (then the most
     * recently recommended): the `limit` first groups, counted by the database over every recommendation,
     * then the newest RECOMMENDERS_SHOWN recommenders of those groups only.
     */
    async recommendations(
      filters: { badgeId?: number | undefined; employeeId?: number | undefined; limit: number },
      hideDemo: boolean,
      about?: EmployeeIds,
    ) {
      let top = db
        .selectFrom('badgeRequests as r')
        .innerJoin('badges as b', 'b.id', 'r.badgeId')
        .innerJoin('employees as e', 'e.id', 'r.employeeId')
        .select([
          'r.badgeId',
          'r.employeeId',
          sql<number | string>`count(*)`.as('n'),
          sql<number | string>`sum(case when r.status in ('pending', 'under_review') then 1 else 0 end)`.as('open'),
        ])
        .where('r.tenantId', '=', tenantId)
        .where('r.type', '=', 'recommendation')
        .groupBy(['r.badgeId', 'r.employeeId'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`max(r.created_at)`, 'desc')
        .orderBy('r.badgeId')
        .orderBy('r.employeeId')
        .limit(filters.limit);
      if (hideDemo)
        top = top
          .where('r.isDemo', '=', 0)
          .where(shownPeople(scope, 'r.employeeId', true))
          .where(shownPeople(scope, 'r.requestedBy', true));
      if (filters.badgeId !== undefined) top = top.where('r.badgeId', '=', filters.badgeId);
      if (filters.employeeId !== undefined) top = top.where('r.employeeId', '=', filters.employeeId);
      if (about) top = top.where('r.employeeId', 'in', about);
      const groups = await top.execute();
      if (groups.length === 0) return [];
      // The newest recommenders of each group only: a group's count is the database's, however many.
      const ranked = requestSelect(hideDemo)
        .select(
          sql<number>`row_number() over (partition by r.badge_id, r.employee_id order by r.created_at desc, r.id desc)`.as(
            'place',
          ),
        )
        .where('r.type', '=', 'recommendation')
        .where((eb) =>
          eb.or(groups.map((g) => eb.and([eb('r.badgeId', '=', g.badgeId), eb('r.employeeId', '=', g.employeeId)]))),
        );
      const rows = await db
        .selectFrom(ranked.as('x'))
        .selectAll()
        .where('x.place', '<=', RECOMMENDERS_SHOWN)
        .orderBy('x.createdAt', 'desc')
        .orderBy('x.id', 'desc')
        .execute();
      const records = await hydrateRequests(rows);
      const key = (badgeId: number, employeeId: number) => `${badgeId}:${employeeId}`;
      const recommenders = new Map<string, RequestRecord[]>();
      for (const r of records) {
        const k = key(r.badge.id, r.employee.id);
        recommenders.set(k, [...(recommenders.get(k) ?? []), r]);
      }
      // A group whose rows went between the two reads (a deleted person) is left out.
      return groups.flatMap((g) => {
        const own = recommenders.get(key(g.badgeId, g.employeeId));
        if (!own?.[0]) return [];
        return [
          {
            badge: { id: own[0].badge.id, name: own[0].badge.name },
            employee: own[0].employee,
            count: toNumber(g.n),
            pending: toNumber(g.open),
            recommenders: own.map((r) => ({
              person: r.requestedBy,
              reason: r.description,
              status: r.status,
              createdAt: r.createdAt,
            })),
          },
        ];
      });
    },

    /**
     * Moves a request from `from` to `to` (a conditional update, so of two decisions at once one wins);
     * false when its status was no longer `from`.
     */
    async moveStatus(
      id: number,
      from: BadgeRequestStatus,
      to: BadgeRequestStatus,
      decidedBy: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('badgeRequests')
        .set({
          status: to,
          updatedAt: stamp(),
          ...(to === 'approved' || to === 'rejected' ? { decidedBy, decidedAt: stamp() } : {}),
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
