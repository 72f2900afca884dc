/**
 * Write side: self check-in/out and breaks, manual add/edit/delete of attendance and breaks. Every rule
 * of shared/attendance-rules runs here before anything is written; every change is audited with who made
 * it, when, and the values before and after, and one made by someone else tells the owner (./notifications.ts).
 */
import {
  checkAttendance,
  checkBreak,
  isBreakInFirstMinute,
  checkWfoChange,
  shiftRuleOf,
  storedMinutes,
  type RuleIssue,
  type ShiftRule,
} from '../../../../shared/attendance-rules.js';
import type { CorrectionBody, CreateAttendanceBody } from '../../../../shared/contracts/attendance.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AttendanceSource } from '../../db/schema.js';
import type { AppError } from '../../http/errors.js';
import { errors } from '../../http/errors.js';
import { checkoutDone, tellOwner } from './notifications.js';
import { checkOutUndo } from './undo.js';
import { currentShift } from './views.js';
import { refreshDays } from './days.js';
import { audit, breaksOf, findById, findOnDay, storeMinutes, type AttendanceRow } from './repository.js';

type Actor = { tenantId: number; employeeId: number };

/**
 * An attendance's breaks, and what keeps them from fitting new check-in and check-out times; a break past the
 * end is reported on checkOut, the field the person changes to fix it.
 */
async function breaksAgainst(
  deps: Deps,
  attendanceId: number,
  attendance: { checkIn: string; checkOut: string | null },
  now: string,
  rule: ShiftRule,
): Promise<{ breaks: { id: number; start: string; end: string | null }[]; issues: RuleIssue[] }> {
  const breaks = ((await breaksOf(deps.db, [attendanceId])).get(attendanceId) ?? []).map((b) => ({
    id: b.id,
    start: b.startAt,
    end: b.endAt,
  }));
  const issues = breaks.flatMap((b) =>
    checkBreak({ breakSpan: b, attendance, otherBreaks: breaks, now, rule }).map((issue) => ({
      field: issue.code === 'BREAK_OUTSIDE_ATTENDANCE' ? 'checkOut' : issue.field,
      code: issue.code,
    })),
  );
  return { breaks, issues };
}

/** Callers refuse only when there is at least one issue. */
function refuse([first, ...rest]: RuleIssue[]): AppError {
  return errors.rules([first!, ...rest]);
}

const exists = () => errors.coded(409, 'ATTENDANCE_EXISTS');

/**
 * Work from office by hand needs team or company reach over the employee (shared/attendance-rules#checkWfoChange):
 * 403 naming the rule and the field.
 */
export function assertWfoChange(requested: boolean | undefined, current: boolean, certifies: boolean): void {
  const [issue] = checkWfoChange({ requested, current, certifies });
  if (issue) {
    throw errors.coded(403, issue.code, { fields: [{ path: `body.${issue.field}`, message: MESSAGES[issue.code] }] });
  }
}

/** A device punch is never changed in place (PATCH, DELETE, breaks): it is corrected instead. */
export function assertNotDevicePunch(row: AttendanceRow): void {
  if (row.source === 'device') throw errors.coded(409, 'DEVICE_PUNCH_READ_ONLY', { attendanceId: row.id });
}

