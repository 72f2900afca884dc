/**
 * The action items of work that waited before notifications existed (docs/notifications.md "Upgrading"):
 * every pending leave request becomes an item of its stage's approvers, every pending, unexpired feedback
 * request one of each person asked, every badge request waiting (pending or under review) one of its
 * approvers, as if the event had just happened, but already delivered (nobody is
 * e-mailed about old work at once; reminders still follow on the company's days). Migration 0037 runs it
 * for every company, and the demo seed for the demo company it writes after the migrations.
 */
import { LEAVE_STATUS } from '../../../../shared/leave.js';
import type { Db } from '../../db/engine.js';
import { notifyLeaveEvent } from '../leave/notifications.js';
import { badgeApprovers, waitingItem } from '../badges/notifications.js';
import { requestAttributes } from '../feedback-requests/repository.js';
import { notifyAsked } from '../feedback-requests/service.js';
import { notify } from './writer.js';

const WAITING = [
  LEAVE_STATUS.PENDING_PO,
  LEAVE_STATUS.PENDING_HR,
  LEAVE_STATUS.APPROVED_BY_PO,
  LEAVE_STATUS.PENDING_PO_CANCELLATION,
  LEAVE_STATUS.PENDING_HR_CANCELLATION,
];

export async function backfillActionItems(db: Db, tenantId: number, now: Date): Promise<number> {
  const before = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const leave = await db
    .selectFrom('leaveRequests')
    .select(['id', 'employeeId', 'status'])
    .where('tenantId', '=', tenantId)
    .where('status', 'in', WAITING)
    .execute();
  for (const r of leave)
    await notifyLeaveEvent(
      db,
      { tenantId, requestId: r.id, actorId: r.employeeId, fromStatus: null, toStatus: r.status },
      now,
    );
  const asked = await db
    .selectFrom('feedbackRequestRecipients as rr')
    .innerJoin('feedbackRequests as r', 'r.id', 'rr.requestId')
    .select(['r.id', 'r.requesterId', 'r.subjectId', 'r.teamId', 'rr.employeeId'])
    .where('rr.tenantId', '=', tenantId)
    .where('rr.status', '=', 'pending')
    .where('r.expiresAt', '>', now.toISOString())
    .execute();
  for (const a of asked) {
    const attributes = await requestAttributes(db, tenantId, a.id);
    await notifyAsked(
      db,
      tenantId,
      {
        requestId: a.id,
        requesterId: a.requesterId,
        subjectId: a.subjectId,
        teamId: a.teamId,
        recipientIds: [a.employeeId],
        attributes,
      },
      now,
    );
  }
  const badgeRequests = await db
    .selectFrom('badgeRequests as r')
    .innerJoin('badges as b', 'b.id', 'r.badgeId')
    .innerJoin('employees as e', 'e.id', 'r.employeeId')
    .select(['r.id', 'r.type', 'r.requestedBy', 'b.name as badge', 'e.id as employeeId', 'e.name as employee'])
    .where('r.tenantId', '=', tenantId)
    .where('r.status', 'in', ['pending', 'under_review'])
    .execute();
  for (const r of badgeRequests) {
    const request = {
      id: r.id,
      type: r.type,
      badge: { name: r.badge },
      employee: { id: r.employeeId, name: r.employee },
      requestedBy: { id: r.requestedBy },
    };
    const approvers = await badgeApprovers({ db, tenantId }, r.employeeId, r.requestedBy);
    await notify(db, tenantId, waitingItem(request, approvers), now);
  }
  const written = await db
    .updateTable('notifications')
    .set({ delivery: 'done', deliveryAt: now.toISOString() })
    .where('tenantId', '=', tenantId)
    .where('id', '>', Number(before?.id ?? 0))
    .executeTakeFirst();
  return Number(written.numUpdatedRows);
}
