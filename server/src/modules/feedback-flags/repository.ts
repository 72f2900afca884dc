/**
 * Flags on feedback, bound to one tenant (docs/feedback.md "Flags"). Flagging asks the one visibility rule
 * (server/src/policy/feedback.ts) whether the caller may read the feedback apart from the flag; the review
 * queues have their own rule: pending flags for reviewers (flag-feedback), escalated ones for HR
 * (view-all-employees-feedback), never a feedback the reviewer gave or received. Every decision is a row
 * of feedback_flag_decisions; the feedback's flag_status moves by a conditional update, so of two
 * reviewers deciding at once one wins and the other gets 409.
 */
import { sql } from 'kysely';
import type { FlaggedFeedback, FlagSummary } from '../../../../shared/contracts/feedback-flags.js';
import type { FlagDecision, FlagStatus } from '../../../../shared/feedback.js';
import type { NotificationType } from '../../../../shared/notifications.js';
import { allowedByStatus, deciderPermission, type FlagQueue } from '../../../../shared/feedback-requests.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { FAMILIES } from '../../../../shared/policy-families.js';
import type { Db } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { mayReadFeedback, needsReceiverTeam } from '../../policy/feedback.js';
import type { Asker } from '../../policy/scope.js';
import { peopleByIds, personOf } from '../employees/people.js';
import { ratingsOf } from '../feedback/ratings.js';
import { notify } from '../notifications/writer.js';
import { sharesTeam } from '../teams/membership.js';

/** What a flagger is told of each decision. */
const FLAG_NEWS = {
  approved: 'flag-approved',
  rejected: 'flag-rejected',
  escalated: 'flag-escalated',
} as const satisfies Record<FlagDecision, NotificationType>;

/** A reviewer: who they are and what they hold. */
export type Reviewer = Asker;

/** The queues the reviewer may read. */
export function queuesOf(reviewer: Reviewer): FlagQueue[] {
  const queues: FlagQueue[] = [];
  if (reviewer.permissions.has('flag-feedback')) queues.push('pending');
  if (reviewer.permissions.has('view-all-employees-feedback')) queues.push('escalated');
  return queues;
}

/** The decisions the reviewer may take on a feedback in this status. */
export function allowedDecisions(reviewer: Reviewer, status: FlagStatus): FlagDecision[] {
  const needed = deciderPermission(status);
  return needed && reviewer.permissions.has(needed) ? allowedByStatus(status) : [];
}

/** When each feedback entered its queue: the latest flag (pending) or its escalation (escalated). */
function queuedAtSql(queue: FlagQueue) {
  return queue === 'pending'
    ? sql<string>`(select max(fl.created_at) from feedback_flags fl where fl.feedback_id = feedback.id)`
    : sql<string>`(select max(d.decided_at) from feedback_flag_decisions d
        where d.feedback_id = feedback.id and d.decision = 'escalated')`;
}

async function hydrate(
  db: Db,
  tenantId: number,
  reviewer: Reviewer,
  ids: number[],
): Promise<Map<number, FlaggedFeedback>> {
  if (ids.length === 0) return new Map();
  const [rows, ratings, flags, decisions] = await Promise.all([
    db
      .selectFrom('feedback')
      .innerJoin('feedbackGroups as g', 'g.id', 'feedback.groupId')
      .select([
        'feedback.id',
        'feedback.giverId',
        'feedback.receiverId',
        'feedback.flagStatus',
        'feedback.createdAt',
        'g.comment',
      ])
      .where('feedback.tenantId', '=', tenantId)
      .where('feedback.id', 'in', ids)
      .execute(),
    ratingsOf(db, tenantId, ids),
    db
      .selectFrom('feedbackFlags')
      .select(['id', 'feedbackId', 'flaggedBy', 'reason', 'createdAt'])
      .where('tenantId', '=', tenantId)
      .where('feedbackId', 'in', ids)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('feedbackFlagDecisions')
      .select(['feedbackId', 'decision', 'decidedBy', 'decidedAt'])
      .where('tenantId', '=', tenantId)
      .where('feedbackId', 'in', ids)
      .orderBy('decidedAt')
      .orderBy('id')
      .execute(),
  ]);
  const people = await peopleByIds(db, tenantId, [
    ...rows.flatMap((r) => [r.giverId, r.receiverId]),
    ...flags.map((f) => f.flaggedBy),
    ...decisions.flatMap((d) => (d.decidedBy === null ? [] : [d.decidedBy])),
  ]);
  const person = (id: number) => personOf(people, id);
  const out = new Map<number, FlaggedFeedback>();
  for (const row of rows) {
    const own = flags.filter((f) => f.feedbackId === row.id);
    const decided = decisions.filter((d) => d.feedbackId === row.id);
    const escalation = decided.findLast((d) => d.decision === 'escalated');
    out.set(row.id, {
      feedbackId: row.id,
      flagStatus: row.flagStatus,
      giver: person(row.giverId),
      receiver: person(row.receiverId),
      comment: row.comment,
      givenAt: row.createdAt,
      ratings: ratings.get(row.id) ?? [],
      flags: own.map((f) => ({ id: f.id, flaggedBy: person(f.flaggedBy), reason: f.reason, createdAt: f.createdAt })),
      decisions: decided.map((d) => ({
        decision: d.decision,
        decidedBy: d.decidedBy === null ? null : person(d.decidedBy),
        decidedAt: d.decidedAt,
      })),
      queuedAt:
        row.flagStatus === 'escalated' && escalation ? escalation.decidedAt : (own.at(-1)?.createdAt ?? row.createdAt),
      allowedDecisions: allowedDecisions(reviewer, row.flagStatus),
    });
  }
  return out;
}

