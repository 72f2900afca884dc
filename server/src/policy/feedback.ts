/**
 * Who may read a feedback (docs/feedback.md "Who sees a feedback"), decided once for every read of the
 * feedback module and the modules built on it (requests, flags, overviews, the matrix, dashboards):
 *
 *   - its giver, with view-given-feedback, always (even while it is flagged);
 *   - while a flag hides it (pending, approved, escalated), nobody else in ordinary reads: the flag queue
 *     (flag-feedback, and HR with view-all-employees-feedback for escalated ones) has its own rule;
 *   - its receiver, with view-received-feedback;
 *   - the receiver's team leads: holders of the `feedback` family's team level who share a team with the
 *     receiver;
 *   - holders of the family's all level (HR).
 * Never other colleagues. The pure decision serves one feedback already loaded; `visibleFeedback` is
 * the same rule as a `where` over the `feedback` table for lists, counts and aggregates.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { HIDDEN_FLAG_STATUSES, isHiddenByFlag, type FlagStatus } from '../../../shared/feedback.js';
import type { Db } from '../db/engine.js';
import type { Database } from '../db/schema.js';
import { teammatesQuery } from '../modules/teams/membership.js';
import { holds, type Asker } from './scope.js';

export type FeedbackFacts = {
  readonly giverId: number;
  readonly receiverId: number;
  readonly flagStatus: FlagStatus;
  /** Whether the asker shares a team with the receiver (asked only when it matters: `needsReceiverTeam`). */
  readonly sharesTeamWithReceiver: boolean;
};

function givesAccessAsGiver(asker: Asker, giverId: number): boolean {
  return asker.employeeId === giverId && asker.permissions.has('view-given-feedback');
}

/** Whether the decision about this feedback depends on a shared team with its receiver. */
export function needsReceiverTeam(asker: Asker, facts: Omit<FeedbackFacts, 'sharesTeamWithReceiver'>): boolean {
  if (givesAccessAsGiver(asker, facts.giverId) || isHiddenByFlag(facts.flagStatus)) return false;
  if (asker.employeeId === facts.receiverId || holds('feedback', 'all', asker.permissions)) return false;
  return holds('feedback', 'team', asker.permissions);
}

/** May the asker read this feedback? */
export function mayReadFeedback(asker: Asker, facts: FeedbackFacts): boolean {
  if (givesAccessAsGiver(asker, facts.giverId)) return true;
  if (isHiddenByFlag(facts.flagStatus)) return false;
  if (asker.employeeId === facts.receiverId) return holds('feedback', 'own', asker.permissions);
  if (holds('feedback', 'all', asker.permissions)) return true;
  return holds('feedback', 'team', asker.permissions) && facts.sharesTeamWithReceiver;
}

type FeedbackEb = ExpressionBuilder<Database, 'feedback'>;

/**
 * The same rule as a condition on the `feedback` table (unaliased), for every list, count and aggregate.
 * `db` and `tenantId` build the teammates subquery; the caller's query must already be tenant-scoped.
 */
export function visibleFeedback(db: Db, tenantId: number, asker: Asker) {
  return (eb: FeedbackEb): Expression<SqlBool> => {
    const shown = eb('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    const ways: Expression<SqlBool>[] = [];
    if (asker.permissions.has('view-given-feedback')) ways.push(eb('feedback.giverId', '=', asker.employeeId));
    if (holds('feedback', 'all', asker.permissions)) {
      ways.push(shown);
    } else {
      if (holds('feedback', 'own', asker.permissions)) {
        ways.push(eb.and([shown, eb('feedback.receiverId', '=', asker.employeeId)]));
      }
      if (holds('feedback', 'team', asker.permissions)) {
        ways.push(
          eb.and([
            shown,
            eb('feedback.receiverId', '<>', asker.employeeId),
            eb('feedback.receiverId', 'in', teammatesQuery(db, tenantId, asker.employeeId)),
          ]),
        );
      }
    }
    return ways.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(ways);
  };
}