async function insertAttendance(
  deps: Deps,
  actor: Actor,
  values: {
    employeeId: number;
    date: string;
    checkIn: string;
    checkOut: string | null;
    source: AttendanceSource;
    isWfo: boolean;
    clientIp: string | null;
  },
): Promise<number> {
  const now = deps.now().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('attendances')
        .values({
          tenantId: actor.tenantId,
          employeeId: values.employeeId,
          workDate: values.date,
          checkIn: values.checkIn,
          checkOut: values.checkOut,
          source: values.source,
          isWfo: values.isWfo ? 1 : 0,
          clientIp: values.clientIp,
          // No breaks yet: they are added afterwards, each storing the minutes again.
          ...storedMinutes({ checkIn: values.checkIn, checkOut: values.checkOut }, []),
          createdBy: actor.employeeId,
          createdAt: now,
          updatedBy: actor.employeeId,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await attendanceChanged(trx, actor, { id: row.id, employeeId: values.employeeId }, now, { action: 'create' });
      await tellOwner(trx, actor, { employeeId: values.employeeId, workDate: values.date }, now);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}

export async function checkIn(
  deps: Deps,
  actor: Actor,
  settings: TenantSettings,
  source: 'web' | 'desktop',
  wfo: boolean,
  ip: string,
) {
  const now = deps.now();
  // Last night's shift still open (before its latest check-out) is checked out, not checked into again.
  const { date, row } = await currentShift(deps.db, actor.tenantId, actor.employeeId, now, settings);
  if (row) throw exists();
  await insertAttendance(deps, actor, {
    employeeId: actor.employeeId,
    date,
    checkIn: now.toISOString(),
    checkOut: null,
    source,
    isWfo: wfo,
    clientIp: ip,
  });
}

/** The caller's running day: today's, or last night's shift until its latest check-out. */
async function openToday(deps: Deps, actor: Actor, settings: TenantSettings): Promise<AttendanceRow> {
  const { row } = await currentShift(deps.db, actor.tenantId, actor.employeeId, deps.now(), settings);
  if (!row) throw errors.rule('NOT_CHECKED_IN');
  if (row.checkOut) throw errors.rule('ALREADY_CHECKED_OUT');
  return row;
}

async function updateAttendanceRow(
  deps: Deps,
  actor: Actor,
  before: AttendanceRow,
  patch: { checkIn?: string; checkOut?: string | null; isWfo?: boolean; workDate?: string },
) {
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('attendances')
      .set({
        ...(patch.checkIn !== undefined ? { checkIn: patch.checkIn } : {}),
        ...(patch.checkOut !== undefined ? { checkOut: patch.checkOut } : {}),
        ...(patch.workDate !== undefined ? { workDate: patch.workDate } : {}),
        ...(patch.isWfo !== undefined ? { isWfo: patch.isWfo ? (1 as const) : (0 as const) } : {}),
        updatedBy: actor.employeeId,
        updatedAt: now,
      })
      .where('id', '=', before.id)
      .execute();
    await storeMinutes(trx, before.id);
    await attendanceChanged(trx, actor, before, now, { action: 'update', before });
    await tellOwner(trx, actor, { employeeId: before.employeeId, workDate: patch.workDate ?? before.workDate }, now);
    if (patch.checkOut) await checkoutDone(trx, actor.tenantId, before.id, now);
  });
}

/**
 * Checks the caller out now. A running break ends with the day, or is cancelled when still in its first minute
 * (a break lasts at least a minute). One transaction and one instant for everything it writes: the check-out,
 * the row's `updatedAt` and the audit entries all carry it, which is how `undoCheckOut` recognises the
 * check-out as the last change of the day and finds the break it closed.
 */
export async function checkOut(
  deps: Deps,
  actor: Actor,
  settings: TenantSettings,
): Promise<{ breakCancelled: boolean }> {
  const row = await openToday(deps, actor, settings);
  const now = deps.now().toISOString();
  const issues = checkAttendance({ checkIn: row.checkIn, checkOut: now, now, rule: shiftRuleOf(settings) });
  if (issues.length > 0) throw refuse(issues);
  const open = (await breaksOf(deps.db, [row.id])).get(row.id)?.find((b) => b.endAt === null);
  const breakCancelled = open !== undefined && isBreakInFirstMinute(open.startAt, now);
  await deps.db.transaction().execute(async (trx) => {
    if (open) await closeBreak(trx, actor, row, open, now, breakCancelled);
    await trx
      .updateTable('attendances')
      .set({ checkOut: now, updatedBy: actor.employeeId, updatedAt: now })
      .where('id', '=', row.id)
      .execute();
    await storeMinutes(trx, row.id);
    await attendanceChanged(trx, actor, row, now, { action: 'update', before: row });
    await checkoutDone(trx, actor.tenantId, row.id, now);
  });
  return { breakCancelled };
}

/**
 * Ends the caller's running break at `now`, or cancels it (deletes it, audited) when `cancel`; in the caller's
 * transaction. The caller is the owner: nobody else is told.
 */
async function closeBreak(
  trx: Db,
  actor: Actor,
  attendance: AttendanceRow,
  open: { id: number; startAt: string },
  now: string,
  cancel: boolean,
): Promise<void> {
  const before = { start: open.startAt, end: null };
  if (cancel) {
    await trx.deleteFrom('attendanceBreaks').where('id', '=', open.id).execute();
    await breakChanged(trx, actor, attendance, now, { breakId: open.id, action: 'delete', before });
  } else {
    await trx.updateTable('attendanceBreaks').set({ endAt: now, updatedAt: now }).where('id', '=', open.id).execute();
    const after = { start: open.startAt, end: now };
    await breakChanged(trx, actor, attendance, now, { breakId: open.id, action: 'update', before, after });
  }
}

