/**
 * The Home widgets' sums (docs/recognition.md "Home"), each one aggregate query over a span of instants:
 * given per giver (weighted by the leaderboards' repeat weight), ratings per attribute, uses per hashtag,
 * today's teams; the caller's own feedback given, newest first, for the streak and the frequency; and the
 * stored snapshot. Every count leaves out feedback hidden by a flag and, once the company switched demo
 * data off, demo rows; people and teams are today's active ones. The period's feedback is read through
 * `feedback_tenant_created`, one's own through `feedback_giver`, hashtags through their own index.
 */
import { shownFeedback, shownPeople } from '../../db/demo.js';
import { sql } from 'kysely';
import { HIDDEN_FLAG_STATUSES, RATING_MIN } from '../../../../shared/feedback.js';
import { HASHTAG_MIN_GIVERS } from '../../../../shared/home.js';
import { toNumber } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';
import { repeatIndex, type BoardOptions, type Span } from '../leaderboards/repository.js';

export type GiverSums = { employeeId: number; name: string; counted: number; feedbackCount: number };
export type AttributeSums = { id: number; count: number; sum: number };
/** A hashtag's uses (acts of giving) and givers; the givers' ids only while fewer than three (see shared/home.ts). */
export type HashtagSums = { tag: string; uses: number; givers: number; giverIds: number[] };
export type TeamMembers = { id: number; name: string; memberIds: number[] };
export type StoredSnapshot = { windowFrom: string; coversFrom: string; coversTo: string; computation: string };
/** The payload of a snapshot row claimed by a computation that has not stored its sums yet. */
const CLAIMED = '';

