/**
 * Asking for feedback, declining, answering and expiring (docs/feedback.md "Requests"). Every rule of
 * shared/feedback-requests.ts runs here before anything is written, then the ids are checked against the
 * tenant (active employees, active attributes, its teams). Status changes are conditional updates on the
 * pending row, so a decline and an answer racing each other cannot both land.
 */
import type { CreateFeedbackRequestBody } from '../../../../shared/contracts/feedback-requests.js';
import { checkRequestDraft, requestExpiry, type RequestIssue } from '../../../../shared/feedback-requests.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { localDate } from '../../../../shared/time.js';
import type { Db } from '../../db/engine.js';
import { groupLinks } from '../../db/links.js';
import { shownPeople } from '../../db/demo.js';
import { ownedRows } from '../../db/owned.js';
import type { Deps } from '../../deps.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { notifyOnce } from '../notifications/once.js';
import { closeActions, notify, subjects } from '../notifications/writer.js';
import { attributesByIds, requestAttributes } from './repository.js';

/** The spec's "Feedback request submission failed", naming each field that broke a rule. */
export function requestFailed(issues: readonly RequestIssue[]) {
  return errors.coded(400, 'FEEDBACK_REQUEST_FAILED', {
    fields: issues.map((i) => ({ path: `body.${i.field}`, message: i.message })),
  });
}

/** The ids among `ids` of the tenant's active employees; a demo person is unknown while `hideDemo`. */
async function activeEmployees(
  db: Db,
  tenantId: number,
  ids: readonly number[],
  hideDemo: boolean,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'active')
    .where('id', 'in', [...ids])
    .where(shownPeople({ db, tenantId }, 'employees.id', hideDemo))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Creates a request of `requesterId` and answers its id. The caller has checked that a subject other
 * than the requester is allowed (ask-feedback-recipient).
 */
export async function createRequest(
  db: Db,
  tenantId: number,
  requesterId: number,
  body: CreateFeedbackRequestBody,
  settings: TenantSettings,
  now: Date,
): Promise<number> {
  const subjectId = body.subjectId ?? requesterId;
  const today = localDate(now, settings.tenant_timezone);
  const employeeIds = body.employeeIds ?? [];
  const ruleIssues = checkRequestDraft({ ...body, subjectId, employeeIds }, requesterId, today);
  if (ruleIssues.length > 0) throw requestFailed(ruleIssues);

  const issues: RequestIssue[] = [];
  // Demo data switched off: demo people and teams are unknown ones (server/src/db/demo.ts).
  const hideDemo = settings.isDemoDataDisabled;
  if (!(await activeEmployees(db, tenantId, [subjectId], hideDemo)).has(subjectId))
    issues.push({ field: 'subjectId', message: V.requestSubjectUnknown });
  const attributes = await attributesByIds(db, tenantId, body.attributeIds, true);
  if (attributes.length !== body.attributeIds.length)
    issues.push({ field: 'attributeIds', message: V.requestAttributeUnknown });
  let recipients = employeeIds;
  if (employeeIds.length > 0) {
    const active = await activeEmployees(db, tenantId, employeeIds, hideDemo);
    if (employeeIds.some((id) => !active.has(id)))
      issues.push({ field: 'employeeIds', message: V.requestEmployeeUnknown });
  } else if (body.teamId) {
    const team = await ownedRows({ db, tenantId }).find('teams', body.teamId);
    if (!team || (hideDemo && team.isDemo === 1)) issues.push({ field: 'teamId', message: V.requestTeamUnknown });
    else {
      // The team's active members at the time (no demo people while hidden), but the requester and the
      // person the feedback is about.
      const members = await groupLinks({ db, tenantId }, 'teams').membersOf([body.teamId], 'id', { activeOnly: true });
      const ids = (members.get(body.teamId) ?? []).map((m) => m.id);
      const shown = await activeEmployees(db, tenantId, ids, hideDemo);
      recipients = ids.filter((id) => shown.has(id) && id !== requesterId && id !== subjectId);
      if (recipients.length === 0) issues.push({ field: 'teamId', message: V.requestTeamEmpty });
    }
  }
  if (issues.length > 0) throw requestFailed(issues);

  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('feedbackRequests')
      .values({
        tenantId,
        requesterId,
        subjectId,
        teamId: employeeIds.length > 0 ? null : (body.teamId ?? null),
        message: body.message,
        dueDate: body.dueDate ?? null,
        expiresAt: requestExpiry(now, settings.feedbackRequestExpiryDays),
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('feedbackRequestAttributes')
      .values(body.attributeIds.map((attributeId) => ({ tenantId, requestId: row.id, attributeId })))
      .execute();
    await trx
      .insertInto('feedbackRequestRecipients')
      .values(recipients.map((employeeId) => ({ tenantId, requestId: row.id, employeeId, status: 'pending' as const })))
      .execute();
    await notifyAsked(
      trx,
      tenantId,
      {
        requestId: row.id,
        requesterId,
        subjectId,
        teamId: employeeIds.length > 0 ? null : (body.teamId ?? null),
        recipientIds: recipients,
        attributes,
      },
      now,
    );
    return row.id;
  });
}

