/**
 * Demo data switched off (Settings › Demo data, the tenant setting isDemoDataDisabled): the demo company's
 * people leave every list, figure, chart and report, and their ids read as unknown ones. This is the one
 * rule every module reads them through; nothing is deleted, so switching demo data on brings them back.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './engine.js';
import { errors } from '../http/errors.js';

/** What a missing row is called in the 404. */
export type NotFoundKey = Parameters<typeof errors.notFound>[0];

type Scope = { readonly db: Db; readonly tenantId: number };

/** The tenant's demo people's ids, as a subquery. */
function demoPeople({ db, tenantId }: Scope) {
  return db.selectFrom('employees').select('id').where('tenantId', '=', tenantId).where('isDemo', '=', 1);
}

/**
 * A condition keeping the rows whose employee column (e.g. 'employees.id', 'leaveRequests.employeeId') is
 * not a demo person while `hide`; always true otherwise. Use it as `query.where(shownPeople(scope, col, hide))`.
 */
export function shownPeople(scope: Scope, column: string, hide: boolean): Expression<SqlBool> {
  if (!hide) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref(column)} not in (${demoPeople(scope)})`;
}

/**
 * A condition keeping the `feedback` rows shown while `hide`: not demo data, and neither their giver nor their
 * receiver a demo person (a real employee may have given one feedback). Always true otherwise.
 */
export function shownFeedback(scope: Scope, hide: boolean): Expression<SqlBool> {
  if (!hide) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.ref('feedback.isDemo')} = 0 and ${shownPeople(scope, 'feedback.giverId', true)} and ${shownPeople(scope, 'feedback.receiverId', true)})`;
}

/** The demo people among `ids`. */
export async function demoAmong(scope: Scope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await demoPeople(scope)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** 404 for a demo person's id while `hide`, as for an unknown one. */
export async function requireShownPerson(
  scope: Scope,
  employeeId: number,
  hide: boolean,
  notFound: NotFoundKey = 'employeeNotFound',
): Promise<void> {
  if (!hide) return;
  const row = await demoPeople(scope).where('id', '=', employeeId).executeTakeFirst();
  if (row) throw errors.notFound(notFound);
}
