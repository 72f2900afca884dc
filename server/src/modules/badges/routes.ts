/**
 * Badges and recognition (shared/endpoints/badges.ts, docs/recognition.md "Badges"): Badge Control, giving,
 * My badges, champions, and badge requests. The SQL is in the repositories, the rules in ./service.ts.
 */
import type { Badge } from '../../../../shared/contracts/badges.js';
import { badgeEndpoints } from '../../../../shared/endpoints/badges.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { badgeControlRepository, type BadgeRecord } from './control-repository.js';
import { beginBadgeImage, confirmBadgeImage, imageLinker } from './images.js';
import { recognitionRepository } from './recognition-repository.js';
import {
  abilities,
  approvalScope,
  createContribution,
  createRecommendation,
  giveBadge,
  givenView,
  hideDemo,
  optionView,
  requestViews,
  requireAbility,
  setRequestStatus,
} from './service.js';

async function badgeView(ctx: RequestContext, record: BadgeRecord): Promise<Badge> {
  return { ...record, image: await imageLinker(ctx)(record.image) };
}

const readBadge = async (ctx: RequestContext, id: number) =>
  badgeView(ctx, await ctx.repo(badgeControlRepository).getBadge(id, await hideDemo(ctx)));

export const badgeRoutes = defineRoutes(badgeEndpoints, {
  listBadgeCategories: async (ctx, { query }) =>
    ctx.repo(badgeControlRepository).listCategories(query, await hideDemo(ctx)),
  createBadgeCategory: (ctx, { body }) => ctx.repo(badgeControlRepository).createCategory(body.name),
  updateBadgeCategory: async (ctx, { params, body }) =>
    ctx.repo(badgeControlRepository).updateCategory(params.id, body, await hideDemo(ctx)),
  setBadgeCategoryStatus: async (ctx, { params, body }) =>
    ctx.repo(badgeControlRepository).setCategoryStatus(params.id, body.isActive, await hideDemo(ctx)),

  listBadges: async (ctx, { query }) => {
    const page = await ctx.repo(badgeControlRepository).listBadges(query, await hideDemo(ctx));
    return { items: await Promise.all(page.items.map((b) => badgeView(ctx, b))), total: page.total };
  },
  beginBadgeImage: (ctx, { body }) => beginBadgeImage(ctx, body),
  confirmBadgeImage: (ctx, { params }) => confirmBadgeImage(ctx, params.id),
  createBadge: async (ctx, { body }) => {
    const hidden = await hideDemo(ctx);
    const id = await ctx.transaction((tx) => tx.repo(badgeControlRepository).createBadge(body, hidden));
    return readBadge(ctx, id);
  },
  updateBadge: async (ctx, { params, body }) => {
    const hidden = await hideDemo(ctx);
    const replaced = await ctx.transaction((tx) =>
      tx.repo(badgeControlRepository).updateBadge(params.id, body, hidden),
    );
    if (replaced) {
      const keys = [replaced.storageKey];
      await ctx.deps.storage
        .remove({ tenantId: ctx.tenantId, keys })
        .catch((error: unknown) => ctx.log.warn({ err: error, keys }, 'a replaced badge image was not deleted'));
    }
    return readBadge(ctx, params.id);
  },
  setBadgeStatus: async (ctx, { params, body }) => {
    await ctx.repo(badgeControlRepository).setBadgeStatus(params.id, body.isActive, await hideDemo(ctx));
    return readBadge(ctx, params.id);
  },

  getBadgeOptions: async (ctx) => {
    const can = abilities(ctx);
    requireAbility(can.canBrowse, ['view-badges', 'assign-badge', 'add-contribution']);
    const link = imageLinker(ctx);
    const badges = await ctx.repo(recognitionRepository).activeBadges(await hideDemo(ctx));
    return {
      badges: await Promise.all(badges.map((b) => optionView(ctx, link, b))),
      canGive: can.canGive,
      canContribute: can.canContribute,
      canRecommend: can.canRecommend,
      characterLimit: (await ctx.settings()).characterLimit,
    };
  },
  listBadgeColleagues: async (ctx, { query }) => {
    const can = abilities(ctx);
    requireAbility(can.canGive || can.canRecommend, ['assign-badge', 'give_badge', 'recommendations']);
    return ctx.repo(recognitionRepository).colleagues(ctx.caller.employeeId, query.searchText, await hideDemo(ctx));
  },
  getBadgeChampions: async (ctx) => {
    const link = imageLinker(ctx);
    const { badge, champions } = await ctx.repo(recognitionRepository).champions(await hideDemo(ctx));
    return { badge: badge ? await optionView(ctx, link, badge) : null, champions };
  },

  giveBadge: (ctx, { body }) => {
    requireAbility(abilities(ctx).canGive, ['assign-badge', 'give_badge']);
    return giveBadge(ctx, body);
  },
  getMyBadges: async (ctx) => {
    const link = imageLinker(ctx);
    const held = await ctx.repo(recognitionRepository).heldBy(ctx.caller.employeeId, await hideDemo(ctx));
    const groups = new Map<number, { badge: (typeof held)[number]['badge']; given: typeof held }>();
    for (const g of held) {
      const group = groups.get(g.badge.id) ?? { badge: g.badge, given: [] };
      group.given.push(g);
      groups.set(g.badge.id, group);
    }
    return {
      total: held.length,
      groups: await Promise.all(
        [...groups.values()].map(async ({ badge, given }) => ({
          badge: {
            id: badge.id,
            name: badge.name,
            description: badge.description,
            categoryName: badge.categoryName,
            image: await link(badge.image),
            isCompany: badge.isCompany,
            isChampion: badge.isChampion,
          },
          count: given.length,
          given: given.map((g) => ({
            id: g.id,
            givenBy: g.givenBy,
            comment: g.comment,
            source: g.source,
            createdAt: g.createdAt,
          })),
        })),
      ),
    };
  },
  listRecentGivenBadges: async (ctx, { query }) => {
    const link = imageLinker(ctx);
    const rows = await ctx.repo(recognitionRepository).recentGiven(query.limit, await hideDemo(ctx));
    return Promise.all(rows.map((g) => givenView(link, g)));
  },

  createContribution: (ctx, { body }) => {
    requireAbility(abilities(ctx).canContribute, ['add-contribution', 'give_contribution']);
    return createContribution(ctx, body);
  },
  createRecommendation: (ctx, { body }) => {
    requireAbility(abilities(ctx).canRecommend, ['recommendations']);
    return createRecommendation(ctx, body);
  },
  listBadgeRequests: async (ctx, { query }) => {
    const settings = await ctx.settings();
    const page = await ctx
      .repo(recognitionRepository)
      .listRequests(query, settings.tenant_timezone, settings.isDemoDataDisabled, approvalScope(ctx));
    return { items: await requestViews(ctx, page.items), total: page.total };
  },
  listMyBadgeRequests: async (ctx, { query }) => {
    const settings = await ctx.settings();
    const page = await ctx
      .repo(recognitionRepository)
      .listRequests({ ...query, requestedBy: ctx.caller.employeeId }, settings.tenant_timezone, false);
    return { items: await requestViews(ctx, page.items), total: page.total };
  },
  getBadgeRequestStats: async (ctx) => ctx.repo(recognitionRepository).stats(await hideDemo(ctx), approvalScope(ctx)),
  listRecentBadgeRequests: async (ctx, { query }) =>
    requestViews(
      ctx,
      await ctx.repo(recognitionRepository).recentRequests(query.limit, await hideDemo(ctx), approvalScope(ctx)),
    ),
  listRecommendations: async (ctx, { query }) =>
    ctx.repo(recognitionRepository).recommendations(query, await hideDemo(ctx), approvalScope(ctx)),
  setBadgeRequestStatus: (ctx, { params, body }) => setRequestStatus(ctx, params.id, body.status),
});
