/**
 * E-mail and push for new notifications (docs/notifications.md "How it arrives"). Every API process hears
 * every change (hub.ts); each claims the recipient's pending notifications with one conditional update, so
 * exactly one process sends each. An action item is e-mailed at once when the person's e-mail switch for
 * its category is on (the rest waits for the digest); every notification goes to the person's browsers by
 * push when their push switch is on. Sending never blocks the request that caused it: it runs after the
 * commit, and push retries with backoff in the background (web-push.ts). A notification claimed by a process
 * that died is claimed again after CLAIM_TIMEOUT_MS by the sweep (the notifications job).
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { channelOn, notificationCategory } from '../../../../shared/notifications.js';
import { notificationLine } from '../../../../shared/notification-text.js';
import { namespaceTranslator } from '../../../../shared/i18n/index.js';
import type { Db } from '../../db/engine.js';
import type { NotificationTable as NotificationRow } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { recipientLanguage } from '../../mail/language.js';
import { preferencesOf } from './repository.js';
import type { NotificationSignal } from './hub.js';

export const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** A push to one person's browsers: answers how many subscriptions it went to (sent in the background). */
export type PushChannel = {
  send(
    tenantId: number,
    employeeId: number,
    payload: { id: number; title: string; body: string; link: string | null },
  ): Promise<number>;
};

export type NotificationDelivery = {
  /** Sends the recipient's pending notifications, once across processes. */
  deliver(signal: NotificationSignal): Promise<number>;
  /** The notifications job: what no process claimed, or a dead one claimed, of one tenant. */
  sweep(tenantId: number): Promise<number>;
  /**
   * Reminds open action items once more on each of `reminderDays` (days after they came), by e-mail and
   * push as the person's switches say; each reminder is taken with a conditional update, so once only.
   */
  remind(tenantId: number, reminderDays: readonly number[]): Promise<number>;
  /** Waits for deliveries in flight (tests, shutdown). */
  idle(): Promise<void>;
};

export function createNotificationDelivery(options: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The app's public address for links in e-mails (PUBLIC_URL); links are paths without it. */
  publicUrl: string | undefined;
  push: PushChannel;
}): NotificationDelivery {
  const { db } = options;
  const inFlight = new Set<Promise<unknown>>();

  async function claim(tenantId: number, recipientId: number, staleBefore?: string) {
    const at = options.now().toISOString();
    let update = db
      .updateTable('notifications')
      .set({ delivery: 'claimed', deliveryAt: at })
      .where('tenantId', '=', tenantId)
      .where('recipientId', '=', recipientId);
    update =
      staleBefore === undefined
        ? update.where('delivery', '=', 'pending')
        : update.where((eb) =>
            eb.or([
              eb('delivery', '=', 'pending'),
              eb.and([eb('delivery', '=', 'claimed'), eb('deliveryAt', '<', staleBefore)]),
            ]),
          );
    return update.returning(['id', 'type', 'kind', 'body', 'actorId', 'closedAt']).execute();
  }

  type Row = {
    id: number;
    type: NotificationRow['type'];
    kind: NotificationRow['kind'];
    body: string;
    actorId: number | null;
    closedAt: string | null;
  };

  async function send(tenantId: number, recipientId: number, rows: readonly Row[], reminder = false) {
    if (rows.length === 0) return 0;
    const [preferences, language, person] = await Promise.all([
      preferencesOf(db, tenantId, recipientId),
      recipientLanguage(db, tenantId, recipientId),
      db
        .selectFrom('employees')
        .select(['email', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', recipientId)
        .executeTakeFirst(),
    ]);
    const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is number => id !== null))];
    const actors = new Map(
      actorIds.length === 0
        ? []
        : (
            await db
              .selectFrom('employees')
              .select(['id', 'name'])
              .where('tenantId', '=', tenantId)
              .where('id', 'in', actorIds)
              .execute()
          ).map((a) => [a.id, a.name]),
    );
    const t = namespaceTranslator(language, 'notifications');
    let sent = 0;
    for (const row of rows) {
      const actorName = row.actorId === null ? undefined : actors.get(row.actorId);
      const line = notificationLine(language, {
        type: row.type,
        body: row.body,
        actor: row.actorId !== null && actorName !== undefined ? { id: row.actorId, name: actorName } : null,
      });
      // Done before it could be sent (answered at once): nothing to say any more.
      if (!line || row.closedAt !== null || person?.status !== 'active') continue;
      const { text, link } = line;
      const url = `${options.publicUrl ?? ''}${link ?? '/home'}`;
      if (row.kind === 'action' && channelOn(preferences, 'email', row.type)) {
        const category = t(`categories.${notificationCategory(row.type)}`);
        await options.mailer.send({
          tenantId,
          to: person.email,
          ...(reminder
            ? { subject: t('email.reminder.subject', { text }), text: t('email.reminder.body', { text, url }) }
            : { subject: t('email.action.subject', { text }), text: t('email.action.body', { text, url, category }) }),
        });
        sent += 1;
      }
      if (channelOn(preferences, 'push', row.type))
        sent += await options.push.send(tenantId, recipientId, {
          id: row.id,
          title: line.title,
          body: text,
          link,
        });
    }
    if (!reminder)
      await db
        .updateTable('notifications')
        .set({ delivery: 'done', deliveryAt: options.now().toISOString() })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    return sent;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  return {
    deliver: (signal) =>
      track(
        claim(signal.tenantId, signal.recipientId)
          .then((rows) => send(signal.tenantId, signal.recipientId, rows))
          .catch((error: unknown) => {
            options.log.error({ err: error, ...signal }, 'notifications could not be delivered; the sweep retries');
            return 0;
          }),
      ),
    async sweep(tenantId) {
      const staleBefore = new Date(options.now().getTime() - CLAIM_TIMEOUT_MS).toISOString();
      const recipients = await db
        .selectFrom('notifications')
        .select('recipientId')
        .distinct()
        .where('tenantId', '=', tenantId)
        .where('delivery', '<>', 'done')
        .execute();
      let sent = 0;
      for (const { recipientId } of recipients)
        sent += await track(
          claim(tenantId, recipientId, staleBefore).then((rows) => send(tenantId, recipientId, rows)),
        );
      return sent;
    },
    async remind(tenantId, reminderDays) {
      let sent = 0;
      for (const [index, days] of reminderDays.entries()) {
        const before = new Date(options.now().getTime() - days * 86_400_000).toISOString();
        const due = await db
          .selectFrom('notifications')
          .select(['id', 'recipientId', 'type', 'kind', 'body', 'actorId', 'closedAt'])
          .where('tenantId', '=', tenantId)
          .where('kind', '=', sql.lit('action'))
          .where('closedAt', 'is', null)
          .where('reminders', '=', index)
          .where('createdAt', '<=', before)
          .execute();
        for (const row of due) {
          const taken = await db
            .updateTable('notifications')
            .set({ reminders: index + 1 })
            .where('id', '=', row.id)
            .where('reminders', '=', index)
            .where('closedAt', 'is', null)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) === 1) sent += await send(tenantId, row.recipientId, [row], true);
        }
      }
      return sent;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