/** A request's attributes as its notifications name them. */
export function attributeList(attributes: readonly { name: string }[]): string {
  return attributes.map((a) => a.name).join(', ');
}

/**
 * The action items of the people asked (docs/notifications.md): each their own (closed when they answer,
 * decline or the request expires), with the spec's metaData: whom the feedback is about, the team asked,
 * and the first attribute.
 */
export async function notifyAsked(
  db: Db,
  tenantId: number,
  request: {
    requestId: number;
    requesterId: number;
    subjectId: number;
    teamId: number | null;
    recipientIds: readonly number[];
    attributes: readonly { id: number; name: string }[];
  },
  now: Date,
): Promise<void> {
  await notify(
    db,
    tenantId,
    {
      type: 'feedback-request',
      recipientIds: request.recipientIds,
      actorId: request.requesterId,
      subject: (employeeId) => subjects.feedbackRequest(request.requestId, employeeId),
      params: { attributes: attributeList(request.attributes) },
      link: '/feedback/requests',
      metaData: {
        requestedTo: request.subjectId,
        requestedToTeam: request.teamId,
        attribute: request.attributes[0]?.id ?? null,
      },
    },
    now,
  );
}

/** Marks `employeeId`'s pending, unexpired row of the request with `changes`; false when there is none. */
async function closePending(
  db: Db,
  tenantId: number,
  requestId: number,
  employeeId: number,
  now: Date,
  changes: { status: 'answered' | 'declined'; groupId?: number; declineReason?: string | null },
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('feedbackRequestRecipients')
    .set({ ...changes, respondedAt: at })
    .where('tenantId', '=', tenantId)
    .where('requestId', '=', requestId)
    .where('employeeId', '=', employeeId)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('feedbackRequests')
          .select('id')
          .where('id', '=', requestId)
          .where('tenantId', '=', tenantId)
          .where('expiresAt', '>', at),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the person's action item of the request and tells its requester they answered or declined. */
async function notifyClosed(
  db: Db,
  tenantId: number,
  requestId: number,
  employeeId: number,
  outcome: 'feedback-request-answered' | 'feedback-request-declined',
  now: Date,
): Promise<void> {
  await closeActions(db, tenantId, subjects.feedbackRequest(requestId, employeeId), now, employeeId);
  const request = await db
    .selectFrom('feedbackRequests')
    .select('requesterId')
    .where('tenantId', '=', tenantId)
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  await notify(
    db,
    tenantId,
    {
      type: outcome,
      recipientIds: [request.requesterId],
      actorId: employeeId,
      params: {},
      link: '/feedback/requests?tab=mine',
    },
    now,
  );
}

/** Declines as one of the people asked; 409 once the row is no longer pending or the request expired. */
export async function declineRequest(
  db: Db,
  tenantId: number,
  requestId: number,
  employeeId: number,
  reason: string | undefined,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const declined = await closePending(trx, tenantId, requestId, employeeId, now, {
      status: 'declined',
      declineReason: reason ? reason : null,
    });
    if (!declined) throw errors.coded(409, 'FEEDBACK_REQUEST_CLOSED');
    await notifyClosed(trx, tenantId, requestId, employeeId, 'feedback-request-declined', now);
  });
}

