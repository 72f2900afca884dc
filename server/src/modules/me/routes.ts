/** The signed-in employee (shared/endpoints/me.ts): profile, teams, permissions, the tenant's settings. */
import { meEndpoints } from '../../../../shared/endpoints/me.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { meRepository } from './repository.js';

/**
 * A set's names in order, worked out once per set: a caller's permissions and activities are the same
 * sets from request to request while their roles do not change (principalLoader in http/access.ts).
 */
const sortedOf = new WeakMap<ReadonlySet<string>, readonly string[]>();
function sorted(names: ReadonlySet<string>): string[] {
  let list = sortedOf.get(names);
  if (!list) sortedOf.set(names, (list = Object.freeze([...names].sort())));
  return [...list];
}

async function meAnswer(ctx: RequestContext) {
  const who = ctx.caller;
  const me = ctx.repo(meRepository);
  // The tenant and its settings as of the request's start, kept by the process under their version.
  const [{ teams, ...employee }, tenant, settings] = await Promise.all([
    me.profile(who.employeeId),
    ctx.tenant(),
    ctx.settings(),
  ]);
  return {
    employee: {
      ...employee,
      isSettingProfile: employee.isSettingProfile === 1,
      teams,
      userTeams: teams.map((t) => t.id).join(','),
    },
    permissions: sorted(who.permissions),
    activities: sorted(who.activities),
    tenant: { ...tenant, settings },
  };
}

export const meRoutes = defineRoutes(meEndpoints, {
  getMe: (ctx) => meAnswer(ctx),
  // Own account only: the row is the caller's, from the token, never from input.
  updateMe: async (ctx, { body }) => {
    if (body.language !== undefined) await ctx.repo(meRepository).setLanguage(ctx.caller.employeeId, body.language);
    return meAnswer(ctx);
  },
});
