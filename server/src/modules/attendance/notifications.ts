/**
 * What attendance tells whom (docs/notifications.md "What notifies whom"): an attendance written, changed
 * or deleted by someone else than its owner (a team lead, HR: a manual entry, an edit, a break, a device
 * punch corrected) tells the owner which day changed, in the change's transaction. Their own check-ins,
 * breaks and edits, and the devices' punches, tell nobody.
 */
import type { Db } from '../../db/engine.js';
import { closeActions, notify, subjects } from '../notifications/writer.js';

export async function tellOwner(
  trx: Db,
  actor: { tenantId: number; employeeId: number },
  attendance: { employeeId: number; workDate: string },
  now: string,
): Promise<void> {
  if (actor.employeeId === attendance.employeeId) return;
  await notify(
    trx,
    actor.tenantId,
    {
      type: 'attendance-corrected',
      recipientIds: [attendance.employeeId],
      actorId: actor.employeeId,
      params: { startDate: attendance.workDate, endDate: attendance.workDate },
      link: '/attendance',
    },
    new Date(now),
  );
}

/** Where the "no check-out" reminder leads: the day itself on /attendance, to complete or correct it. */
export function dayLink(date: string): string {
  return `/attendance?date=${date}`;
}

/** A check-out added, or the day deleted: the owner's "no check-out" item is done (notifications/timed.ts). */
export async function checkoutDone(trx: Db, tenantId: number, attendanceId: number, now: string): Promise<void> {
  await closeActions(trx, tenantId, subjects.checkout(attendanceId), new Date(now));
}
