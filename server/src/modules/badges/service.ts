/**
 * Giving badges and deciding badge requests (docs/recognition.md "Badges"). Every rule of shared/badges.ts
 * runs first, then the ids are checked against the tenant; a broken rule answers 400 BADGE_FAILED, the
 * spec's "Badge could not be assigned, recommended or given", naming each field. Who may do what is a
 * permission or an activity key: `can` below.
 */
import type { EmployeeIds } from '../../db/links.js';
import { policyRepository } from '../../policy/repository.js';
import { holds, visibleEmployees } from '../../policy/scope.js';
import {
  checkContribution,
  checkGiveBadge,
  checkRecommendation,
  isContributionType,
  isOfficialBadge,
  nextRequestStatuses,
  type BadgeIssue,
  type BadgeRequestStatus,
} from '../../../../shared/badges.js';
import type {
  BadgeOption,
  BadgeRequest,
  ContributionBody,
  GiveBadgeBody,
  GivenBadge,
  RecommendationBody,
} from '../../../../shared/contracts/badges.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { roleRepository } from '../roles/repository.js';
import { assertOutranks } from '../roles/guard.js';
import { feedPostRepository } from '../feed/posts-repository.js';
import { demoHidden } from '../../policy/demo.js';
import { imageLinker, type ImageLinker } from './images.js';
import { announceDecision, announceGiven, announceRequest } from './notifications.js';
import {
  recognitionRepository,
  type BadgeBrief,
  type GivenRecord,
  type RequestRecord,
} from './recognition-repository.js';

export function badgeFailed(issues: readonly BadgeIssue[]) {
  return errors.coded(400, 'BADGE_FAILED', {
    fields: issues.map((i) => ({ path: `body.${i.field}`, message: i.message })),
  });
}

/** What the caller may do on the badges pages: a permission, or the activity key the spec pairs with it. */
export function abilities(ctx: RequestContext) {
  const has = (activity: string) => ctx.caller.activities.has(activity);
  const canGive = ctx.can('assign-badge') || has('give_badge');
  const canContribute = ctx.can('add-contribution') || has('give_contribution');
  const canRecommend = has('recommendations');
  return {
    canGive,
    canContribute,
    canRecommend,
    /** The pages' pickers: anyone who may see badges or do any of the above. */
    canBrowse: ctx.can('view-badges') || canGive || canContribute || canRecommend,
  };
}

export function requireAbility(ok: boolean, names: readonly [string, ...string[]]) {
  if (!ok) throw errors.forbidden(names);
}

/** Whether the company switched demo data off: the one switch every module reads (policy/demo.ts). */
export const hideDemo = demoHidden;

export async function briefView(link: ImageLinker, b: BadgeBrief) {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    categoryName: b.categoryName,
    image: await link(b.image),
    isCompany: b.isCompany,
    isChampion: b.isChampion,
  };
}

export async function optionView(ctx: RequestContext, link: ImageLinker, b: BadgeBrief): Promise<BadgeOption> {
  const { canGive } = abilities(ctx);
  return { ...(await briefView(link, b)), canGive: canGive && (!isOfficialBadge(b) || ctx.can('assign-badge')) };
}

export async function givenView(link: ImageLinker, g: GivenRecord): Promise<GivenBadge> {
  return {
    id: g.id,
    badge: { id: g.badge.id, name: g.badge.name, image: await link(g.badge.image) },
    employee: g.employee,
    givenBy: g.givenBy,
    comment: g.comment,
    source: g.source,
    requestId: g.requestId,
    createdAt: g.createdAt,
  };
}

/**
 * Whether the caller may decide each request now: an approver, not their own request nor one for
 * themselves, not final, and the person it is for holds no permission the caller lacks (the hierarchy).
 */
async function decidable(ctx: RequestContext, records: readonly RequestRecord[]): Promise<Set<number>> {
  const out = new Set<number>();
  const all = holds(APPROVING, 'all', ctx.caller.permissions);
  if (!all && !holds(APPROVING, 'team', ctx.caller.permissions)) return out;
  const roles = ctx.repo(roleRepository);
  const policy = ctx.repo(policyRepository);
  const within = new Map<number, boolean>();
  for (const r of records) {
    if (nextRequestStatuses(r.status).length === 0) continue;
    const me = ctx.caller.employeeId;
    if (r.requestedBy.id === me || r.employee.id === me) continue;
    if (!within.has(r.employee.id)) {
      const held = await roles.permissionsOfEmployee(r.employee.id);
      const outranked = [...held].every((p) => ctx.caller.permissions.has(p as never));
      within.set(r.employee.id, outranked && (all || (await policy.sharesTeam(me, r.employee.id))));
    }
    if (within.get(r.employee.id)) out.add(r.id);
  }
  return out;
}

