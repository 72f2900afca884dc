/**
 * Writing notifications (docs/notifications.md): a module calls `notify` inside the transaction of the event
 * that causes it, so an event never lands without its notifications and a rolled-back event leaves none.
 * Each event reaches the people it concerns once (recipients are deduplicated) and never its actor. An
 * action item names its `subject`; `closeActions` closes every open item of a subject when the work is
 * done, whoever did it and wherever.
 */
import { sql } from 'kysely';
import type { NotificationBody } from '../../../../shared/contracts/notifications.js';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../../shared/notifications.js';
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';

export type NewNotification = {
  type: NotificationType;
  recipientIds: readonly number[];
  /** Who caused it (never notified of it); null for the system (a job). */
  actorId: number | null;
  /** What an action item is about (one for all, or each recipient's own); closeActions(subject) closes it. */
  subject?: string | ((recipientId: number) => string);
  params: NotificationBody['params'];
  link: string | null;
  metaData?: NotificationBody['metaData'];
};

/** Writes one notification per recipient (but the actor); answers how many. */
export async function notify(db: Db, tenantId: number, n: NewNotification, now: Date): Promise<number> {
  const recipients = [...new Set(n.recipientIds)].filter((id) => id !== n.actorId);
  if (recipients.length === 0) return 0;
  const definition: { kind: 'enable' | 'action'; suggestion?: 'GIVE_FEEDBACK' | 'ASK_FOR_FEEDBACK' } =
    NOTIFICATION_TYPES[n.type];
  const body = JSON.stringify({
    params: n.params,
    link: n.link,
    metaData: n.metaData ?? null,
  } satisfies NotificationBody);
  const createdAt = now.toISOString();
  await db
    .insertInto('notifications')
    .values(
      recipients.map((recipientId) => ({
        tenantId,
        recipientId,
        type: n.type,
        kind: definition.kind,
        suggestionType: definition.suggestion ?? null,
        subject: typeof n.subject === 'function' ? n.subject(recipientId) : (n.subject ?? null),
        actorId: n.actorId,
        body,
        createdAt,
        readAt: null,
        closedAt: null,
        deliveryAt: null,
      })),
    )
    .execute();
  return recipients.length;
}

/** Closes the open action items of `subject` (all of them, or one recipient's); answers how many. */
export async function closeActions(
  db: Db,
  tenantId: number,
  subject: string,
  now: Date,
  recipientId?: number,
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ closedAt: now.toISOString() })
    .where('tenantId', '=', tenantId)
    .where('subject', '=', subject)
    .where('kind', '=', sql.lit('action'))
    .where('closedAt', 'is', null);
  if (recipientId !== undefined) query = query.where('recipientId', '=', recipientId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Demo data turned off: the demo people's notifications and the items about their work leave every list
 * (turning demo data on again does not bring them back; new events notify as usual).
 */
export async function closeDemoNotifications(db: Db, tenantId: number, now: Date): Promise<number> {
  const demo = db.selectFrom('employees').select('id').where('tenantId', '=', tenantId).where('isDemo', '=', 1);
  const result = await db
    .updateTable('notifications')
    .set({ closedAt: now.toISOString() })
    .where('tenantId', '=', tenantId)
    .where('closedAt', 'is', null)
    .where((eb) => eb.or([eb('actorId', 'in', demo), eb('recipientId', 'in', demo)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The writer bound to a tenant (`tx.repo(notificationWriter)` inside a module's transaction). */
export function notificationWriter({ db, tenantId, now }: TenantScope) {
  return {
    notify: (n: NewNotification) => notify(db, tenantId, n, now()),
    closeActions: (subject: string, recipientId?: number) => closeActions(db, tenantId, subject, now(), recipientId),
    closeDemo: () => closeDemoNotifications(db, tenantId, now()),
  };
}

/** Subjects, written in one place so the writer and the closer agree. */
export const subjects = {
  leave: (requestId: number) => `leave:${requestId}`,
  feedbackRequest: (requestId: number, employeeId: number) => `feedback-request:${requestId}:${employeeId}`,
  badgeRequest: (requestId: number) => `badge-request:${requestId}`,
  /** An attendance left without a check-out. */
  checkout: (attendanceId: number) => `attendance:${attendanceId}`,
  /** The once-only notes about a request: one person's "closes soon", the requester's "expired". */
  requestDue: (requestId: number, employeeId: number) => `feedback-request-due:${requestId}:${employeeId}`,
  requestExpired: (requestId: number) => `feedback-request-expired:${requestId}`,
  /** One person asked for feedback on a task (docs/projects.md "Task feedback"). */
  taskRequest: (taskId: number, employeeId: number) => `task-request:${taskId}:${employeeId}`,
};