/**
 * Undoes the caller's check-out of the running day (docs/workforce.md "Undoing a check-out"): the day is open
 * again exactly as before it, the break the check-out ended (or cancelled) running again from its start. The
 * undo is audited like any change. Two undos at once: the conditional update lets one through.
 */
export async function undoCheckOut(deps: Deps, actor: Actor, settings: TenantSettings): Promise<void> {
  const nowDate = deps.now();
  const { row } = await currentShift(deps.db, actor.tenantId, actor.employeeId, nowDate, settings);
  const undo = checkOutUndo(row, actor.employeeId, nowDate);
  if ('refused' in undo) throw errors.coded(409, undo.refused);
  const before = row!;
  const checkedOutAt = before.checkOut!;
  const now = nowDate.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const reopened = await trx
      .updateTable('attendances')
      .set({ checkOut: null, updatedBy: actor.employeeId, updatedAt: now })
      .where('tenantId', '=', actor.tenantId)
      .where('id', '=', before.id)
      .where('checkOut', '=', checkedOutAt)
      .where('updatedAt', '=', before.updatedAt)
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) throw errors.coded(409, 'CHECK_OUT_UNDO_CHANGED');
    // The break the check-out closed: the caller's last break entry written at the check-out's instant (the
    // check-out closes one break at most; an earlier check-out and undo in the same millisecond wrote entries
    // at that instant too, and theirs are not this check-out's).
    const closed = await trx
      .selectFrom('attendanceAudit')
      .select(['breakId', 'action', 'before'])
      .where('tenantId', '=', actor.tenantId)
      .where('attendanceId', '=', before.id)
      .where('breakId', 'is not', null)
      .where('actorId', '=', actor.employeeId)
      .where('at', '=', checkedOutAt)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    for (const entry of closed) {
      const span = entry.before === null ? null : (JSON.parse(entry.before) as { start: string; end: string | null });
      if (!span || span.end !== null) continue;
      const restored = { start: span.start, end: null };
      if (entry.action === 'update') {
        await trx
          .updateTable('attendanceBreaks')
          .set({ endAt: null, updatedAt: now })
          .where('id', '=', entry.breakId!)
          .where('endAt', '=', checkedOutAt)
          .execute();
        await auditChange(trx, actor, before, now, {
          breakId: entry.breakId,
          action: 'update',
          before: { start: span.start, end: checkedOutAt },
          after: restored,
        });
      } else if (entry.action === 'delete') {
        const { id } = await trx
          .insertInto('attendanceBreaks')
          .values({
            tenantId: actor.tenantId,
            attendanceId: before.id,
            startAt: span.start,
            endAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await auditChange(trx, actor, before, now, { breakId: id, action: 'create', after: restored });
      }
    }
    await storeMinutes(trx, before.id);
    await attendanceChanged(trx, actor, before, now, { action: 'update', before });
  });
}

export async function startBreak(deps: Deps, actor: Actor, settings: TenantSettings) {
  const row = await openToday(deps, actor, settings);
  const existing = (await breaksOf(deps.db, [row.id])).get(row.id) ?? [];
  if (existing.some((b) => b.endAt === null)) throw errors.rule('BREAK_ALREADY_STARTED');
  const now = deps.now().toISOString();
  const issues = checkBreak({
    breakSpan: { start: now, end: null },
    attendance: { checkIn: row.checkIn, checkOut: null },
    otherBreaks: existing.map((b) => ({ id: b.id, start: b.startAt, end: b.endAt })),
    now,
    rule: shiftRuleOf(settings),
  });
  if (issues.length > 0) throw refuse(issues);
  await writeBreak(deps, actor, row, { start: now, end: null });
}

