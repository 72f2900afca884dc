/**
 * A person's notifications (docs/notifications.md): the list and its counts, marking read, ignoring, their
 * channel settings and their browsers' push subscriptions. Every query is bound to the caller's tenant and
 * names the recipient, so nobody reaches another person's notifications (an id of someone else's is a 404).
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  Notification,
  NotificationCounts,
  NotificationList,
  notificationListQuerySchema,
} from '../../../../shared/contracts/notifications.js';
import {
  notificationPreferencesSchema,
  withEveryCategory,
  type NotificationPreferences,
} from '../../../../shared/notifications.js';
import { toNumber, type Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { readSettings } from '../tenants/repository.js';

type ListQuery = z.output<typeof notificationListQuerySchema>;

/**
 * The counts, each from its small partial index (migration 0037). The kinds are written into the SQL as
 * literals: SQLite uses a partial index only when the query's terms match its WHERE as written, and a bound
 * parameter does not (a person with 10,000 notifications otherwise scanned them all, twice, per poll).
 */
export async function notificationCounts(db: Db, tenantId: number, recipientId: number): Promise<NotificationCounts> {
  const open = db
    .selectFrom('notifications')
    .where('tenantId', '=', tenantId)
    .where('recipientId', '=', recipientId)
    .where('closedAt', 'is', null);
  const [enable, action] = await Promise.all([
    open
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', sql.lit('enable'))
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow(),
    open
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', sql.lit('action'))
      .executeTakeFirstOrThrow(),
  ]);
  const unreadEnable = toNumber(enable.n);
  const unreadAction = toNumber(action.n);
  return { unread: unreadEnable + unreadAction, unreadEnable, unreadAction };
}

/** The open notifications of a recipient, newest first, as the API answers them. */
export function openNotifications(db: Db, tenantId: number, recipientId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('employees as a', 'a.id', 'n.actorId')
    .select([
      'n.id',
      'n.type',
      'n.kind',
      'n.suggestionType',
      'n.readAt',
      'n.body',
      'n.createdAt',
      'n.actorId',
      'a.name as actorName',
    ])
    .where('n.tenantId', '=', tenantId)
    .where('n.recipientId', '=', recipientId)
    .where('n.closedAt', 'is', null)
    .orderBy('n.id', 'desc');
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof openNotifications>['execute']>>[number];

export function notificationView(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    suggestionType: row.suggestionType,
    isRead: row.readAt !== null,
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
    body: row.body,
    createdAt: row.createdAt,
  };
}

export function notificationRepository({ db, tenantId, now }: TenantScope) {
  return {
    counts: (recipientId: number) => notificationCounts(db, tenantId, recipientId),

    async list(recipientId: number, query: ListQuery): Promise<NotificationList> {
      let rows = openNotifications(db, tenantId, recipientId);
      if (query.type !== 'all') rows = rows.where('n.kind', '=', query.type);
      if (query.suggestion_type) rows = rows.where('n.suggestionType', '=', query.suggestion_type);
      const [page, counts] = await Promise.all([
        rows
          .limit(query.limit + 1)
          .offset((query.page - 1) * query.limit)
          .execute(),
        notificationCounts(db, tenantId, recipientId),
      ]);
      return {
        ...counts,
        notifications: page.slice(0, query.limit).map(notificationView),
        hasMore: page.length > query.limit,
      };
    },

    async markRead(recipientId: number, ids: readonly number[] | undefined): Promise<NotificationCounts> {
      let update = db
        .updateTable('notifications')
        .set({ readAt: now().toISOString() })
        .where('tenantId', '=', tenantId)
        .where('recipientId', '=', recipientId)
        .where('readAt', 'is', null);
      if (ids !== undefined) {
        if (ids.length === 0) return notificationCounts(db, tenantId, recipientId);
        update = update.where('id', 'in', [...ids]);
      }
      await update.execute();
      return notificationCounts(db, tenantId, recipientId);
    },

    async ignore(recipientId: number, id: number): Promise<NotificationCounts> {
      const at = now().toISOString();
      const found = await db
        .selectFrom('notifications')
        .select(['id', 'readAt'])
        .where('tenantId', '=', tenantId)
        .where('recipientId', '=', recipientId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw errors.notFound('notificationNotFound');
      await db
        .updateTable('notifications')
        .set({ readAt: found.readAt ?? at, closedAt: at })
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .execute();
      return notificationCounts(db, tenantId, recipientId);
    },

    preferences: (employeeId: number) => preferencesOf(db, tenantId, employeeId),

    async savePreferences(employeeId: number, preferences: NotificationPreferences): Promise<void> {
      const row = { tenantId, employeeId, preferences: JSON.stringify(preferences), updatedAt: now().toISOString() };
      await db
        .insertInto('notificationPreferences')
        .values(row)
        .onConflict((oc) =>
          oc.column('employeeId').doUpdateSet({ preferences: row.preferences, updatedAt: row.updatedAt }),
        )
        .execute();
    },

    /**
     * Keeps a browser's subscription for the caller: this device's earlier one is replaced, and the same
     * endpoint kept for anyone else (another person signed in on this browser before) is dropped, since a
     * browser profile's push reaches whoever uses it now.
     */
    async keepSubscription(
      employeeId: number,
      deviceId: string,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('pushSubscriptions').where('endpoint', '=', subscription.endpoint).execute();
        await trx
          .deleteFrom('pushSubscriptions')
          .where('tenantId', '=', tenantId)
          .where('employeeId', '=', employeeId)
          .where('deviceId', '=', deviceId)
          .execute();
        await trx
          .insertInto('pushSubscriptions')
          .values({
            tenantId,
            employeeId,
            deviceId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            createdAt: now().toISOString(),
          })
          .execute();
      });
    },

    async removeSubscription(employeeId: number, deviceId: string): Promise<void> {
      await db
        .deleteFrom('pushSubscriptions')
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employeeId)
        .where('deviceId', '=', deviceId)
        .execute();
    },
  };
}

/** A person's channel switches: their own, or the company's defaults (Notification tab) until they change them. */
export async function preferencesOf(db: Db, tenantId: number, employeeId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notificationPreferences')
    .select('preferences')
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .executeTakeFirst();
  const companyDefaults = (await readSettings(db, tenantId)).notificationDefaults;
  if (row) {
    const parsed = notificationPreferencesSchema.safeParse(
      withEveryCategory(JSON.parse(row.preferences), companyDefaults),
    );
    if (parsed.success) return parsed.data;
  }
  return companyDefaults;
}
