/**
 * Leaderboards' sums (docs/recognition.md "Leaderboards"), each board one aggregate query in the database:
 * the tenant's received feedback of the period (never one hidden by a flag, nor a hidden demo row or person's), each
 * weighed by its repeat weight 1/k, where k counts the same giver's counted feedback to the same receiver
 * in the 7 days up to it (a correlated count through the `feedback_giver` index), summed per receiver.
 * The period's feedback is read through `feedback_tenant_created` (a team's through `feedback_receiver`);
 * shared/leaderboards.ts turns the sums into scores and places.
 */
import { shownFeedback } from '../../db/demo.js';
import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { HIDDEN_FLAG_STATUSES, RATING_MIN } from '../../../../shared/feedback.js';
import { REPEAT_WINDOW_DAYS, type PairSums, type ReceiverSums } from '../../../../shared/leaderboards.js';
import { withNumbers, type Engine } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { peopleByIds } from '../employees/people.js';
import { activeCatalogue } from '../feedback-catalogue/repository.js';

/** Which received feedback a board ranks by. */
export type BoardScope =
  | { kind: 'company' }
  | { kind: 'category'; id: number }
  | { kind: 'attribute'; id: number }
  | { kind: 'team'; id: number };

export type BoardOptions = { engine: Engine; hideDemo: boolean };

/** A half-open span of instants [from, to), ISO strings as created_at holds them. */
export type Span = { from: string; to: string };

type FeedbackEb = ExpressionBuilder<Database, 'feedback'>;

/** An instant stored as ISO text, moved back by the repeat window, as ISO text again (engine by engine). */
function windowStart(engine: Engine): RawBuilder<string> {
  const at = sql.ref('feedback.createdAt');
  return engine === 'postgres'
    ? sql<string>`to_char((cast(${at} as timestamptz) - interval '${sql.raw(String(REPEAT_WINDOW_DAYS))} days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '-${sql.raw(String(REPEAT_WINDOW_DAYS))} days')`;
}

/** What a board reads of each counted feedback besides its weight and values (and groups its ratings by). */
const FEEDBACK_FACTS = [
  'feedback.id',
  'feedback.receiverId',
  'feedback.giverId',
  'feedback.createdAt',
  'feedback.flagStatus',
] as const;

/** The table of what a board other than the company's ranks by. */
const BOARD_TABLES = { category: 'feedbackCategories', attribute: 'feedbackAttributes', team: 'teams' } as const;

/**
 * k for each feedback: 1 + the same giver's counted feedback to the same receiver in the window before it
 * (ties in time by id), so the first weighs 1, the second 1/2… A hidden feedback never counts here either,
 * nor, on the boards, one with no rating at all. Also the Home rankings' weight (server/src/modules/home/),
 * where the givers' ranking counts comment-only feedback too (`unrated`): there those repeat like any other,
 * or ten quick comments to one colleague would weigh ten.
 */