/** Ends the caller's running break; one still in its first minute is cancelled instead (not recorded). */
export async function endBreak(
  deps: Deps,
  actor: Actor,
  settings: TenantSettings,
): Promise<{ breakCancelled: boolean }> {
  const row = await openToday(deps, actor, settings);
  const existing = (await breaksOf(deps.db, [row.id])).get(row.id) ?? [];
  const open = existing.find((b) => b.endAt === null);
  if (!open) throw errors.rule('NO_OPEN_BREAK');
  const now = deps.now().toISOString();
  const breakCancelled = isBreakInFirstMinute(open.startAt, now);
  if (!breakCancelled) {
    const issues = checkBreak({
      breakSpan: { id: open.id, start: open.startAt, end: now },
      attendance: { checkIn: row.checkIn, checkOut: null },
      otherBreaks: existing.map((b) => ({ id: b.id, start: b.startAt, end: b.endAt })),
      now,
      rule: shiftRuleOf(settings),
    });
    if (issues.length > 0) throw refuse(issues);
  }
  await deps.db.transaction().execute((trx) => closeBreak(trx, actor, row, open, now, breakCancelled));
  return { breakCancelled };
}

type AuditedChange = Pick<Parameters<typeof audit>[1], 'breakId' | 'action' | 'before' | 'after'>;

/** The audit entry of the actor's change, at `now`, to an attendance or one of its breaks. */
function auditChange(
  trx: Db,
  actor: Actor,
  attendance: { id: number; employeeId: number },
  now: string,
  change: AuditedChange,
): Promise<void> {
  return audit(trx, {
    tenantId: actor.tenantId,
    employeeId: attendance.employeeId,
    attendanceId: attendance.id,
    actorId: actor.employeeId,
    at: now,
    ...change,
  });
}

/** Audits a change of an attendance (in its transaction) with the row as it now stands. */
async function attendanceChanged(
  trx: Db,
  actor: Actor,
  attendance: { id: number; employeeId: number },
  now: string,
  change: { action: 'create' | 'update'; before?: unknown },
): Promise<void> {
  const after = await trx
    .selectFrom('attendances')
    .selectAll()
    .where('id', '=', attendance.id)
    .executeTakeFirstOrThrow();
  // The day's aggregate (./days.ts), and the day it moved from when an edit changed its date.
  const days = [{ employeeId: after.employeeId, date: after.workDate }];
  if ('workDate' in attendance && typeof attendance.workDate === 'string')
    days.push({ employeeId: after.employeeId, date: attendance.workDate });
  await refreshDays(trx, actor.tenantId, days);
  await auditChange(trx, actor, attendance, now, { ...change, after });
}

/**
 * What follows a change of one of an attendance's breaks (in its transaction): the attendance is stamped
 * with who changed it, its stored minutes are worked out again, and the change is audited.
 */
async function breakChanged(
  trx: Db,
  actor: Actor,
  attendance: AttendanceRow,
  now: string,
  change: AuditedChange,
): Promise<void> {
  await trx
    .updateTable('attendances')
    .set({ updatedBy: actor.employeeId, updatedAt: now })
    .where('id', '=', attendance.id)
    .execute();
  await storeMinutes(trx, attendance.id);
  await refreshDays(trx, actor.tenantId, [{ employeeId: attendance.employeeId, date: attendance.workDate }]);
  await auditChange(trx, actor, attendance, now, change);
}

/**
 * Inserts or updates one break with its audit entry; `tell`: whether the owner hears of someone else's
 * change (not for the breaks of an attendance just written, whose owner heard of it already).
 */
async function writeBreak(
  deps: Deps,
  actor: Actor,
  attendance: AttendanceRow,
  span: { id?: number; start: string; end: string | null },
  before?: { id: number; startAt: string; endAt: string | null },
  tell = true,
): Promise<number> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    let id = span.id;
    if (id === undefined) {
      id = (
        await trx
          .insertInto('attendanceBreaks')
          .values({
            tenantId: actor.tenantId,
            attendanceId: attendance.id,
            startAt: span.start,
            endAt: span.end,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      await trx
        .updateTable('attendanceBreaks')
        .set({ startAt: span.start, endAt: span.end, updatedAt: now })
        .where('id', '=', id)
        .execute();
    }
    await breakChanged(trx, actor, attendance, now, {
      breakId: id,
      action: before ? 'update' : 'create',
      ...(before ? { before: { start: before.startAt, end: before.endAt } } : {}),
      after: { start: span.start, end: span.end },
    });
    if (tell) await tellOwner(trx, actor, attendance, now);
    return id;
  });
}