/**
 * Answering a request by giving feedback (the feedback module calls it inside its transaction, `tx`):
 * the giver must be one of the people asked, still pending and not expired, else 409; 404 for a request
 * of another tenant. Marks their row answered with the group that answered it.
 */
export async function answerRequest(
  tx: Db,
  tenantId: number,
  requestId: number,
  giverId: number,
  groupId: number,
  now: Date,
): Promise<void> {
  if (!(await ownedRows({ db: tx, tenantId }).exists('feedbackRequests', requestId)))
    throw errors.notFound('feedbackRequestNotFound');
  const answered = await closePending(tx, tenantId, requestId, giverId, now, { status: 'answered', groupId });
  if (!answered) throw errors.coded(409, 'FEEDBACK_REQUEST_CLOSED', { requestId });
  await notifyClosed(tx, tenantId, requestId, giverId, 'feedback-request-answered', now);
}

/** The actions of the routes, bound to the caller's tenant like a repository (`ctx.repo(feedbackRequestActions)`). */
export function feedbackRequestActions({ db, tenantId, now }: TenantScope) {
  return {
    create: (requesterId: number, body: CreateFeedbackRequestBody, settings: TenantSettings) =>
      createRequest(db, tenantId, requesterId, body, settings, now()),
    decline: (requestId: number, employeeId: number, reason: string | undefined) =>
      declineRequest(db, tenantId, requestId, employeeId, reason, now()),
  };
}

/**
 * The expiry job (server/src/jobs/jobs.ts): pending rows of requests past their expiry become expired, and
 * their action items close with them.
 */
export async function expireRequests(deps: Deps, tenantId: number): Promise<{ expired: number }> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const overdue = await trx
      .selectFrom('feedbackRequestRecipients')
      .select(['requestId', 'employeeId'])
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'pending')
      .where('requestId', 'in', (eb) =>
        eb.selectFrom('feedbackRequests').select('id').where('tenantId', '=', tenantId).where('expiresAt', '<=', at),
      )
      .execute();
    if (overdue.length === 0) return { expired: 0 };
    const result = await trx
      .updateTable('feedbackRequestRecipients')
      .set({ status: 'expired' })
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'pending')
      .where('requestId', 'in', (eb) =>
        eb.selectFrom('feedbackRequests').select('id').where('tenantId', '=', tenantId).where('expiresAt', '<=', at),
      )
      .executeTakeFirst();
    for (const row of overdue)
      await closeActions(trx, tenantId, subjects.feedbackRequest(row.requestId, row.employeeId), now, row.employeeId);
    // Each request's requester hears once that it closed without every answer.
    const requests = await trx
      .selectFrom('feedbackRequests')
      .select(['id', 'requesterId'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', [...new Set(overdue.map((r) => r.requestId))])
      .execute();
    for (const r of requests)
      await notifyOnce(
        trx,
        tenantId,
        {
          type: 'feedback-request-expired',
          recipientIds: [r.requesterId],
          actorId: null,
          subject: subjects.requestExpired(r.id),
          params: { attributes: attributeList(await requestAttributes(trx, tenantId, r.id)) },
          link: '/feedback/requests?tab=mine',
        },
        now,
      );
    return { expired: Number(result.numUpdatedRows) };
  });
}
