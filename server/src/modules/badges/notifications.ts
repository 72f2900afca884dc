/**
 * What badges tell whom (docs/notifications.md "What notifies whom"), each in the transaction of its event:
 * a badge given reaches its holder; a request waiting is an action item of everyone who may decide it,
 * closed by the decision whoever takes it; the decision reaches the requester, and an approved
 * recommendation gives the person recommended their badge. Never the actor (the writer leaves them out).
 *
 * Who may decide is the rule of ./service.ts (`decidable`, `setRequestStatus`): an active holder of
 * approve-badge-requests, or of approve-team-badge-requests sharing a team with the person the badge is for;
 * neither the requester nor that person; and holding every permission that person holds (the hierarchy).
 */
import type { BadgeRequestStatus, BadgeRequestType } from '../../../../shared/badges.js';
import type { NotificationType } from '../../../../shared/notifications.js';
import type { TenantBound, TenantScope } from '../../http/context.js';
import { notificationWriter, subjects, type NewNotification } from '../notifications/writer.js';
import { permissionsOf } from '../roles/repository.js';
import { teammateIds } from '../teams/membership.js';
import type { RequestRecord } from './recognition-repository.js';

const APPROVE_ALL = 'approve-badge-requests';
const APPROVE_TEAM = 'approve-team-badge-requests';

/** The request as its notifications name it. */
type RequestNews = Pick<RequestRecord, 'id' | 'type' | 'badge' | 'employee' | 'requestedBy'>;

const WAITING = {
  contribution: 'badge-contribution-approval',
  recommendation: 'badge-recommendation-approval',
} as const satisfies Record<BadgeRequestType, NotificationType>;

const DECIDED = {
  contribution: { approved: 'badge-contribution-approved', rejected: 'badge-contribution-rejected' },
  recommendation: { approved: 'badge-recommendation-approved', rejected: 'badge-recommendation-rejected' },
} as const satisfies Record<BadgeRequestType, Record<'approved' | 'rejected', NotificationType>>;

/** The people who may decide a request for `employeeId` made by `requesterId`. */
export async function badgeApprovers(
  { db, tenantId }: Pick<TenantScope, 'db' | 'tenantId'>,
  employeeId: number,
  requesterId: number,
): Promise<number[]> {
  const grants = await db
    .selectFrom('employees as e')
    .innerJoin('employeeRoles as er', 'er.employeeId', 'e.id')
    .innerJoin('roleGrants as g', 'g.roleId', 'er.roleId')
    .select(['e.id', 'g.name'])
    .where('e.tenantId', '=', tenantId)
    .where('e.status', '=', 'active')
    .where('g.kind', '=', 'permission')
    .where('e.id', 'in', (eb) =>
      eb
        .selectFrom('employeeRoles as r')
        .innerJoin('roleGrants as h', 'h.roleId', 'r.roleId')
        .select('r.employeeId')
        .where('r.tenantId', '=', tenantId)
        .where('h.kind', '=', 'permission')
        .where('h.name', 'in', [APPROVE_ALL, APPROVE_TEAM]),
    )
    .execute();
  const held = new Map<number, Set<string>>();
  for (const g of grants) held.set(g.id, (held.get(g.id) ?? new Set()).add(g.name));
  const [theirs, mates] = await Promise.all([
    permissionsOf(db, tenantId, employeeId),
    teammateIds(db, tenantId, employeeId),
  ]);
  return [...held]
    .filter(
      ([id, mine]) =>
        id !== employeeId &&
        id !== requesterId &&
        (mine.has(APPROVE_ALL) || (mine.has(APPROVE_TEAM) && mates.has(id))) &&
        [...theirs].every((p) => mine.has(p)),
    )
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

/** The approvers' query bound to a tenant (`tx.repo(approverRepository)`). */
const approverRepository = (scope: TenantScope) => ({
  of: (employeeId: number, requesterId: number) => badgeApprovers(scope, employeeId, requesterId),
});

const pageOf = (type: BadgeRequestType) => (type === 'contribution' ? '/contributions' : '/recommendations');

/** A request waiting, as its approvers' action item (also what the upgrade writes: notifications/backfill.ts). */
export function waitingItem(
  request: {
    id: number;
    type: BadgeRequestType;
    badge: { name: string };
    employee: { name: string };
    requestedBy: { id: number };
  },
  approvers: readonly number[],
): NewNotification {
  return {
    type: WAITING[request.type],
    recipientIds: approvers,
    actorId: request.requestedBy.id,
    subject: subjects.badgeRequest(request.id),
    params: { badge: request.badge.name, employee: request.employee.name },
    link: pageOf(request.type),
  };
}

/** A new request: an action item of each of its approvers. */
export async function announceRequest(tx: TenantBound, request: RequestNews): Promise<void> {
  const approvers = await tx.repo(approverRepository).of(request.employee.id, request.requestedBy.id);
  await tx.repo(notificationWriter).notify(waitingItem(request, approvers));
}

/**
 * A request decided (approved or rejected; under review is not a decision): the approvers' items close,
 * the requester hears, and a recommended person receives the badge an approval gave them.
 */
export async function announceDecision(
  tx: TenantBound,
  request: RequestNews,
  to: BadgeRequestStatus,
  actorId: number,
): Promise<void> {
  if (to !== 'approved' && to !== 'rejected') return;
  const writer = tx.repo(notificationWriter);
  await writer.closeActions(subjects.badgeRequest(request.id));
  const params = { badge: request.badge.name, employee: request.employee.name };
  await writer.notify({
    type: DECIDED[request.type][to],
    recipientIds: [request.requestedBy.id],
    actorId,
    params,
    link: to === 'approved' && request.type === 'contribution' ? '/my-badges' : pageOf(request.type),
  });
  if (to === 'approved' && request.type === 'recommendation') await announceGiven(tx, request, actorId);
}

/** A badge given (directly, or by an approved recommendation): its holder hears. */
export async function announceGiven(
  tx: TenantBound,
  given: { badge: { name: string }; employee: { id: number } },
  actorId: number,
): Promise<void> {
  await tx.repo(notificationWriter).notify({
    type: 'badge-received',
    recipientIds: [given.employee.id],
    actorId,
    params: { badge: given.badge.name },
    link: '/my-badges',
  });
}
