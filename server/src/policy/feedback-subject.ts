/**
 * Whose received (or given) feedback an overview or a list is of (docs/feedback.md "Overview", "Whose"):
 * one employee, one team's active members, one function's active members, or the members of the caller's
 * teams. This module decides whether the caller may open a team or a function, and turns a subject into a
 * condition on `feedback`; the rows are then narrowed by the visibility rule (`visibleFeedback`) like every
 * read, so a subject only says whose rows to look at, never which of them the caller may read.
 *
 *   - A team (teamId): with the `feedback` family's all level, any team of the tenant; with its team level
 *     (view-team-member-dropdown), a team the caller belongs to; else 403 naming view-all-employees-feedback.
 *   - A function (functionId): only with the all level (view-all-employees-feedback) and view-functions,
 *     within the functions module's scope (every function with view-all-functions, else those the caller
 *     belongs to; another is 404 as in Function Setup). A lead without the all level may not: a function
 *     crosses teams, and the visibility rule would count only their own teams' members anyway.
 *   - Another tenant's team or function, or a demo one while the company hides demo data, is 404.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { groupLinks } from '../db/links.js';
import { ownedRows, type Named } from '../db/owned.js';
import type { Database } from '../db/schema.js';
import type { TenantScope } from '../http/context.js';
import { errors } from '../http/errors.js';
import { teammatesQuery } from '../modules/teams/membership.js';
import { policyRepository } from './repository.js';
import { holds, type Asker } from './scope.js';

/** Whose feedback: one employee's, one team's or function's active members', or the caller's teammates'. */
export type FeedbackSubject = { employeeId: number } | { teamId: number } | { functionId: number } | { team: true };

/** A team or a function as the overview names it. */
export type { Named };

type FeedbackEb = ExpressionBuilder<Database, 'feedback'>;

export function feedbackSubjectRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  const rows = ownedRows(scope);
  const teams = groupLinks(scope, 'teams');
  const functions = groupLinks(scope, 'functions');

  return {
    /** May the caller open this team's overview? Its id and name; 404 or 403 otherwise. */
    async team(asker: Asker, teamId: number, hideDemo: boolean): Promise<Named> {
      const team = await rows.named('teams', teamId, hideDemo);
      if (!team) throw errors.notFound('teamNotFound');
      await policyRepository(scope).authorizeTeam('feedback', asker, teamId);
      return team;
    },

    /** May the caller open this function's overview? Its id and name; 404 or 403 otherwise. */
    async function(asker: Asker, functionId: number, hideDemo: boolean): Promise<Named> {
      const found = await rows.named('functions', functionId, hideDemo);
      if (!found) throw errors.notFound('functionNotFound');
      if (!holds('feedback', 'all', asker.permissions)) throw errors.forbidden('view-all-employees-feedback');
      if (!asker.permissions.has('view-functions')) throw errors.forbidden('view-functions');
      if (!asker.permissions.has('view-all-functions') && !(await functions.isMember(functionId, asker.employeeId)))
        throw errors.notFound('functionNotFound');
      return found;
    },

    /**
     * The subject as a condition on `feedback` (unaliased): its receivers (`column` receiverId) or its
     * givers (giverId). A team or a function counts its active members, the caller among them if a member;
     * `team: true` (My teams) is the caller's teammates without the caller.
     */
    whose(subject: FeedbackSubject, asker: Asker, column: 'feedback.receiverId' | 'feedback.giverId') {
      return (eb: FeedbackEb): Expression<SqlBool> => {
        if ('employeeId' in subject) return eb(column, '=', subject.employeeId);
        if ('teamId' in subject) return eb(column, 'in', teams.memberIds(subject.teamId, { activeOnly: true }));
        if ('functionId' in subject)
          return eb(column, 'in', functions.memberIds(subject.functionId, { activeOnly: true }));
        return eb.and([
          eb(column, 'in', teammatesQuery(db, tenantId, asker.employeeId)),
          eb(column, '<>', asker.employeeId),
        ]);
      };
    },
  };
}
