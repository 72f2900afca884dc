/**
 * Roles & Permissions (shared/endpoints/people.ts, roleEndpoints): the grantable catalogue and the
 * roles. Nobody grants, removes or makes the default a permission they do not hold, nor changes the grants
 * of a role held by someone above them (guard.ts); there is always exactly one default.
 */
import { roleEndpoints } from '../../../../shared/endpoints/people.js';
import { ACTIVITIES, ACTIVITY_KEYS, PERMISSIONS, PERMISSION_NAMES } from '../../../../shared/permissions.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import {
  assertCanGrantActivities,
  assertCanGrantPermissions,
  assertOutranksHoldersOf,
  keepingFullAccount,
} from './guard.js';
import { roleRepository } from './repository.js';

export const roleRoutes = defineRoutes(roleEndpoints, {
  listPermissions: () => ({
    permissions: PERMISSION_NAMES.map((name) => ({ name, ...PERMISSIONS[name] })),
    activities: ACTIVITY_KEYS.map((key) => ({ key, description: ACTIVITIES[key] })),
  }),

  listRoles: (ctx, { query }) => ctx.repo(roleRepository).list(query),

  getRole: (ctx, { params }) => ctx.repo(roleRepository).get(params.id),

  createRole: async (ctx, { body }) => {
    assertCanGrantPermissions(ctx.caller, body.permissions);
    assertCanGrantActivities(ctx.caller, body.activities);
    const id = await ctx.transaction((tx) => tx.repo(roleRepository).create(body));
    return ctx.repo(roleRepository).get(id);
  },

  updateRole: async (ctx, { params, body }) => {
    const roles = ctx.repo(roleRepository);
    const current = await roles.get(params.id);
    // There is always exactly one default: it moves by making another role the default.
    if (body.isDefault === false && current.isDefault) throw errors.rule('DEFAULT_ROLE_REQUIRED');
    const permissions = body.permissions;
    const changed = permissions
      ? [
          ...permissions.filter((p) => !current.permissions.includes(p)),
          ...current.permissions.filter((p) => !permissions.includes(p)),
        ]
      : [];
    // Adding and removing are both grants: the caller holds each permission that changes hands.
    assertCanGrantPermissions(ctx.caller, changed);
    const activities = body.activities;
    if (activities) {
      assertCanGrantActivities(ctx.caller, [
        ...activities.filter((a) => !current.activities.includes(a)),
        ...current.activities.filter((a) => !activities.includes(a)),
      ]);
    }
    // The default role is what every sign-up receives: only someone holding all of it may make it so.
    if (body.isDefault && !current.isDefault) {
      assertCanGrantPermissions(ctx.caller, permissions ?? current.permissions);
      assertCanGrantActivities(ctx.caller, activities ?? current.activities);
    }
    if (changed.length > 0) await assertOutranksHoldersOf(roles, ctx.caller, params.id);
    await ctx.transaction((tx) => keepingFullAccount(tx, () => tx.repo(roleRepository).update(params.id, body)));
    return roles.get(params.id);
  },
});