/** The policy family of deciding badge requests (shared/policy-families.ts): the company's, or a team's. */
const APPROVING = 'badge-requests';

/**
 * The people whose requests the caller decides, for the approvers' lists and counts: undefined for the whole
 * company, else their team members (a team approver's own requests are theirs to follow in "mine").
 */
export function approvalScope(ctx: RequestContext): EmployeeIds | undefined {
  const visibility = visibleEmployees(APPROVING, ctx.caller);
  return visibility.kind === 'all' ? undefined : ctx.repo(policyRepository).visibleEmployeeIds(visibility);
}

export async function requestViews(ctx: RequestContext, records: readonly RequestRecord[]): Promise<BadgeRequest[]> {
  const link = imageLinker(ctx);
  const can = await decidable(ctx, records);
  return Promise.all(
    records.map(async (r) => ({
      ...r,
      badge: { id: r.badge.id, name: r.badge.name, image: await link(r.badge.image) },
      canDecide: can.has(r.id),
    })),
  );
}

/** The shared rules of a badge form (shared/badges.ts) at the company's character limit; 400 when broken. */
async function passRules(ctx: RequestContext, check: (characterLimit: number) => BadgeIssue[]): Promise<void> {
  const rules = check((await ctx.settings()).characterLimit);
  if (rules.length > 0) throw badgeFailed(rules);
}

/** The badge if it may be given now, and what keeps it or the person from being given (by field). */
async function givable(ctx: RequestContext, badgeId: number, employeeId: number, fields: [string, string]) {
  const repo = ctx.repo(recognitionRepository);
  const badge = await repo.usableBadge(badgeId, await hideDemo(ctx));
  const issues: BadgeIssue[] = [];
  if (!badge) issues.push({ field: fields[0], message: V.badgeUnknown });
  if (!(await repo.isActiveEmployee(employeeId, await hideDemo(ctx))))
    issues.push({ field: fields[1], message: V.badgeEmployeeUnknown });
  return { badge, issues };
}

export async function giveBadge(ctx: RequestContext, body: GiveBadgeBody): Promise<GivenBadge> {
  await passRules(ctx, (limit) => checkGiveBadge(body, ctx.caller.employeeId, limit));
  const repo = ctx.repo(recognitionRepository);
  const { badge, issues } = await givable(ctx, body.badgeId!, body.employeeId!, ['badgeId', 'employeeId']);
  if (badge && isOfficialBadge(badge) && !ctx.can('assign-badge'))
    issues.unshift({ field: 'badgeId', message: V.badgeCompanyOnly });
  if (issues.length > 0) throw badgeFailed(issues);
  const id = await ctx.transaction(async (tx) => {
    const given = await tx.repo(recognitionRepository).give({
      badgeId: body.badgeId!,
      employeeId: body.employeeId!,
      givenBy: ctx.caller.employeeId,
      comment: body.comment!.trim(),
      source: 'given',
    });
    await tx.repo(feedPostRepository).postGivenBadge(given);
    await announceGiven(tx, { badge: badge!, employee: { id: body.employeeId! } }, ctx.caller.employeeId);
    return given;
  });
  return givenView(imageLinker(ctx), (await repo.getGiven(id))!);
}

async function readRequest(ctx: RequestContext, id: number): Promise<BadgeRequest> {
  const record = await ctx.repo(recognitionRepository).getRequest(id);
  if (!record) throw errors.notFound('badgeRequestNotFound');
  return (await requestViews(ctx, [record]))[0]!;
}

const requestOpen = () =>
  errors.coded(409, 'BADGE_REQUEST_OPEN', {
    fields: [{ path: 'body.badgeId', message: MESSAGES.BADGE_REQUEST_OPEN }],
  });

async function openCheck(ctx: RequestContext, badgeId: number, employeeId: number) {
  if (await ctx.repo(recognitionRepository).hasOpenRequest(ctx.caller.employeeId, badgeId, employeeId))
    throw requestOpen();
}

/**
 * Writes a request and its approvers' action items in one transaction; of two sent at once past
 * `openCheck`, the database keeps one (migration 0028).
 */
