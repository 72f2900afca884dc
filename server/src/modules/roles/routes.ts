/**
 * Roles & Permissions (shared/endpoints/people.ts, roleEndpoints): the grantable catalogue and the
 * roles. Nobody grants a permission they do not hold (guard.ts); there is always exactly one default.
 */
import { roleEndpoints } from '../../../../shared/endpoints/people.js';
import { ACTIVITIES, ACTIVITY_KEYS, PERMISSIONS, PERMISSION_NAMES } from '../../../../shared/permissions.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { assertCanGrantPermissions } from './guard.js';
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
    const id = await ctx.transaction((tx) => tx.repo(roleRepository).create(body));
    return ctx.repo(roleRepository).get(id);
  },

  updateRole: async (ctx, { params, body }) => {
    const roles = ctx.repo(roleRepository);
    const current = await roles.get(params.id);
    if (body.permissions)
      assertCanGrantPermissions(
        ctx.caller,
        body.permissions.filter((p) => !current.permissions.includes(p)),
      );
    // There is always exactly one default: it moves by making another role the default.
    if (body.isDefault === false && current.isDefault) throw errors.rule('DEFAULT_ROLE_REQUIRED');
    await ctx.transaction((tx) => tx.repo(roleRepository).update(params.id, body));
    return roles.get(params.id);
  },
});