export function repeatIndex(tenantId: number, options: BoardOptions, { unrated = false }: { unrated?: boolean } = {}) {
  return (eb: FeedbackEb) => {
    let earlier = eb
      .selectFrom('feedback as p')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('p.tenantId', '=', tenantId)
      .whereRef('p.giverId', '=', 'feedback.giverId')
      .whereRef('p.receiverId', '=', 'feedback.receiverId')
      .where('p.createdAt', '>=', windowStart(options.engine))
      .where((e) =>
        e.or([
          e('p.createdAt', '<', e.ref('feedback.createdAt')),
          e.and([e('p.createdAt', '=', e.ref('feedback.createdAt')), e('p.id', '<', e.ref('feedback.id'))]),
        ]),
      )
      .where('p.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    // A comment without a rating counts on no board, so it damps none either.
    if (!unrated) earlier = earlier.where('p.ratingCount', '>', 0);
    if (options.hideDemo) earlier = earlier.where('p.isDemo', '=', 0);
    return sql<number>`(1 + ${earlier})`;
  };
}

export function leaderboardRepository(tenant: TenantScope) {
  const { db, tenantId } = tenant;
  const teams = groupLinks(tenant, 'teams');
  /** The counted feedback of the span: the tenant's (a team's members'), shown, rated at least once. */
  function counted(scope: BoardScope, span: Span, options: Pick<BoardOptions, 'hideDemo'>) {
    let query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where('feedback.createdAt', '>=', span.from)
      .where('feedback.createdAt', '<', span.to)
      .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    query = query.where(shownFeedback({ db, tenantId }, options.hideDemo));
    if (scope.kind === 'team') query = query.where('feedback.receiverId', 'in', teams.memberIds(scope.id));
    return query;
  }

  /**
   * Per counted feedback: receiver, giver, when, k, and the sum and number of its rated values on the board
   * (all of them from the per-feedback integers; a category's or an attribute's from its ratings).
   */
  function perFeedback(scope: BoardScope, span: Span, options: BoardOptions) {
    const base = counted(scope, span, options);
    if (scope.kind === 'company' || scope.kind === 'team') {
      return base
        .where('feedback.ratingCount', '>', 0)
        .select((eb) => [
          ...FEEDBACK_FACTS,
          repeatIndex(tenantId, options)(eb).as('k'),
          sql<number>`${sql.ref('feedback.ratingSum')}`.as('s'),
          sql<number>`${sql.ref('feedback.ratingCount')}`.as('n'),
        ]);
    }
    // No condition on r.tenant_id: the feedback row is the tenant's already, and it would tempt SQLite into
    // the (tenant_id, category_id) index, every rating of the tenant (docs/feedback.md "Overview").
    let rated = base
      .innerJoin('feedbackRatings as r', 'r.feedbackId', 'feedback.id')
      .where('r.rating', '>=', RATING_MIN);
    rated =
      scope.kind === 'category'
        ? rated.where('r.categoryId', '=', scope.id)
        : rated.where('r.attributeId', '=', scope.id);
    return rated
      .select((eb) => [
        ...FEEDBACK_FACTS,
        repeatIndex(tenantId, options)(eb).as('k'),
        sql<number>`sum(${sql.ref('r.rating')})`.as('s'),
        sql<number>`count(*)`.as('n'),
      ])
      .groupBy([...FEEDBACK_FACTS, 'feedback.tenantId']);
  }

  return {
    /** Every receiver's weighted sums on a board (active employees only), one aggregate query. */
    async board(scope: BoardScope, span: Span, options: BoardOptions): Promise<ReceiverSums[]> {
      const inner = perFeedback(scope, span, options) as SelectQueryBuilder<
        Database,
        'feedback',
        { receiverId: number; k: number; s: number; n: number }
      >;
      // Materialized: SQLite would otherwise flatten x and run the repeat count once per use of k.
      let query = db
        .with(
          (cte) => cte('x').materialized(),
          () => inner,
        )
        .selectFrom('x')
        .innerJoin('employees as e', 'e.id', 'x.receiverId')
        .where('e.tenantId', '=', tenantId)
        .where('e.status', '=', 'active')
        .select([
          'x.receiverId',
          'e.name',
          sql<number | string>`sum(${sql.ref('x.s')} * 1.0 / ${sql.ref('x.k')})`.as('weightedSum'),
          sql<number | string>`sum(${sql.ref('x.n')} * 1.0 / ${sql.ref('x.k')})`.as('weightedCount'),
          sql<number | string>`sum(1.0 / ${sql.ref('x.k')})`.as('counted'),
          (eb) => eb.fn.countAll<number | string>().as('feedbackCount'),
        ])
        .groupBy(['x.receiverId', 'e.name']);
      if (options.hideDemo) query = query.where('e.isDemo', '=', 0);
      const rows = await query.execute();
      return rows.map(({ receiverId, ...r }) => ({
        employeeId: receiverId,
        ...withNumbers(r, ['weightedSum', 'weightedCount', 'counted', 'feedbackCount']),
      }));
    },

    /** One receiver's counted feedback on a board with k and their rated values, newest first. */
    async receiverFeedback(scope: BoardScope, span: Span, options: BoardOptions, receiverId: number) {
      const inner = perFeedback(scope, span, options).where(
        'feedback.receiverId',
        '=',
        receiverId,
      ) as SelectQueryBuilder<
        Database,
        'feedback',
        {
          id: number;
          receiverId: number;
          giverId: number;
          createdAt: string;
          flagStatus: Database['feedback']['flagStatus']['__select__'];
          k: number;
          s: number;
          n: number;
        }
      >;
      const rows = await db
        .with(
          (cte) => cte('x').materialized(),
          () => inner,
        )
        .selectFrom('x')
        .innerJoin('employees as g', 'g.id', 'x.giverId')
        .select(['x.id', 'x.giverId', 'g.name as giverName', 'x.createdAt', 'x.flagStatus', 'x.k', 'x.s', 'x.n'])
        .orderBy('x.createdAt', 'desc')
        .orderBy('x.id', 'desc')
        .execute();
      return rows.map((r) => withNumbers(r, ['k', 's', 'n']));
    },

    /** What each giver gave each receiver in the span: feedback, sum and number of rated values. */
    async pairs(span: Span, options: Pick<BoardOptions, 'hideDemo'>): Promise<PairSums[]> {
      const rows = await counted({ kind: 'company' }, span, options)
        .where('feedback.ratingCount', '>', 0)
        .select([
          'feedback.giverId',
          'feedback.receiverId',
          (eb) => eb.fn.countAll<number | string>().as('feedbackCount'),
          sql<number | string>`sum(${sql.ref('feedback.ratingSum')})`.as('sum'),
          sql<number | string>`sum(${sql.ref('feedback.ratingCount')})`.as('count'),
        ])
        .groupBy(['feedback.giverId', 'feedback.receiverId'])
        .execute();
      return rows.map((r) => withNumbers(r, ['feedbackCount', 'sum', 'count']));
    },

    people: (ids: readonly number[]) => peopleByIds(db, tenantId, ids),

    /** The category, attribute or team a board ranks by; undefined when the tenant has none with this id. */
    named: (kind: keyof typeof BOARD_TABLES, id: number) => ownedRows(tenant).named(BOARD_TABLES[kind], id),

    /** Active categories and offered attributes by name; the caller's teams, or every team. */
    async choices(employeeId: number, allTeams: boolean, hideDemo: boolean) {
      let teamQuery = db.selectFrom('teams').select(['id', 'name']).where('tenantId', '=', tenantId);
      if (hideDemo) teamQuery = teamQuery.where('isDemo', '=', 0);
      if (!allTeams) teamQuery = teamQuery.where('id', 'in', teams.groupIdsOf(employeeId));
      const [catalogue, choices, mine] = await Promise.all([
        activeCatalogue(db, tenantId),
        teamQuery.orderBy('name').orderBy('id').execute(),
        teams.groupsOf([employeeId]),
      ]);
      return { ...catalogue, teams: choices, myTeamId: mine.get(employeeId)?.[0]?.id ?? null };
    },
  };
}
