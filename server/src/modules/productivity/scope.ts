/**
 * Whose figures a caller sees (decisions in docs/workforce.md, "Productivity"), on the policy module's
 * 'productivity' family (server/src/policy/scope.ts):
 * - dashboard and overview: view-productivity-all-teams opens every team and the whole company; without
 *   it, a caller sees the teams they belong to (teamId of another team is refused);
 * - team statistics: per-member rows for a team the caller belongs to, or for any team with
 *   view-all-attendance or view-productivity-all-teams; team-level rows otherwise.
 */
import type { RequestContext } from '../../http/context.js';
import { policyRepository } from '../../policy/repository.js';
import { holds, visibleEmployees } from '../../policy/scope.js';
import type { EmployeeSet } from './figures.js';
import { productivityRepository, type TeamRef } from './repository.js';

export const seesAllTeams = (ctx: RequestContext) => holds('productivity', 'all', ctx.caller.permissions);

/**
 * The employees of the dashboard and the overview: one team's members, or all the caller may see
 * (`wholeCompany` when that is every active employee of the tenant, which the overview reads from the tenant's
 * daily totals).
 */
export async function dashboardScope(
  ctx: RequestContext,
  teamId: number | undefined,
): Promise<{ employees: EmployeeSet; team: TeamRef | null; wholeCompany: boolean }> {
  const repo = ctx.repo(productivityRepository);
  if (teamId !== undefined) {
    const team = await repo.findTeam(teamId, (await ctx.settings()).isDemoDataDisabled);
    await ctx.repo(policyRepository).authorizeTeam('productivity', ctx.caller, teamId);
    return { employees: repo.membersOf([teamId]), team, wholeCompany: false };
  }
  const visibility = visibleEmployees('productivity', ctx.caller);
  return { employees: repo.visibleEmployees(visibility), team: null, wholeCompany: visibility.kind === 'all' };
}

/**
 * Which rows the team statistics answer with: a member's view of a team either family lets the caller
 * see (the route lets in holders of view-productivity-dashboard, view-team-attendance or
 * view-all-attendance, so membership alone suffices for any of them), team-level rows otherwise.
 */
export async function statsLevel(
  ctx: RequestContext,
  teamId: number | undefined,
): Promise<{ level: 'members'; team: TeamRef } | { level: 'teams'; teamId: number | undefined }> {
  if (teamId === undefined) return { level: 'teams', teamId: undefined };
  const team = await ctx.repo(productivityRepository).findTeam(teamId, (await ctx.settings()).isDemoDataDisabled);
  const perMember = await ctx.repo(policyRepository).seesTeam(['attendance-view', 'productivity'], ctx.caller, teamId);
  return perMember ? { level: 'members', team } : { level: 'teams', teamId };
}

/** The teams a caller may pick on the dashboard. */
export async function pickableTeams(ctx: RequestContext): Promise<TeamRef[]> {
  const hideDemo = (await ctx.settings()).isDemoDataDisabled;
  return ctx.repo(productivityRepository).teams(visibleEmployees('productivity', ctx.caller), hideDemo);
}
