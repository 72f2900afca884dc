/**
 * Feedback requests, bound to one tenant (docs/feedback.md "Requests"): what the ask dialog offers, the
 * two lists, one request, and turning rows into the contract's shapes. A pending row whose request is past
 * its expiry reads as expired even before the expiry job marks it.
 */
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type {
  AskedRequest,
  FeedbackRequest,
  RequestAttribute,
  RequestOptions,
} from '../../../../shared/contracts/feedback-requests.js';
import type { RequestRecipientStatus } from '../../../../shared/feedback.js';
import { shownPeople } from '../../db/demo.js';
import type { Db } from '../../db/engine.js';
import type { FeedbackRequestRecipientTable, FeedbackRequestTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { colleagueQuery, peopleByIds, personOf } from '../employees/people.js';

type RequestRow = Omit<Selectable<FeedbackRequestTable>, 'tenantId' | 'isDemo'>;

type RecipientRow = Pick<
  Selectable<FeedbackRequestRecipientTable>,
  'requestId' | 'employeeId' | 'status' | 'respondedAt' | 'declineReason'
>;

/** A pending answer past the request's expiry is expired, whether or not the job has marked it yet. */
export function effectiveStatus(status: RequestRecipientStatus, expiresAt: string, now: Date): RequestRecipientStatus {
  return status === 'pending' && expiresAt <= now.toISOString() ? 'expired' : status;
}

/** Attributes with their categories, by id; `activeOnly` keeps those new requests may name. */
export async function attributesByIds(
  db: Db,
  tenantId: number,
  ids: readonly number[] | null,
  activeOnly = false,
): Promise<RequestAttribute[]> {
  let query = db
    .selectFrom('feedbackAttributes as a')
    .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
    .select(['a.id', 'a.name', 'a.categoryId', 'c.name as categoryName', 'c.color'])
    .where('a.tenantId', '=', tenantId)
    .orderBy('c.name')
    .orderBy('a.name');
  if (ids !== null) {
    if (ids.length === 0) return [];
    query = query.where('a.id', 'in', [...new Set(ids)]);
  }
  if (activeOnly) query = query.where('a.isActive', '=', 1).where('c.isActive', '=', 1);
  return query.execute();
}

/** One request's attributes with their categories, in the order attributesByIds gives (categories, then names). */
export async function requestAttributes(db: Db, tenantId: number, requestId: number): Promise<RequestAttribute[]> {
  const links = await db
    .selectFrom('feedbackRequestAttributes')
    .select('attributeId')
    .where('tenantId', '=', tenantId)
    .where('requestId', '=', requestId)
    .execute();
  return attributesByIds(
    db,
    tenantId,
    links.map((l) => l.attributeId),
  );
}

/**
 * Rows of requests as the contract's shape; `viewerId` sees only their own row unless they asked. The demo
 * people asked are left out while `hideDemo` (demo data switched off).
 */
async function hydrate(db: Db, tenantId: number, rows: RequestRow[], viewerId: number, now: Date, hideDemo: boolean) {
  if (rows.length === 0) return new Map<number, FeedbackRequest>();
  const ids = rows.map((r) => r.id);
  const [recipients, attributeLinks, teams] = await Promise.all([
    db
      .selectFrom('feedbackRequestRecipients')
      .select(['requestId', 'employeeId', 'status', 'respondedAt', 'declineReason'])
      .where('tenantId', '=', tenantId)
      .where('requestId', 'in', ids)
      .where(shownPeople({ db, tenantId }, 'feedbackRequestRecipients.employeeId', hideDemo))
      .execute() as Promise<RecipientRow[]>,
    db
      .selectFrom('feedbackRequestAttributes')
      .select(['requestId', 'attributeId'])
      .where('tenantId', '=', tenantId)
      .where('requestId', 'in', ids)
      .execute(),
    db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', [0, ...rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId]))])
      .execute(),
  ]);
  const people = await peopleByIds(db, tenantId, [
    ...rows.flatMap((r) => [r.requesterId, r.subjectId]),
    ...recipients.map((r) => r.employeeId),
  ]);
  const attributes = new Map(
    (
      await attributesByIds(
        db,
        tenantId,
        attributeLinks.map((l) => l.attributeId),
      )
    ).map((a) => [a.id, a]),
  );
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const person = (id: number) => personOf(people, id);
  const out = new Map<number, FeedbackRequest>();
  for (const row of rows) {
    const mine = row.requesterId === viewerId;
    out.set(row.id, {
      id: row.id,
      requester: person(row.requesterId),
      subject: person(row.subjectId),
      team: row.teamId === null ? null : (teamById.get(row.teamId) ?? null),
      attributes: attributeLinks
        .filter((l) => l.requestId === row.id)
        .map((l) => attributes.get(l.attributeId))
        .filter((a) => a !== undefined)
        .sort((a, b) => a.categoryName.localeCompare(b.categoryName) || a.name.localeCompare(b.name)),
      message: row.message ?? '',
      dueDate: row.dueDate,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      recipients: recipients
        .filter((r) => r.requestId === row.id && (mine || r.employeeId === viewerId))
        .map((r) => ({
          employee: person(r.employeeId),
          status: effectiveStatus(r.status, row.expiresAt, now),
          respondedAt: r.respondedAt,
          declineReason: r.declineReason,
        }))
        .sort((a, b) => a.employee.name.localeCompare(b.employee.name)),
    });
  }
  return out;
}

const REQUEST_COLUMNS = [
  'q.id',
  'q.requesterId',
  'q.subjectId',
  'q.teamId',
  'q.message',
  'q.dueDate',
  'q.expiresAt',
  'q.createdAt',
] as const;

export function feedbackRequestRepository({ db, tenantId, now }: TenantScope) {
  const scope = { db, tenantId };
  /**
   * The requests a reader may reach while `hideDemo`: no demo row, nor one a demo person made or is the
   * subject of (a real request may name one).
   */
  const shown = (hideDemo: boolean): Expression<SqlBool> =>
    hideDemo
      ? sql<SqlBool>`(${sql.ref('q.isDemo')} = 0 and ${shownPeople(scope, 'q.requesterId', true)} and ${shownPeople(scope, 'q.subjectId', true)})`
      : sql<SqlBool>`1 = 1`;
  return {
    /** What the ask dialog offers; demo people and teams left out while `hideDemo`. */
    async options(
      callerId: number,
      canChooseSubject: boolean,
      expiryDays: number,
      hideDemo: boolean,
    ): Promise<RequestOptions> {
      let teamQuery = db.selectFrom('teams').select(['id', 'name']).where('tenantId', '=', tenantId);
      if (hideDemo) teamQuery = teamQuery.where('isDemo', '=', 0);
      const [attributes, employees, teams, members] = await Promise.all([
        attributesByIds(db, tenantId, null, true),
        colleagueQuery(db, tenantId, { selfId: callerId, hideDemo })
          .select(['employees.id', 'employees.name', 'employees.image'])
          .orderBy('employees.name')
          .orderBy('employees.id')
          .execute(),
        teamQuery.orderBy('name').execute(),
        db
          .selectFrom('teamMembers as m')
          .innerJoin('employees as e', 'e.id', 'm.employeeId')
          .select(['m.teamId', 'm.employeeId'])
          .where('m.tenantId', '=', tenantId)
          .where('e.status', '=', 'active')
          .where(shownPeople(scope, 'e.id', hideDemo))
          .execute(),
      ]);
      return {
        attributes,
        employees,
        teams: teams.map((t) => ({
          ...t,
          memberIds: members.filter((m) => m.teamId === t.id).map((m) => m.employeeId),
        })),
        canChooseSubject,
        expiryDays,
      };
    },

    /** One request as `viewerId` may see it, or undefined when it is not this tenant's (or hidden demo data). */
    async get(id: number, viewerId: number, hideDemo: boolean): Promise<FeedbackRequest | undefined> {
      const row = await db
        .selectFrom('feedbackRequests as q')
        .select(REQUEST_COLUMNS)
        .where('q.tenantId', '=', tenantId)
        .where('q.id', '=', id)
        .where(shown(hideDemo))
        .executeTakeFirst();
      if (!row) return undefined;
      return (await hydrate(db, tenantId, [row], viewerId, now(), hideDemo)).get(id);
    },

    /** Whether the employee is the requester or one of the people asked; undefined for none (or hidden). */
    async roleOf(
      id: number,
      employeeId: number,
      hideDemo: boolean,
    ): Promise<'requester' | 'recipient' | null | undefined> {
      const row = await db
        .selectFrom('feedbackRequests as q')
        .select(['q.id', 'q.requesterId'])
        .where('q.tenantId', '=', tenantId)
        .where('q.id', '=', id)
        .where(shown(hideDemo))
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.requesterId === employeeId) return 'requester';
      const asked = await db
        .selectFrom('feedbackRequestRecipients')
        .select('employeeId')
        .where('tenantId', '=', tenantId)
        .where('requestId', '=', id)
        .where('employeeId', '=', employeeId)
        .executeTakeFirst();
      return asked ? 'recipient' : null;
    },

    /** Requests asking `employeeId`: the pending ones first (by due date, then newest), then the rest. */
    async askedOf(
      employeeId: number,
      query: { page: number; pageSize: number; status?: RequestRecipientStatus | undefined },
      hideDemo: boolean,
    ): Promise<{ items: AskedRequest[]; total: number }> {
      const at = now().toISOString();
      let base = db
        .selectFrom('feedbackRequestRecipients as r')
        .innerJoin('feedbackRequests as q', 'q.id', 'r.requestId')
        .where('r.tenantId', '=', tenantId)
        .where('q.tenantId', '=', tenantId)
        .where('r.employeeId', '=', employeeId)
        .where(shown(hideDemo));
      if (query.status === 'pending') base = base.where('r.status', '=', 'pending').where('q.expiresAt', '>', at);
      else if (query.status === 'expired')
        base = base.where((eb) =>
          eb.or([
            eb('r.status', '=', 'expired'),
            eb.and([eb('r.status', '=', 'pending'), eb('q.expiresAt', '<=', at)]),
          ]),
        );
      else if (query.status) base = base.where('r.status', '=', query.status);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([...REQUEST_COLUMNS, 'r.status', 'r.respondedAt'])
        .orderBy(sql`case when r.status = 'pending' and q.expires_at > ${at} then 0 else 1 end`)
        .orderBy(sql`case when r.status = 'pending' then coalesce(q.due_date, '9999-12-31') else '' end`)
        .orderBy('q.createdAt', 'desc')
        .orderBy('q.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      const full = await hydrate(db, tenantId, rows, employeeId, now(), hideDemo);
      return {
        total: Number(total),
        items: rows.map((row) => {
          const { recipients: _recipients, ...request } = full.get(row.id)!;
          return {
            ...request,
            status: effectiveStatus(row.status, row.expiresAt, now()),
            respondedAt: row.respondedAt,
          };
        }),
      };
    },

    /** Requests `requesterId` made, newest first, each with everyone asked. */
    async madeBy(
      requesterId: number,
      query: { page: number; pageSize: number; orderDir: 'asc' | 'desc' },
      hideDemo: boolean,
    ): Promise<{ items: FeedbackRequest[]; total: number }> {
      const base = db
        .selectFrom('feedbackRequests as q')
        .where('q.tenantId', '=', tenantId)
        .where('q.requesterId', '=', requesterId)
        .where(shown(hideDemo));
      const { total } = await base
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(REQUEST_COLUMNS)
        .orderBy('q.createdAt', query.orderDir)
        .orderBy('q.id', query.orderDir)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      const full = await hydrate(db, tenantId, rows, requesterId, now(), hideDemo);
      return { total: Number(total), items: rows.map((r) => full.get(r.id)!) };
    },
  };
}
