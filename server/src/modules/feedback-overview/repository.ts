/**
 * The feedback Overview's figures (docs/feedback.md "Overview"), each one aggregate query in the database
 * over the received feedback the asker may read: the rows are those of `visibleFeedback`
 * (server/src/policy/feedback.ts), narrowed to the subject's receiver id (or the caller's teammates) and a
 * created_at range, which the `feedback_receiver` index (tenant_id, receiver_id, created_at) serves.
 * Periods (weeks, months) are tenant-local days turned into UTC instants here, and counted with one
 * CASE over created_at, so a figure never needs the rows in JavaScript.
 */
import { shownFeedback } from '../../db/demo.js';
import { sql, type RawBuilder } from 'kysely';
import { averageOf, RECENT_FEEDBACK_LIMIT } from '../../../../shared/feedback-overview.js';
import type { AttributeFigure, CategoryFigure, MonthFigure } from '../../../../shared/contracts/feedback-overview.js';
import { HIDDEN_FLAG_STATUSES, RATING_MIN } from '../../../../shared/feedback.js';
import { startOfLocalDay } from '../../../../shared/time.js';
import type { TenantScope } from '../../http/context.js';
import { groupLinks } from '../../db/links.js';
import { oneOrNotFound, ownedRows } from '../../db/owned.js';
import { errors } from '../../http/errors.js';
import { searchCondition } from '../../http/list.js';
import { visibleFeedback } from '../../policy/feedback.js';
import { feedbackSubjectRepository, type FeedbackSubject } from '../../policy/feedback-subject.js';
import { holds, type Asker } from '../../policy/scope.js';
import { colleagueQuery } from '../employees/people.js';
import { teammatesQuery } from '../teams/membership.js';

/**
 * Whose received feedback: one employee's, one team's or function's active members', or the members of
 * the asker's teams (not the asker's); policy/feedback-subject.ts decides who may open which.
 */
export type Subject = FeedbackSubject;

export type FigureOptions = { asker: Asker; hideDemo: boolean };

/** A half-open span of instants [from, to), ISO strings as created_at holds them. */
export type Span = { from: string; to: string };

/** What narrows the ratings counted: one category's, or one attribute's. */
export type RatingFilter = { categoryId?: number | undefined; attributeId?: number | undefined };

const toNumber = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

/** The tenant-local days [from, to] as the instants they span. */
export function spanOfDays(from: string, to: string, timeZone: string, nextDay: string): Span {
  return {
    from: startOfLocalDay(from, timeZone).toISOString(),
    to: startOfLocalDay(nextDay, timeZone).toISOString(),
  };
}

/**
 * The index (0-based) of the bucket a created_at falls in, given the buckets' starts (ascending, the first
 * being the query's lower bound): `case when created_at < start1 then 0 when … else n-1 end`.
 */