export async function createManual(
  deps: Deps,
  actor: Actor,
  employeeId: number,
  body: CreateAttendanceBody,
  settings: TenantSettings,
): Promise<number> {
  const tz = settings.tenant_timezone;
  const rule = shiftRuleOf(settings);
  const now = deps.now().toISOString();
  const checkIn = new Date(body.checkIn).toISOString();
  const checkOut = body.checkOut ? new Date(body.checkOut).toISOString() : null;
  const issues = checkAttendance({ checkIn, checkOut, now, rule });
  const spans = (body.breaks ?? []).map((b) => ({
    start: new Date(b.start).toISOString(),
    end: new Date(b.end).toISOString(),
  }));
  spans.forEach((span, i) => {
    const others = spans.filter((_, j) => j !== i);
    for (const issue of checkBreak({
      breakSpan: span,
      attendance: { checkIn, checkOut },
      otherBreaks: others,
      now,
      rule,
    })) {
      issues.push({ field: `breaks.${i}.${issue.field}`, code: issue.code });
    }
  });
  if (issues.length > 0) throw refuse(issues);
  const date = localDate(checkIn, tz);
  if (await findOnDay(deps.db, actor.tenantId, employeeId, date)) throw exists();
  const id = await insertAttendance(deps, actor, {
    employeeId,
    date,
    checkIn,
    checkOut,
    source: 'manual',
    isWfo: body.isWfo ?? false,
    clientIp: null,
  });
  const row = (await findById(deps.db, actor.tenantId, id))!;
  for (const span of spans) await writeBreak(deps, actor, row, span, undefined, false);
  return id;
}

export async function updateManual(
  deps: Deps,
  actor: Actor,
  before: AttendanceRow,
  patch: { checkIn?: string; checkOut?: string | null; isWfo?: boolean },
  settings: TenantSettings,
) {
  const tz = settings.tenant_timezone;
  const checkIn = patch.checkIn !== undefined ? new Date(patch.checkIn).toISOString() : before.checkIn;
  const checkOut =
    patch.checkOut !== undefined
      ? patch.checkOut === null
        ? null
        : new Date(patch.checkOut).toISOString()
      : before.checkOut;
  const now = deps.now().toISOString();
  const rule = shiftRuleOf(settings);
  const issues = checkAttendance({ checkIn, checkOut, now, rule });
  // The breaks must still fit inside the changed attendance.
  issues.push(...(await breaksAgainst(deps, before.id, { checkIn, checkOut }, now, rule)).issues);
  if (issues.length > 0) throw refuse(issues);
  const workDate = localDate(checkIn, tz);
  if (before.correctsId !== null && workDate !== before.workDate)
    throw refuse([{ field: 'checkIn', code: 'CORRECTION_OTHER_DAY' }]);
  if (workDate !== before.workDate) {
    const clash = await findOnDay(deps.db, actor.tenantId, before.employeeId, workDate);
    if (clash) throw exists();
  }
  try {
    await updateAttendanceRow(deps, actor, before, {
      checkIn,
      checkOut,
      workDate,
      ...(patch.isWfo !== undefined ? { isWfo: patch.isWfo } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}

export async function deleteAttendance(deps: Deps, actor: Actor, before: AttendanceRow) {
  const now = deps.now().toISOString();
  const breaks = (await breaksOf(deps.db, [before.id])).get(before.id) ?? [];
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('attendances').where('id', '=', before.id).execute();
    // Deleting a correction brings the punch it stood in for back.
    if (before.correctsId !== null) {
      await trx
        .updateTable('attendances')
        .set({ correctedAt: null })
        .where('tenantId', '=', actor.tenantId)
        .where('id', '=', before.correctsId)
        .execute();
    }
    await refreshDays(trx, actor.tenantId, [{ employeeId: before.employeeId, date: before.workDate }]);
    await auditChange(trx, actor, before, now, { action: 'delete', before: { ...before, breaks } });
    await tellOwner(trx, actor, before, now);
    await checkoutDone(trx, actor.tenantId, before.id, now);
  });
}

export async function saveBreak(
  deps: Deps,
  actor: Actor,
  attendance: AttendanceRow,
  span: { id?: number; start: string; end: string },
  settings: TenantSettings,
) {
  const existing = (await breaksOf(deps.db, [attendance.id])).get(attendance.id) ?? [];
  const before = span.id === undefined ? undefined : existing.find((b) => b.id === span.id);
  const normalized = { ...span, start: new Date(span.start).toISOString(), end: new Date(span.end).toISOString() };
  const issues = checkBreak({
    breakSpan: normalized,
    attendance: { checkIn: attendance.checkIn, checkOut: attendance.checkOut },
    otherBreaks: existing.map((b) => ({ id: b.id, start: b.startAt, end: b.endAt })),
    now: deps.now(),
    rule: shiftRuleOf(settings),
  });
  if (issues.length > 0) throw refuse(issues);
  return writeBreak(deps, actor, attendance, normalized, before);
}

export async function deleteBreak(
  deps: Deps,
  actor: Actor,
  attendance: AttendanceRow,
  breakRow: { id: number; startAt: string; endAt: string | null },
) {
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('attendanceBreaks').where('id', '=', breakRow.id).execute();
    await breakChanged(trx, actor, attendance, now, {
      breakId: breakRow.id,
      action: 'delete',
      before: { start: breakRow.startAt, end: breakRow.endAt },
    });
    await tellOwner(trx, actor, attendance, now);
  });
}