export function homeRepository({ db, tenantId }: TenantScope) {
  /** The span's counted feedback: the tenant's, not hidden by a flag, no demo row or person's when hidden. */
  function counted(span: Span, hideDemo: boolean) {
    const query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where('feedback.createdAt', '>=', span.from)
      .where('feedback.createdAt', '<', span.to)
      .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    return query.where(shownFeedback({ db, tenantId }, hideDemo));
  }

  return {
    /** Per active giver: Σ 1/k (the repeat weight of the leaderboards) and how many feedback. */
    async givers(span: Span, options: BoardOptions): Promise<GiverSums[]> {
      const inner = counted(span, options.hideDemo).select((eb) => [
        'feedback.giverId',
        repeatIndex(tenantId, options, { unrated: true })(eb).as('k'),
      ]);
      // Materialized: SQLite would otherwise flatten x and run the repeat count once per use of k.
      let query = db
        .with(
          (cte) => cte('x').materialized(),
          () => inner,
        )
        .selectFrom('x')
        .innerJoin('employees as e', 'e.id', 'x.giverId')
        .where('e.tenantId', '=', tenantId)
        .where('e.status', '=', 'active')
        .select([
          'x.giverId',
          'e.name',
          sql<number | string>`sum(1.0 / ${sql.ref('x.k')})`.as('counted'),
          (eb) => eb.fn.countAll<number | string>().as('feedbackCount'),
        ])
        .groupBy(['x.giverId', 'e.name']);
      if (options.hideDemo) query = query.where('e.isDemo', '=', 0);
      const rows = await query.execute();
      return rows.map((r) => ({
        employeeId: r.giverId,
        name: r.name,
        counted: toNumber(r.counted),
        feedbackCount: toNumber(r.feedbackCount),
      }));
    },

    /** Per attribute: how many counted feedback rated it, and the sum of those ratings. */
    async attributes(span: Span, hideDemo: boolean): Promise<AttributeSums[]> {
      // No condition on r.tenant_id: the feedback row is the tenant's already (as the leaderboards do).
      const rows = await counted(span, hideDemo)
        .innerJoin('feedbackRatings as r', 'r.feedbackId', 'feedback.id')
        .where('r.rating', '>=', RATING_MIN)
        .where('r.attributeId', 'is not', null)
        .select([
          'r.attributeId',
          (eb) => eb.fn.countAll<number | string>().as('count'),
          (eb) => eb.fn.sum<number | string>('r.rating').as('sum'),
        ])
        .groupBy('r.attributeId')
        .execute();
      return rows.map((r) => ({ id: r.attributeId!, count: toNumber(r.count), sum: toNumber(r.sum) }));
    },

    /**
     * Per hashtag: the acts of giving that used it and how many people did. A group counts only while none
     * of its feedback is hidden by a flag: the comment is one text, and a flag puts it under review.
     */
    async hashtags(span: Span, hideDemo: boolean): Promise<HashtagSums[]> {
      let query = db
        .selectFrom('feedbackHashtags as h')
        .where('h.tenantId', '=', tenantId)
        .where('h.createdAt', '>=', span.from)
        .where('h.createdAt', '<', span.to)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('feedback as f')
                .select('f.id')
                .whereRef('f.groupId', '=', 'h.groupId')
                .where('f.tenantId', '=', tenantId)
                .where('f.flagStatus', 'in', [...HIDDEN_FLAG_STATUSES]),
            ),
          ),
        )
        .select([
          'h.tag',
          (eb) => eb.fn.countAll<number | string>().as('uses'),
          (eb) => eb.fn.count<number | string>('h.giverId').distinct().as('givers'),
          (eb) => eb.fn.min('h.giverId').as('first'),
          (eb) => eb.fn.max('h.giverId').as('last'),
        ])
        .groupBy('h.tag');
      // A real comment of a demo person's counts no more than the demo's own while demo data is off.
      if (hideDemo) query = query.where('h.isDemo', '=', 0).where(shownPeople({ db, tenantId }, 'h.giverId', true));
      const rows = await query.execute();
      return rows.map((r) => {
        const givers = toNumber(r.givers);
        // With one or two givers, min and max are their ids: enough to tell who may see a rare tag, as long
        // as a tag is shown from three givers on.
        HASHTAG_MIN_GIVERS satisfies 3;
        const giverIds = givers === 1 ? [r.first] : givers === 2 ? [r.first, r.last] : [];
        return { tag: r.tag, uses: toNumber(r.uses), givers, giverIds };
      });
    },

    /** Today's teams with their active members (demo teams and people out when hidden). */
    async teams(hideDemo: boolean): Promise<TeamMembers[]> {
      let query = db
        .selectFrom('teamMembers as m')
        .innerJoin('teams as t', 't.id', 'm.teamId')
        .innerJoin('employees as e', 'e.id', 'm.employeeId')
        .select(['t.id', 't.name', 'm.employeeId'])
        .where('m.tenantId', '=', tenantId)
        .where('t.tenantId', '=', tenantId)
        .where('e.status', '=', 'active');
      if (hideDemo) query = query.where('t.isDemo', '=', 0).where('e.isDemo', '=', 0);
      const teams = new Map<number, TeamMembers>();
      for (const row of await query.orderBy('t.id').orderBy('m.employeeId').execute()) {
        let team = teams.get(row.id);
        if (!team) teams.set(row.id, (team = { id: row.id, name: row.name, memberIds: [] }));
        team.memberIds.push(row.employeeId);
      }
      return [...teams.values()];
    },

    /** When the caller gave each counted feedback, newest first (from the `feedback_giver` index alone). */
    async givenTimes(giverId: number, hideDemo: boolean): Promise<string[]> {
      let query = db
        .selectFrom('feedback')
        .select('feedback.createdAt')
        .where('feedback.tenantId', '=', tenantId)
        .where('feedback.giverId', '=', giverId)
        .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
      query = query.where(shownFeedback({ db, tenantId }, hideDemo));
      const rows = await query.orderBy('feedback.createdAt', 'desc').execute();
      return rows.map((r) => r.createdAt);
    },

    /** The names and ids of active attributes of active categories, by id. */
    async activeAttributes(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { name: string; categoryName: string }>();
      const rows = await db
        .selectFrom('feedbackAttributes as a')
        .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
        .select(['a.id', 'a.name', 'c.name as categoryName'])
        .where('a.tenantId', '=', tenantId)
        .where('a.id', 'in', [...ids])
        .where('a.isActive', '=', 1)
        .where('c.isActive', '=', 1)
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.name, categoryName: r.categoryName }]));
    },

    /** The stored snapshot's identity, if one is stored: a claim still being computed is none yet. */
    async snapshotMeta(hideDemo: boolean): Promise<StoredSnapshot | undefined> {
      return db
        .selectFrom('homeSnapshots')
        .select(['windowFrom', 'coversFrom', 'coversTo', 'computation'])
        .where('tenantId', '=', tenantId)
        .where('hideDemo', '=', hideDemo ? 1 : 0)
        .where('payload', '<>', CLAIMED)
        .executeTakeFirst();
    },

    async snapshotPayload(hideDemo: boolean, computation: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('homeSnapshots')
        .select('payload')
        .where('tenantId', '=', tenantId)
        .where('hideDemo', '=', hideDemo ? 1 : 0)
        .where('computation', '=', computation)
        .where('payload', '<>', CLAIMED)
        .executeTakeFirst();
      return row?.payload;
    },

    /**
     * Claims the tenant's snapshot row for a computation before its sums are read: the row, with no payload
     * yet, stands for what the sums will cover, so the triggers of migration 0030 drop it when a counted row
     * changes while the sums are being read.
     */
    async claimSnapshot(hideDemo: boolean, meta: StoredSnapshot): Promise<void> {
      const values = { ...meta, payload: CLAIMED };
      await db
        .insertInto('homeSnapshots')
        .values({ tenantId, hideDemo: hideDemo ? 1 : 0, ...values })
        .onConflict((oc) => oc.columns(['tenantId', 'hideDemo']).doUpdateSet(values))
        .execute();
    },

    /**
     * Stores the claimed computation's payload; false when the claim is gone (a counted row changed meanwhile,
     * so the sums may miss it) or another computation claimed the row since: nothing is stored then.
     */
    async storeSnapshot(hideDemo: boolean, computation: string, payload: string): Promise<boolean> {
      const stored = await db
        .updateTable('homeSnapshots')
        .set({ payload })
        .where('tenantId', '=', tenantId)
        .where('hideDemo', '=', hideDemo ? 1 : 0)
        .where('computation', '=', computation)
        .executeTakeFirst();
      return stored.numUpdatedRows > 0n;
    },
  };
}
