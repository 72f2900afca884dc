/**
 * Notifications that time, not a person, causes (docs/notifications.md "What notifies whom"), written by the
 * notifications job: an attendance left without a check-out once its day is over (an action item of its
 * owner, closed when a check-out is added or the day deleted, by whichever path), and a feedback request
 * about to close for each person who has not answered (once). Each is written once: its subject is looked
 * up first, and the job runs under its lock.
 */
import { isMissingCheckOut, shiftRuleOf } from '../../../../shared/attendance-rules.js';
import { addDays, localDate } from '../../../../shared/time.js';
import { dayLink } from '../attendance/notifications.js';
import type { Db } from '../../db/engine.js';
import { requestAttributes } from '../feedback-requests/repository.js';
import { attributeList } from '../feedback-requests/service.js';
import { readSettings } from '../tenants/repository.js';
import { notifyOnce } from './once.js';
import { closeActions, subjects } from './writer.js';

/** How far back a forgotten check-out is still news. */
const CHECKOUT_DAYS = 7;

export async function remindMissingCheckouts(db: Db, tenantId: number, now: Date): Promise<number> {
  const settings = await readSettings(db, tenantId);
  const today = localDate(now, settings.tenant_timezone);
  const rule = shiftRuleOf(settings);
  // Last night's shift may still be checked out until its latest check-out: only then is its check-out missing.
  const candidates = await db
    .selectFrom('attendances as a')
    .innerJoin('employees as e', 'e.id', 'a.employeeId')
    .select(['a.id', 'a.employeeId', 'a.workDate'])
    .where('a.tenantId', '=', tenantId)
    .where('a.checkOut', 'is', null)
    .where('a.workDate', '<', today)
    .where('a.workDate', '>=', addDays(today, -CHECKOUT_DAYS))
    .where('e.status', '=', 'active')
    .execute();
  const open = candidates.filter((a) => isMissingCheckOut({ date: a.workDate, checkOut: null }, now, rule));
  let written = 0;
  for (const a of open)
    written += await notifyOnce(
      db,
      tenantId,
      {
        type: 'attendance-checkout-missing',
        recipientIds: [a.employeeId],
        actorId: null,
        subject: subjects.checkout(a.id),
        params: { startDate: a.workDate, endDate: a.workDate },
        link: dayLink(a.workDate),
      },
      now,
    );
  // Closed wherever the check-out came from (a device punch, an edit): the item's attendance has one now,
  // or is gone.
  const items = await db
    .selectFrom('notifications')
    .select('subject')
    .where('tenantId', '=', tenantId)
    .where('type', '=', 'attendance-checkout-missing')
    .where('closedAt', 'is', null)
    .execute();
  const stillOpen = new Set(open.map((a) => subjects.checkout(a.id)));
  for (const { subject } of items)
    if (subject && !stillOpen.has(subject)) await closeActions(db, tenantId, subject, now);
  return written;
}

export async function announceRequestsDue(db: Db, tenantId: number, now: Date): Promise<number> {
  const { tenant_timezone: zone } = await readSettings(db, tenantId);
  const tomorrow = addDays(localDate(now, zone), 1);
  const soon = new Date(now.getTime() + 86_400_000).toISOString();
  const due = await db
    .selectFrom('feedbackRequestRecipients as rr')
    .innerJoin('feedbackRequests as r', 'r.id', 'rr.requestId')
    .select(['r.id', 'r.requesterId', 'r.dueDate', 'r.expiresAt', 'rr.employeeId'])
    .where('rr.tenantId', '=', tenantId)
    .where('rr.status', '=', 'pending')
    .where('r.expiresAt', '>', now.toISOString())
    .where((eb) =>
      eb.or([eb('r.dueDate', '=', tomorrow), eb.and([eb('r.dueDate', 'is', null), eb('r.expiresAt', '<=', soon)])]),
    )
    .execute();
  let written = 0;
  for (const d of due) {
    const day = d.dueDate ?? localDate(d.expiresAt, zone);
    written += await notifyOnce(
      db,
      tenantId,
      {
        type: 'feedback-request-due-soon',
        recipientIds: [d.employeeId],
        actorId: d.requesterId,
        subject: subjects.requestDue(d.id, d.employeeId),
        params: {
          attributes: attributeList(await requestAttributes(db, tenantId, d.id)),
          startDate: day,
          endDate: day,
        },
        link: '/feedback/requests',
      },
      now,
    );
  }
  return written;
}