/**
 * Corrects a device punch: the punch stays exactly as the device made it (marked corrected) and a manual
 * attendance of the same day, with the reason, stands in for it in every view and total. One correction per
 * punch; changing it later is an edit of the correction. The punch's WFO evidence carries over unless an
 * editor with team or company reach sets the flag.
 */
export async function correctDevicePunch(
  deps: Deps,
  actor: Actor,
  original: AttendanceRow,
  body: CorrectionBody,
  settings: TenantSettings,
  certifies: boolean,
): Promise<number> {
  if (original.source !== 'device') throw errors.coded(409, 'NOT_A_DEVICE_PUNCH');
  if (original.correctedAt !== null) throw errors.coded(409, 'ALREADY_CORRECTED');
  const tz = settings.tenant_timezone;
  const checkIn = new Date(body.checkIn).toISOString();
  const checkOut = body.checkOut ? new Date(body.checkOut).toISOString() : null;
  const now = deps.now().toISOString();
  const rule = shiftRuleOf(settings);
  // The check-out may be on the next morning, up to the latest check-out of a shift (a night shift).
  const issues = checkAttendance({ checkIn, checkOut, now, rule });
  if (localDate(checkIn, tz) !== original.workDate) issues.unshift({ field: 'checkIn', code: 'CORRECTION_OTHER_DAY' });
  // The punch's breaks (taken on today's card after a device check-in) move to the correction and must fit it.
  const { breaks, issues: breakIssues } = await breaksAgainst(deps, original.id, { checkIn, checkOut }, now, rule);
  issues.push(...breakIssues);
  if (issues.length > 0) throw refuse(issues);
  assertWfoChange(body.isWfo, original.isWfo === 1, certifies);
  const isWfo = body.isWfo ?? original.isWfo === 1;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('attendances')
        .set({ correctedAt: now })
        .where('tenantId', '=', actor.tenantId)
        .where('id', '=', original.id)
        .where('correctedAt', 'is', null)
        .executeTakeFirst();
      // Two corrections at once: only one marks the punch.
      if (Number(marked.numUpdatedRows) !== 1) throw errors.coded(409, 'ALREADY_CORRECTED');
      const row = await trx
        .insertInto('attendances')
        .values({
          tenantId: actor.tenantId,
          employeeId: original.employeeId,
          workDate: original.workDate,
          checkIn,
          checkOut,
          source: 'manual',
          isWfo: isWfo ? 1 : 0,
          clientIp: null,
          ...storedMinutes({ checkIn, checkOut }, breaks),
          correctsId: original.id,
          correctionReason: body.reason.trim(),
          createdBy: actor.employeeId,
          createdAt: now,
          updatedBy: actor.employeeId,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (breaks.length > 0) {
        await trx
          .insertInto('attendanceBreaks')
          .values(
            breaks.map((b) => ({
              tenantId: actor.tenantId,
              attendanceId: row.id,
              startAt: b.start,
              endAt: b.end,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .execute();
      }
      await refreshDays(trx, actor.tenantId, [{ employeeId: original.employeeId, date: original.workDate }]);
      const after = { ...original, correctedAt: now, correctedById: row.id };
      await auditChange(trx, actor, original, now, { action: 'update', before: original, after });
      await auditChange(trx, actor, row, now, { action: 'create', after: row });
      await tellOwner(trx, actor, original, now);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}