function bucketOf(starts: readonly string[]): RawBuilder<number> {
  if (starts.length <= 1) return sql<number>`0`;
  const whens = starts.slice(1).map((s, i) => sql`when ${sql.ref('feedback.createdAt')} < ${s} then ${sql.lit(i)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(starts.length - 1)} end`;
}

export function overviewRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  const subjects = feedbackSubjectRepository(scope);

  /**
   * Teams or active functions by name (the first 50), those `memberOf` belongs to when given, matching the
   * search; no demo ones when hidden.
   */
  function pickable(
    table: 'teams' | 'functions',
    memberOf: number | null,
    searchText: string | undefined,
    hideDemo: boolean,
  ) {
    let query = db.selectFrom(table).select(['id', 'name']).where('tenantId', '=', tenantId);
    if (table === 'functions') query = query.where('isActive', '=', 1);
    if (memberOf !== null) query = query.where('id', 'in', groupLinks(scope, table).groupIdsOf(memberOf));
    if (hideDemo) query = query.where('isDemo', '=', 0);
    if (searchText) query = query.where(searchCondition(['name'], searchText));
    return query.orderBy('name').orderBy('id').limit(50).execute();
  }

  /** The visible received feedback of the subject created in the span. */
  function received(subject: Subject, options: FigureOptions, span: Span) {
    const query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where(subjects.whose(subject, options.asker, 'feedback.receiverId'))
      .where('feedback.createdAt', '>=', span.from)
      .where('feedback.createdAt', '<', span.to)
      .where(visibleFeedback(db, tenantId, options.asker))
      // The giver reads what they gave even while a flag hides it; an overview is of what was received,
      // so a hidden feedback never counts, whoever looks (docs/feedback.md "Overview").
      .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    return query.where(shownFeedback({ db, tenantId }, options.hideDemo));
  }

  /** The same rows joined to their rated values (0 = not rated is never counted), optionally narrowed. */
  function ratings(subject: Subject, options: FigureOptions, span: Span, filter: RatingFilter = {}) {
    // No condition on r.tenant_id (the feedback row is the tenant's already): it would offer the planner
    // the (tenant_id, category_id) index, every rating of the tenant, instead of the receiver's feedback
    // and then their ratings by feedback_id.
    let query = received(subject, options, span)
      .innerJoin('feedbackRatings as r', 'r.feedbackId', 'feedback.id')
      .where('r.rating', '>=', RATING_MIN);
    if (filter.categoryId !== undefined) query = query.where('r.categoryId', '=', filter.categoryId);
    if (filter.attributeId !== undefined) query = query.where('r.attributeId', '=', filter.attributeId);
    return query;
  }

  /**
   * The averages of rated values by category and by attribute in one pass over the ratings, grouped by
   * their ids alone (the covering index of migration 0027 answers it without reading a rating row), then
   * named from the catalogue: a category's figure counts the ratings on it and on its attributes (by the
   * category the rating was given under), an attribute's those on it (shown under the category it
   * belongs to now). Best first.
   */
  async function ratedFigures(
    subject: Subject,
    options: FigureOptions,
    span: Span,
    filter: RatingFilter = {},
  ): Promise<{ categories: CategoryFigure[]; attributes: AttributeFigure[] }> {
    const rows = await ratings(subject, options, span, filter)
      .select([
        'r.categoryId',
        'r.attributeId',
        sql<number | string>`sum(${sql.ref('r.rating')})`.as('sum'),
        (eb) => eb.fn.countAll<number | string>().as('count'),
      ])
      .groupBy(['r.categoryId', 'r.attributeId'])
      .execute();
    if (rows.length === 0) return { categories: [], attributes: [] };
    const attributeIds = rows.flatMap((r) => (r.attributeId === null ? [] : [r.attributeId]));
    const attributeRows =
      attributeIds.length === 0
        ? []
        : await db
            .selectFrom('feedbackAttributes')
            .select(['id', 'name', 'categoryId'])
            .where('tenantId', '=', tenantId)
            .where('id', 'in', attributeIds)
            .execute();
    const categoryIds = [...new Set([...rows.map((r) => r.categoryId), ...attributeRows.map((a) => a.categoryId)])];
    const categoryRows = await db
      .selectFrom('feedbackCategories')
      .select(['id', 'name', 'color'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', categoryIds)
      .execute();
    const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
    const attributeById = new Map(attributeRows.map((a) => [a.id, a]));
    const totals = new Map<number, { sum: number; count: number }>();
    const attributes: AttributeFigure[] = [];
    for (const r of rows) {
      const total = totals.get(r.categoryId) ?? { sum: 0, count: 0 };
      total.sum += toNumber(r.sum);
      total.count += toNumber(r.count);
      totals.set(r.categoryId, total);
      const attribute = r.attributeId === null ? undefined : attributeById.get(r.attributeId);
      const category = attribute && categoryById.get(attribute.categoryId);
      if (attribute && category) {
        attributes.push({
          id: attribute.id,
          name: attribute.name,
          categoryId: category.id,
          categoryName: category.name,
          color: category.color,
          ...figure(r.sum, r.count),
        });
      }
    }
    const categories = [...totals].flatMap(([id, { sum, count }]) => {
      const category = categoryById.get(id);
      return category ? [{ ...category, ...figure(sum, count) }] : [];
    });
    return { categories: sortFigures(categories), attributes: sortFigures(attributes) };
  }

  return {
    /**
     * The feedback-level figures of an overview in one pass over the previous period, the range and this
     * week: sums and counts of rated values from the per-feedback integers (rating_sum, rating_count) for
     * the range and for the previous period, the number of feedback in the range and in each of its weeks
     * (`weekStarts`: the first instant of each, the first being the range's start), and in `thisWeek`.
     * This week is counted apart only when it reaches outside the rows read (a short or past range).
     */
    async periodFigures(
      subject: Subject,
      options: FigureOptions,
      p: { previous: Span; weekStarts: readonly string[]; end: string; thisWeek: Span },
    ) {
      const span = { from: p.previous.from, to: p.end };
      const createdAt = sql.ref('feedback.createdAt');
      const rows = await received(subject, options, span)
        .select([
          bucketOf([p.previous.from, ...p.weekStarts]).as('bucket'),
          sql<number | string | null>`sum(${sql.ref('feedback.ratingSum')})`.as('sum'),
          sql<number | string | null>`sum(${sql.ref('feedback.ratingCount')})`.as('count'),
          (eb) => eb.fn.countAll<number | string>().as('feedback'),
          sql<
            number | string | null
          >`sum(case when ${createdAt} >= ${p.thisWeek.from} and ${createdAt} < ${p.thisWeek.to} then 1 else 0 end)`.as(
            'thisWeek',
          ),
        ])
        .groupBy('bucket')
        .execute();
      const current = { sum: 0, count: 0, feedback: 0 };
      const previous = { sum: 0, count: 0 };
      const weekCounts = p.weekStarts.map(() => 0);
      let weekCount = 0;
      for (const r of rows) {
        const bucket = toNumber(r.bucket);
        weekCount += toNumber(r.thisWeek);
        if (bucket === 0) {
          previous.sum += toNumber(r.sum);
          previous.count += toNumber(r.count);
        } else {
          current.sum += toNumber(r.sum);
          current.count += toNumber(r.count);
          current.feedback += toNumber(r.feedback);
          weekCounts[bucket - 1] = toNumber(r.feedback);
        }
      }
      if (p.thisWeek.from < span.from || p.thisWeek.to > span.to) {
        const row = await received(subject, options, p.thisWeek)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        weekCount = toNumber(row.n);
      }
      return {
        overallRating: averageOf(current.sum, current.count),
        ratingCount: current.count,
        feedbackCount: current.feedback,
        previousRating: averageOf(previous.sum, previous.count),
        weekCounts,
        weekCount,
      };
    },

    /**
     * The average of rated values per bucket (months of the trend): all of them from the per-feedback
     * integers, or, for one category or attribute, from its ratings.
     */
    async averagesBy(
      subject: Subject,
      options: FigureOptions,
      buckets: readonly { month: string; start: string }[],
      end: string,
      filter: RatingFilter = {},
    ): Promise<MonthFigure[]> {
      const starts = buckets.map((b) => b.start);
      const span = { from: starts[0]!, to: end };
      const narrowed = filter.categoryId !== undefined || filter.attributeId !== undefined;
      const rows = narrowed
        ? await ratings(subject, options, span, filter)
            .select([
              bucketOf(starts).as('bucket'),
              sql<number | string>`sum(${sql.ref('r.rating')})`.as('sum'),
              (eb) => eb.fn.countAll<number | string>().as('count'),
            ])
            .groupBy('bucket')
            .execute()
        : await received(subject, options, span)
            .select([
              bucketOf(starts).as('bucket'),
              sql<number | string>`sum(${sql.ref('feedback.ratingSum')})`.as('sum'),
              sql<number | string>`sum(${sql.ref('feedback.ratingCount')})`.as('count'),
            ])
            .groupBy('bucket')
            .execute();
      return buckets.map((b, i) => {
        const row = rows.find((r) => toNumber(r.bucket) === i);
        return { month: b.month, ...figure(row?.sum, row?.count) };
      });
    },

    ratedFigures,

    /** The newest visible feedback of the span rated on an attribute, newest first. */
    async recentWithAttribute(subject: Subject, options: FigureOptions, span: Span, attributeId: number) {
      const rows = await received(subject, options, span)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('feedbackRatings as r')
              .select('r.id')
              .whereRef('r.feedbackId', '=', 'feedback.id')
              .where('r.attributeId', '=', attributeId),
          ),
        )
        .select('feedback.id')
        .orderBy('feedback.createdAt', 'desc')
        .orderBy('feedback.id', 'desc')
        .limit(RECENT_FEEDBACK_LIMIT)
        .execute();
      return rows.map((r) => r.id);
    },

    async employee(id: number) {
      const employee = await ownedRows(scope).named('employees', id);
      if (!employee) throw errors.notFound('employeeNotFound');
      return employee;
    },

    /** A category as its overview names it; 404 when the tenant has none with this id. */
    async category(id: number) {
      const { name, color, description } = await ownedRows(scope).get(
        'feedbackCategories',
        id,
        'feedbackCategoryNotFound',
      );
      return { id, name, color, description };
    },

    /** An attribute with its category as its overview names them; 404 when the tenant has none with this id. */
    async attribute(id: number) {
      const attribute = db
        .selectFrom('feedbackAttributes as a')
        .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
        .select(['a.id', 'a.name', 'a.description', 'a.categoryId', 'c.name as categoryName', 'c.color'])
        .where('a.tenantId', '=', tenantId)
        .where('a.id', '=', id);
      return oneOrNotFound(attribute, 'feedbackAttributeNotFound');
    },

    /** Active employees by name (the first 50) among the caller's teammates or the whole tenant. */
    async people(selfId: number, among: 'team' | 'all', searchText: string | undefined, hideDemo: boolean) {
      let query = colleagueQuery(db, tenantId, { selfId, searchText, hideDemo });
      if (among === 'team') query = query.where('employees.id', 'in', teammatesQuery(db, tenantId, selfId));
      return query
        .select(['employees.id', 'employees.name'])
        .orderBy('employees.name')
        .orderBy('employees.id')
        .limit(50)
        .execute();
    },

    /** Teams by name (the first 50): every team of the tenant, or those `selfId` belongs to. */
    async teams(selfId: number, among: 'mine' | 'all', searchText: string | undefined, hideDemo: boolean) {
      return pickable('teams', among === 'mine' ? selfId : null, searchText, hideDemo);
    },

    /**
     * Active functions by name (the first 50) in the functions module's scope: every one with
     * view-all-functions, else those `asker` belongs to.
     */
    async functions(asker: Asker, searchText: string | undefined, hideDemo: boolean) {
      const memberOf = asker.permissions.has('view-all-functions') ? null : asker.employeeId;
      return pickable('functions', memberOf, searchText, hideDemo);
    },
  };
}

/** Whether the asker may pick from the Teams group (team or all level of `feedback`) and which teams. */
export function teamsGroup(asker: Asker): 'mine' | 'all' | null {
  if (holds('feedback', 'all', asker.permissions)) return 'all';
  return holds('feedback', 'team', asker.permissions) ? 'mine' : null;
}

/** Whether the asker may pick from the Functions group: the all level of `feedback` and view-functions. */
export function functionsGroup(asker: Asker): boolean {
  return holds('feedback', 'all', asker.permissions) && asker.permissions.has('view-functions');
}

function figure(sum: number | string | null | undefined, count: number | string | null | undefined) {
  const n = toNumber(count);
  return { average: averageOf(toNumber(sum), n), count: n };
}

/** Best average first, then by name: the order the bars read. */
function sortFigures<T extends { average: number | null; name: string }>(figures: T[]): T[] {
  return figures.sort((a, b) => (b.average ?? 0) - (a.average ?? 0) || a.name.localeCompare(b.name));
}
