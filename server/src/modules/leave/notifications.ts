/**
 * What a leave event tells whom (docs/notifications.md "What notifies whom"): every event closes the
 * approval items of the stage it ended, wherever it was acted on; a request waiting at a stage is an action
 * item for that stage's approvers (team lead or product owner, then HR; cancellations likewise); a decision
 * someone else took (an approver, or the leave jobs) informs the requester, the lead's approval too (HR
 * decides next). Called by recordEvent, inside
 * the event's transaction, so the notifications land and roll back with it.
 */
import { LEAVE_STATUS as S, type LeaveStatus } from '../../../../shared/leave.js';
import type { NotificationType } from '../../../../shared/notifications.js';
import type { Db } from '../../db/engine.js';
import { closeActions, notify, subjects } from '../notifications/writer.js';
import { approversFor } from './approvers.js';

type LeaveEvent = {
  tenantId: number;
  requestId: number;
  actorId: number | null;
  fromStatus: number | null;
  toStatus: number;
};

const WAITING: Partial<Record<LeaveStatus, { stage: 'po' | 'hr'; type: NotificationType }>> = {
  [S.PENDING_PO]: { stage: 'po', type: 'leave-approval' },
  [S.PENDING_HR]: { stage: 'hr', type: 'leave-approval' },
  [S.APPROVED_BY_PO]: { stage: 'hr', type: 'leave-approval' },
  [S.PENDING_PO_CANCELLATION]: { stage: 'po', type: 'leave-cancellation-approval' },
  [S.PENDING_HR_CANCELLATION]: { stage: 'hr', type: 'leave-cancellation-approval' },
};

const CANCELLATION_PENDING: readonly number[] = [S.PENDING_PO_CANCELLATION, S.PENDING_HR_CANCELLATION];

/** The requester's news of a decision, or null when the event decided nothing for them yet. */
function outcomeOf(from: number | null, to: number): NotificationType | null {
  const fromCancellation = from !== null && CANCELLATION_PENDING.includes(from);
  switch (to) {
    case S.APPROVED_BY_PO:
      return 'leave-forwarded';
    case S.APPROVED_BY_HR:
    case S.AUTO_APPROVED:
      return fromCancellation ? 'leave-cancellation-rejected' : 'leave-approved';
    case S.REJECTED_BY_PO:
    case S.REJECTED_BY_HR:
    case S.AUTO_REJECTED:
      return 'leave-rejected';
    case S.CANCELLED_BY_PO:
    case S.CANCELLED_BY_HR:
    case S.AUTO_CANCELLED:
      return fromCancellation ? 'leave-cancellation-approved' : 'leave-cancelled';
    default:
      return null;
  }
}

export async function notifyLeaveEvent(db: Db, e: LeaveEvent, now: Date): Promise<void> {
  const subject = subjects.leave(e.requestId);
  if (e.fromStatus !== null) await closeActions(db, e.tenantId, subject, now);
  const request = await db
    .selectFrom('leaveRequests as r')
    .innerJoin('employees as e', 'e.id', 'r.employeeId')
    .innerJoin('leaveTypes as t', 't.id', 'r.leaveTypeId')
    .select([
      'r.employeeId',
      'r.startDate',
      'r.endDate',
      'r.poApproverId',
      'e.name as requester',
      't.name as leaveType',
    ])
    .where('r.tenantId', '=', e.tenantId)
    .where('r.id', '=', e.requestId)
    .executeTakeFirstOrThrow();
  const params = {
    requester: request.requester,
    leaveType: request.leaveType,
    startDate: request.startDate,
    endDate: request.endDate,
  };
  const waiting = WAITING[e.toStatus as LeaveStatus];
  if (waiting) {
    const approvers = await approversFor(db, e.tenantId, request.employeeId);
    // Whoever approved the first stage may not approve the second (LEAVE_SAME_APPROVER).
    const recipients = approvers[waiting.stage].map((p) => p.id).filter((id) => id !== request.poApproverId);
    await notify(
      db,
      e.tenantId,
      { type: waiting.type, recipientIds: recipients, actorId: e.actorId, subject, params, link: '/leave?tab=pending' },
      now,
    );
  }
  // An auto leave written for a day without attendance (no earlier status) is news of its own, not a decision.
  const outcome = e.fromStatus === null ? null : outcomeOf(e.fromStatus, e.toStatus);
  if (outcome)
    await notify(
      db,
      e.tenantId,
      { type: outcome, recipientIds: [request.employeeId], actorId: e.actorId, params, link: '/leave' },
      now,
    );
}