async function createOpenRequest(
  ctx: RequestContext,
  values: Parameters<ReturnType<typeof recognitionRepository>['createRequest']>[0],
) {
  try {
    return await ctx.transaction(async (tx) => {
      const repo = tx.repo(recognitionRepository);
      const id = await repo.createRequest(values);
      await announceRequest(tx, (await repo.getRequest(id))!);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw requestOpen();
    throw error;
  }
}

export async function createContribution(ctx: RequestContext, body: ContributionBody): Promise<BadgeRequest> {
  await passRules(ctx, (limit) => checkContribution(body, limit));
  const repo = ctx.repo(recognitionRepository);
  if (!(await repo.usableBadge(body.badgeId!, await hideDemo(ctx))))
    throw badgeFailed([{ field: 'badgeId', message: V.badgeUnknown }]);
  await openCheck(ctx, body.badgeId!, ctx.caller.employeeId);
  const id = await createOpenRequest(ctx, {
    type: 'contribution',
    badgeId: body.badgeId!,
    employeeId: ctx.caller.employeeId,
    requestedBy: ctx.caller.employeeId,
    contributionType: isContributionType(body.contributionType) ? body.contributionType : null,
    description: body.description!.trim(),
  });
  return readRequest(ctx, id);
}

export async function createRecommendation(ctx: RequestContext, body: RecommendationBody): Promise<BadgeRequest> {
  await passRules(ctx, (limit) => checkRecommendation(body, ctx.caller.employeeId, limit));
  const { issues } = await givable(ctx, body.badgeId!, body.employeeId!, ['badgeId', 'employeeId']);
  if (issues.length > 0) throw badgeFailed(issues);
  await openCheck(ctx, body.badgeId!, body.employeeId!);
  const id = await createOpenRequest(ctx, {
    type: 'recommendation',
    badgeId: body.badgeId!,
    employeeId: body.employeeId!,
    requestedBy: ctx.caller.employeeId,
    contributionType: null,
    description: body.reason!.trim(),
  });
  return readRequest(ctx, id);
}

/**
 * Approving gives the badge, so it needs what giving needs (docs/recognition.md "Contributions and
 * recommendations"): the badge and the person still active, and a company badge only from someone who
 * holds `assign-badge`, whoever asked for it. Without that, anyone could ask for a company badge and an
 * approver without `assign-badge` could hand it out.
 */
async function assertGivable(ctx: RequestContext, badgeId: number, employeeId: number) {
  const { badge, issues } = await givable(ctx, badgeId, employeeId, ['status', 'status']);
  if (issues.length > 0) throw badgeFailed(issues);
  if (badge && isOfficialBadge(badge) && !ctx.can('assign-badge')) throw errors.forbidden('assign-badge');
}

/**
 * An approver moves a request on. Approving gives the badge (source: the request's type) in the same
 * transaction; the status moves only from the one read, so the loser of two decisions at once gets 409.
 * A decision closes the approvers' items and tells the requester (./notifications.ts).
 */
export async function setRequestStatus(ctx: RequestContext, id: number, to: BadgeRequestStatus): Promise<BadgeRequest> {
  // A request for or by a demo person is unknown while demo data is off (docs/demo-data.md), as in the lists.
  const current = await ctx.repo(recognitionRepository).getRequest(id, await hideDemo(ctx));
  if (!current) throw errors.notFound('badgeRequestNotFound');
  const me = ctx.caller.employeeId;
  if (current.requestedBy.id === me || current.employee.id === me) throw errors.coded(403, 'BADGE_REQUEST_OWN');
  // A team approver decides for members of their teams only: another's request is not among theirs (404).
  if (
    !holds(APPROVING, 'all', ctx.caller.permissions) &&
    !(await ctx.repo(policyRepository).sharesTeam(me, current.employee.id))
  )
    throw errors.notFound('badgeRequestNotFound');
  await assertOutranks(ctx.repo(roleRepository), ctx.caller, current.employee.id);
  const next = nextRequestStatuses(current.status);
  if (next.length === 0) throw errors.coded(409, 'BADGE_REQUEST_DECIDED');
  if (!next.includes(to)) throw errors.coded(409, 'BADGE_STATUS_UNCHANGED');
  if (to === 'approved') await assertGivable(ctx, current.badge.id, current.employee.id);
  try {
    await ctx.transaction(async (tx) => {
      const repo = tx.repo(recognitionRepository);
      if (!(await repo.moveStatus(id, current.status, to, me))) throw errors.coded(409, 'BADGE_REQUEST_DECIDED');
      if (to === 'approved') {
        const given = await repo.give({
          badgeId: current.badge.id,
          employeeId: current.employee.id,
          givenBy: me,
          comment: current.description,
          source: current.type,
          requestId: id,
        });
        await tx.repo(feedPostRepository).postGivenBadge(given);
      }
      await announceDecision(tx, current, to, me);
    });
  } catch (error) {
    // The request's given badge is unique: a racing approval that got past the status lost here.
    if (isUniqueViolation(error)) throw errors.coded(409, 'BADGE_REQUEST_DECIDED');
    throw error;
  }
  return readRequest(ctx, id);
}