export function feedbackFlagRepository({ db, tenantId, now }: TenantScope) {
  /** The feedback's facts, or 404 when it is not this tenant's. */
  const load = (feedbackId: number) => ownedRows({ db, tenantId }).get('feedback', feedbackId, 'feedbackNotFound');

  /** A flagged feedback the reviewer may open: 404 unflagged, 403 their own or outside their queues. */
  async function reviewable(reviewer: Reviewer, feedbackId: number) {
    const row = await load(feedbackId);
    if (row.flagStatus === 'none') throw errors.notFound('flagNotFound');
    if (row.giverId === reviewer.employeeId || row.receiverId === reviewer.employeeId)
      throw errors.coded(403, 'FLAG_CONFLICT_OF_INTEREST');
    // Pending flags are the reviewers' (flag-feedback); escalated and decided ones either queue's.
    if (row.flagStatus === 'pending' && !reviewer.permissions.has('flag-feedback'))
      throw errors.forbidden('flag-feedback');
    return row;
  }

  /**
   * Whoever flagged the feedback hears the decision (docs/notifications.md), in its transaction; the line
   * names the feedback by its giver, and opens nothing (what they may read of it depends on the decision).
   */
  async function tellFlaggers(trx: Db, feedbackId: number, giverId: number, decision: FlagDecision, actorId: number) {
    const [flaggers, giver] = await Promise.all([
      trx
        .selectFrom('feedbackFlags')
        .select('flaggedBy')
        .where('tenantId', '=', tenantId)
        .where('feedbackId', '=', feedbackId)
        .execute(),
      trx
        .selectFrom('employees')
        .select('name')
        .where('tenantId', '=', tenantId)
        .where('id', '=', giverId)
        .executeTakeFirst(),
    ]);
    await notify(
      trx,
      tenantId,
      {
        type: FLAG_NEWS[decision],
        recipientIds: flaggers.map((f) => f.flaggedBy),
        actorId,
        params: { giver: giver?.name ?? '' },
        link: null,
      },
      now(),
    );
  }

  /** The base of a queue: feedback in that status, but what the reviewer gave or received. */
  function queueQuery(reviewer: Reviewer, queue: FlagQueue) {
    return db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where('feedback.flagStatus', '=', queue)
      .where('feedback.giverId', '<>', reviewer.employeeId)
      .where('feedback.receiverId', '<>', reviewer.employeeId);
  }

  const repo = {
    /**
     * Flags a feedback the caller may read (apart from the flag) with a reason. Its giver cannot; a second
     * flag by the same person, or one on a decided feedback, answers 409.
     */
    async flag(
      asker: Asker,
      feedbackId: number,
      reason: string,
    ): Promise<{ feedbackId: number; flagStatus: FlagStatus }> {
      const row = await load(feedbackId);
      if (row.giverId === asker.employeeId) throw errors.coded(403, 'FLAG_OWN_FEEDBACK');
      // Whether they may read it as if unflagged: someone else's pending flag does not stop a reader.
      const facts = { giverId: row.giverId, receiverId: row.receiverId, flagStatus: 'none' as const };
      const shares = needsReceiverTeam(asker, facts)
        ? await sharesTeam(db, tenantId, asker.employeeId, row.receiverId)
        : false;
      if (!mayReadFeedback(asker, { ...facts, sharesTeamWithReceiver: shares }))
        throw errors.forbidden([FAMILIES.feedback.team[0], FAMILIES.feedback.all[0]]);
      const already = await db
        .selectFrom('feedbackFlags')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('feedbackId', '=', feedbackId)
        .where('flaggedBy', '=', asker.employeeId)
        .executeTakeFirst();
      if (already) throw errors.coded(409, 'FLAG_ALREADY_FLAGGED');
      if (row.flagStatus !== 'none' && row.flagStatus !== 'pending') throw errors.coded(409, 'FLAG_ALREADY_DECIDED');
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('feedback')
            .set({ flagStatus: 'pending' })
            .where('tenantId', '=', tenantId)
            .where('id', '=', feedbackId)
            .where('flagStatus', 'in', ['none', 'pending'])
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw errors.coded(409, 'FLAG_ALREADY_DECIDED');
          await trx
            .insertInto('feedbackFlags')
            .values({ tenantId, feedbackId, flaggedBy: asker.employeeId, reason, status: 'pending', createdAt: at })
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.coded(409, 'FLAG_ALREADY_FLAGGED');
        throw error;
      }
      return { feedbackId, flagStatus: 'pending' };
    },

    /** One page of a queue, the latest arrivals first. */
    async list(
      reviewer: Reviewer,
      queue: FlagQueue,
      page: { page: number; pageSize: number; orderDir: 'asc' | 'desc' },
    ): Promise<{ items: FlaggedFeedback[]; total: number }> {
      const base = queueQuery(reviewer, queue);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(['feedback.id', queuedAtSql(queue).as('queuedAt')])
        .orderBy('queuedAt', page.orderDir)
        .orderBy('feedback.id', page.orderDir)
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute();
      const items = await hydrate(
        db,
        tenantId,
        reviewer,
        rows.map((r) => r.id),
      );
      return { total: Number(total), items: rows.map((r) => items.get(r.id)!) };
    },

    /** Counts of the reviewer's queues, the latest arrival, and whether something arrived after `since`. */
    async summary(reviewer: Reviewer, since: string | undefined): Promise<FlagSummary> {
      const queues = queuesOf(reviewer);
      const counts = { pending: 0, escalated: 0 };
      let latestAt: string | null = null;
      for (const queue of queues) {
        const row = await queueQuery(reviewer, queue)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow();
        counts[queue] = Number(row.count);
        const ids = queueQuery(reviewer, queue).select('feedback.id');
        const latest =
          queue === 'pending'
            ? await db
                .selectFrom('feedbackFlags')
                .select((eb) => eb.fn.max('createdAt').as('latest'))
                .where('tenantId', '=', tenantId)
                .where('feedbackId', 'in', ids)
                .executeTakeFirst()
            : await db
                .selectFrom('feedbackFlagDecisions')
                .select((eb) => eb.fn.max('decidedAt').as('latest'))
                .where('tenantId', '=', tenantId)
                .where('decision', '=', 'escalated')
                .where('feedbackId', 'in', ids)
                .executeTakeFirst();
        const at = latest?.latest ?? null;
        if (at !== null && (latestAt === null || at > latestAt)) latestAt = at;
      }
      const hasNew = since !== undefined && latestAt !== null && latestAt > new Date(since).toISOString();
      return { ...counts, latestAt, hasNew };
    },

    async get(reviewer: Reviewer, feedbackId: number): Promise<FlaggedFeedback> {
      await reviewable(reviewer, feedbackId);
      return (await hydrate(db, tenantId, reviewer, [feedbackId])).get(feedbackId)!;
    },

    /**
     * The final decision: pending ones by flag-feedback (approve, reject, escalate), escalated ones by
     * view-all-employees-feedback (approve, reject). 409 once decided, also for the loser of a race.
     */
    async decide(reviewer: Reviewer, feedbackId: number, decision: FlagDecision): Promise<FlaggedFeedback> {
      const row = await reviewable(reviewer, feedbackId);
      const needed = deciderPermission(row.flagStatus);
      if (needed === null) throw errors.coded(409, 'FLAG_ALREADY_DECIDED');
      if (!reviewer.permissions.has(needed)) throw errors.forbidden(needed);
      if (!allowedByStatus(row.flagStatus).includes(decision))
        throw errors.validation([{ path: 'body.decision', message: V.invalid }]);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('feedback')
          .set({ flagStatus: decision })
          .where('tenantId', '=', tenantId)
          .where('id', '=', feedbackId)
          .where('flagStatus', '=', row.flagStatus)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw errors.coded(409, 'FLAG_ALREADY_DECIDED');
        await trx
          .insertInto('feedbackFlagDecisions')
          .values({ tenantId, feedbackId, decision, decidedBy: reviewer.employeeId, decidedAt: at })
          .execute();
        await trx
          .updateTable('feedbackFlags')
          .set({ status: decision, decidedBy: reviewer.employeeId, decidedAt: at })
          .where('tenantId', '=', tenantId)
          .where('feedbackId', '=', feedbackId)
          .execute();
        await tellFlaggers(trx, feedbackId, row.giverId, decision, reviewer.employeeId);
      });
      return (await hydrate(db, tenantId, reviewer, [feedbackId])).get(feedbackId)!;
    },
  };
  return repo;
}
