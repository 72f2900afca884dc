/**
 * The feedback Overview's figures (docs/feedback.md "Overview"), each one aggregate query in the database
 * over the received feedback the asker may read: the rows are those of `visibleFeedback`
 * (server/src/policy/feedback.ts), narrowed to the subject's receiver id (or the caller's teammates) and a
 * created_at range, which the `feedback_receiver` index (tenant_id, receiver_id, created_at) serves.
 * Periods (weeks, months) are tenant-local days turned into UTC instants here, and counted with one
 * CASE over created_at, so a figure never needs the rows in JavaScript.
 */
import { sql, type RawBuilder } from 'kysely';
import { averageOf, RECENT_FEEDBACK_LIMIT } from '../../../../shared/feedback-overview.js';
import type { AttributeFigure, CategoryFigure, MonthFigure } from '../../../../shared/contracts/feedback-overview.js';
import { HIDDEN_FLAG_STATUSES, RATING_MIN } from '../../../../shared/feedback.js';
import { startOfLocalDay } from '../../../../shared/time.js';
import type { TenantScope } from '../../http/context.js';
import { searchCondition } from '../../http/list.js';
import { visibleFeedback } from '../../policy/feedback.js';
import { feedbackSubjectRepository, type FeedbackSubject } from '../../policy/feedback-subject.js';
import { holds, type Asker } from '../../policy/scope.js';
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

  /** The visible received feedback of the subject created in the span. */
  function received(subject: Subject, options: FigureOptions, span: Span) {
    let query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where(subjects.whose(subject, options.asker, 'feedback.receiverId'))
      .where('feedback.createdAt', '>=', span.from)
      .where('feedback.createdAt', '<', span.to)
      .where(visibleFeedback(db, tenantId, options.asker))
      // The giver reads what they gave even while a flag hides it; an overview is of what was received,
      // so a hidden feedback never counts, whoever looks (docs/feedback.md "Overview").
      .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    if (options.hideDemo) query = query.where('feedback.isDemo', '=', 0);
    return query;
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

  /** Averages of rated values by category, with the category's name and colour, best first. */
  async function categoryFigures(
    subject: Subject,
    options: FigureOptions,
    span: Span,
    categoryId?: number,
  ): Promise<CategoryFigure[]> {
    const rows = await ratings(subject, options, span, { categoryId })
      .innerJoin('feedbackCategories as c', 'c.id', 'r.categoryId')
      .select([
        'c.id',
        'c.name',
        'c.color',
        sql<number | string>`sum(${sql.ref('r.rating')})`.as('sum'),
        (eb) => eb.fn.countAll<number | string>().as('count'),
      ])
      .groupBy(['c.id', 'c.name', 'c.color'])
      .execute();
    return sortFigures(rows.map((r) => ({ id: r.id, name: r.name, color: r.color, ...figure(r.sum, r.count) })));
  }

  /** Averages of rated values by attribute (ratings on a category itself have none), best first. */
  async function attributeFigures(
    subject: Subject,
    options: FigureOptions,
    span: Span,
    filter: RatingFilter = {},
  ): Promise<AttributeFigure[]> {
    const rows = await ratings(subject, options, span, filter)
      .innerJoin('feedbackAttributes as a', 'a.id', 'r.attributeId')
      .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
      .select([
        'a.id',
        'a.name',
        'a.categoryId',
        'c.name as categoryName',
        'c.color',
        sql<number | string>`sum(${sql.ref('r.rating')})`.as('sum'),
        (eb) => eb.fn.countAll<number | string>().as('count'),
      ])
      .groupBy(['a.id', 'a.name', 'a.categoryId', 'c.name', 'c.color'])
      .execute();
    return sortFigures(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        categoryId: r.categoryId,
        categoryName: r.categoryName,
        color: r.color,
        ...figure(r.sum, r.count),
      })),
    );
  }

  return {
    /**
     * The overall rating of the current span and of the previous one (one query over both, each summed
     * with a CASE on created_at): sums and counts of rated values from the per-feedback integers
     * (rating_sum, rating_count), and the number of feedback in the current span.
     */
    async overall(subject: Subject, options: FigureOptions, previous: Span, current: Span) {
      const inCurrent = (value: RawBuilder<unknown>) =>
        sql<
          number | string | null
        >`sum(case when ${sql.ref('feedback.createdAt')} >= ${current.from} then ${value} else 0 end)`;
      const inPrevious = (value: RawBuilder<unknown>) =>
        sql<
          number | string | null
        >`sum(case when ${sql.ref('feedback.createdAt')} < ${current.from} then ${value} else 0 end)`;
      const row = await received(subject, options, { from: previous.from, to: current.to })
        .select([
          inCurrent(sql.ref('feedback.ratingSum')).as('sum'),
          inCurrent(sql.ref('feedback.ratingCount')).as('count'),
          inCurrent(sql.lit(1)).as('feedback'),
          inPrevious(sql.ref('feedback.ratingSum')).as('previousSum'),
          inPrevious(sql.ref('feedback.ratingCount')).as('previousCount'),
        ])
        .executeTakeFirstOrThrow();
      return {
        overallRating: averageOf(toNumber(row.sum), toNumber(row.count)),
        ratingCount: toNumber(row.count),
        feedbackCount: toNumber(row.feedback),
        previousRating: averageOf(toNumber(row.previousSum), toNumber(row.previousCount)),
      };
    },

    /** How many feedback fall in each bucket; `starts` are the buckets' first instants, `end` the last's end. */
    async countsBy(subject: Subject, options: FigureOptions, starts: readonly string[], end: string) {
      const rows = await received(subject, options, { from: starts[0]!, to: end })
        .select([bucketOf(starts).as('bucket'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('bucket')
        .execute();
      const counts = starts.map(() => 0);
      for (const r of rows) counts[toNumber(r.bucket)] = toNumber(r.count);
      return counts;
    },

    /** How many feedback in a span. */
    async count(subject: Subject, options: FigureOptions, span: Span) {
      const row = await received(subject, options, span)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return toNumber(row.n);
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

    categoryFigures,
    attributeFigures,

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
      return db
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    async category(id: number) {
      return db
        .selectFrom('feedbackCategories')
        .select(['id', 'name', 'color', 'description'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async attribute(id: number) {
      return db
        .selectFrom('feedbackAttributes as a')
        .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
        .select(['a.id', 'a.name', 'a.description', 'a.categoryId', 'c.name as categoryName', 'c.color'])
        .where('a.tenantId', '=', tenantId)
        .where('a.id', '=', id)
        .executeTakeFirst();
    },

    /** Active employees by name (the first 50) among the caller's teammates or the whole tenant. */
    async people(selfId: number, among: 'team' | 'all', searchText: string | undefined, hideDemo: boolean) {
      let query = db
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('status', '=', 'active')
        .where('id', '<>', selfId);
      if (among === 'team') query = query.where('id', 'in', teammatesQuery(db, tenantId, selfId));
      if (hideDemo) query = query.where('isDemo', '=', 0);
      if (searchText) query = query.where(searchCondition(['name', 'email'], searchText));
      return query.orderBy('name').orderBy('id').limit(50).execute();
    },

    /** Teams by name (the first 50): every team of the tenant, or those `selfId` belongs to. */
    async teams(selfId: number, among: 'mine' | 'all', searchText: string | undefined, hideDemo: boolean) {
      let query = db.selectFrom('teams').select(['id', 'name']).where('tenantId', '=', tenantId);
      if (among === 'mine') {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('teamMembers as m')
              .select('m.employeeId')
              .whereRef('m.teamId', '=', 'teams.id')
              .where('m.employeeId', '=', selfId),
          ),
        );
      }
      if (hideDemo) query = query.where('isDemo', '=', 0);
      if (searchText) query = query.where(searchCondition(['name'], searchText));
      return query.orderBy('name').orderBy('id').limit(50).execute();
    },

    /**
     * Active functions by name (the first 50) in the functions module's scope: every one with
     * view-all-functions, else those `asker` belongs to.
     */
    async functions(asker: Asker, searchText: string | undefined, hideDemo: boolean) {
      let query = db
        .selectFrom('functions')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('isActive', '=', 1);
      if (!asker.permissions.has('view-all-functions')) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('functionMembers as m')
              .select('m.employeeId')
              .whereRef('m.functionId', '=', 'functions.id')
              .where('m.employeeId', '=', asker.employeeId),
          ),
        );
      }
      if (hideDemo) query = query.where('isDemo', '=', 0);
      if (searchText) query = query.where(searchCondition(['name'], searchText));
      return query.orderBy('name').orderBy('id').limit(50).execute();
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
