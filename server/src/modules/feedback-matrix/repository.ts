/**
 * The responsibility matrix's queries (docs/feedback.md "Responsibility matrix"): team members, and counts
 * of the period's feedback grouped in SQL (by team and giver; by giver and receiver for the caller). Every
 * count is over rows the asker may read (`visibleFeedback`) and not hidden by a flag, so a matrix never
 * reveals feedback its viewer could not open, and every viewer counts the same rows.
 */
import { shownFeedback } from '../../db/demo.js';
import { HIDDEN_FLAG_STATUSES } from '../../../../shared/feedback.js';
import type { TenantScope } from '../../http/context.js';
import { toNumber } from '../../db/engine.js';
import { visibleFeedback } from '../../policy/feedback.js';
import type { Asker } from '../../policy/scope.js';

/** The period as UTC instants: [from, to). */
export type PeriodRange = { from: string; to: string };

/** Which teams: the asker's own, or every team of the tenant (the company report). */
export type TeamScope = { kind: 'mine'; employeeId: number } | { kind: 'all' };

/**
 * `asker` null counts every feedback no flag hides, whoever asks: for Home's team percentage, which shows a
 * share of the target, never a count (docs/recognition.md "Home").
 */
export type MatrixReadOptions = { asker: Asker | null; hideDemo: boolean; range: PeriodRange };

export type MemberRow = { teamId: number; teamName: string; employeeId: number; name: string; email: string };

export function feedbackMatrixRepository({ db, tenantId }: TenantScope) {
  const myTeams = (employeeId: number) =>
    db.selectFrom('teamMembers').select('teamId').where('tenantId', '=', tenantId).where('employeeId', '=', employeeId);

  /** The period's feedback the asker may read, shown (no flag hides it), no demo row or person's when hidden. */
  function countedFeedback(options: MatrixReadOptions) {
    let query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where('feedback.createdAt', '>=', options.range.from)
      .where('feedback.createdAt', '<', options.range.to)
      .where('feedback.flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
    if (options.asker) query = query.where(visibleFeedback(db, tenantId, options.asker));
    return query.where(shownFeedback({ db, tenantId }, options.hideDemo));
  }

  return {
    /** Active members of the teams in scope, by team name then member name (ids break ties). */
    async members(scope: TeamScope, hideDemo: boolean): Promise<MemberRow[]> {
      let query = db
        .selectFrom('teamMembers as m')
        .innerJoin('teams as t', 't.id', 'm.teamId')
        .innerJoin('employees as e', 'e.id', 'm.employeeId')
        .select(['m.teamId', 't.name as teamName', 'm.employeeId', 'e.name', 'e.email'])
        .where('m.tenantId', '=', tenantId)
        .where('t.tenantId', '=', tenantId)
        .where('e.status', '=', 'active');
      if (scope.kind === 'mine') query = query.where('m.teamId', 'in', myTeams(scope.employeeId));
      if (hideDemo) query = query.where('t.isDemo', '=', 0).where('e.isDemo', '=', 0);
      return query.orderBy('t.name').orderBy('t.id').orderBy('e.name').orderBy('e.id').execute();
    },

    /**
     * Feedback each member gave in the period to other members of the same team: one count per
     * (team, giver). A feedback to someone sharing two teams with the giver counts in both.
     */
    async givenByTeam(scope: TeamScope, options: MatrixReadOptions): Promise<Map<string, number>> {
      let query = countedFeedback(options)
        .innerJoin('teamMembers as mg', (join) =>
          join.onRef('mg.employeeId', '=', 'feedback.giverId').on('mg.tenantId', '=', tenantId),
        )
        .innerJoin('teamMembers as mr', (join) =>
          join.onRef('mr.teamId', '=', 'mg.teamId').onRef('mr.employeeId', '=', 'feedback.receiverId'),
        )
        .select(['mg.teamId', 'feedback.giverId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(['mg.teamId', 'feedback.giverId']);
      if (scope.kind === 'mine') {
        // Also said of the feedback itself, so the engine reads each member's gifts through feedback_giver
        // rather than the whole tenant's period through feedback_tenant_created.
        const mates = db
          .selectFrom('teamMembers')
          .select('employeeId')
          .where('tenantId', '=', tenantId)
          .where('teamId', 'in', myTeams(scope.employeeId));
        query = query.where('mg.teamId', 'in', myTeams(scope.employeeId)).where('feedback.giverId', 'in', mates);
      }
      const rows = await query.execute();
      return new Map(rows.map((r) => [`${r.teamId}:${r.giverId}`, toNumber(r.n)]));
    },

    /** The period's feedback between the asker and anyone: one count per (giver, receiver). */
    async pairsOf(employeeId: number, options: MatrixReadOptions) {
      const rows = await countedFeedback(options)
        .where((eb) => eb.or([eb('feedback.giverId', '=', employeeId), eb('feedback.receiverId', '=', employeeId)]))
        .select(['feedback.giverId', 'feedback.receiverId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(['feedback.giverId', 'feedback.receiverId'])
        .execute();
      const givenTo = new Map<number, number>();
      const receivedFrom = new Map<number, number>();
      for (const r of rows) {
        if (r.giverId === employeeId) givenTo.set(r.receiverId, toNumber(r.n));
        if (r.receiverId === employeeId) receivedFrom.set(r.giverId, toNumber(r.n));
      }
      return { givenTo, receivedFrom };
    },
  };
}
