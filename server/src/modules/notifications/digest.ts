/**
 * The e-mail digest (docs/notifications.md "E-mail"): on the company's digest days, at each of its times
 * (its time zone), everyone whose e-mail switch is on for a category gets one e-mail listing their unread
 * notifications of those categories that came since the last digest (action items go out on their own, at
 * once). The notifications job runs every quarter of an hour, so a digest leaves within 15 minutes of its
 * time; a day's time is taken once across processes by inserting its row (the table's key).
 */
import { parseNotificationBody } from '../../../../shared/contracts/notifications.js';
import { namespaceTranslator } from '../../../../shared/i18n/index.js';
import { notificationText } from '../../../../shared/notification-text.js';
import { channelOn } from '../../../../shared/notifications.js';
import { dayOfWeek, localDate, localTime } from '../../../../shared/time.js';
import type { Db } from '../../db/engine.js';
import type { Mailer } from '../../mail/mailer.js';
import { recipientLanguage } from '../../mail/language.js';
import { readSettings } from '../tenants/repository.js';
import { preferencesOf } from './repository.js';

/** A digest lists this many at most, then says how many more there are. */
const LINES = 20;
/** Nothing older than this is news in a first digest. */
const FIRST_DIGEST_DAYS = 7;

export async function sendDigests(
  options: { db: Db; mailer: Mailer; publicUrl: string | undefined },
  tenantId: number,
  now: Date,
): Promise<number> {
  const { db } = options;
  const settings = await readSettings(db, tenantId);
  const today = localDate(now, settings.tenant_timezone);
  const time = localTime(now, settings.tenant_timezone);
  if (!settings.notificationDigestDays.includes(dayOfWeek(today))) return 0;
  // The latest of today's times that has come: earlier ones missed (the server was down) fold into it.
  const due = [...settings.notificationDigestTimes]
    .sort()
    .filter((t) => t <= time)
    .at(-1);
  if (!due) return 0;
  const slot = `${today}T${due}`;
  const previous = await db
    .selectFrom('notificationDigests')
    .select((eb) => eb.fn.max('sentAt').as('sentAt'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const taken = await db
    .insertInto('notificationDigests')
    .values({ tenantId, slot, sentAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['tenantId', 'slot']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) return 0;
  const since = previous?.sentAt ?? new Date(now.getTime() - FIRST_DIGEST_DAYS * 86_400_000).toISOString();

  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('employees as e', 'e.id', 'n.recipientId')
    .leftJoin('employees as a', 'a.id', 'n.actorId')
    .select(['n.recipientId', 'n.type', 'n.body', 'a.name as actorName', 'e.email'])
    .where('n.tenantId', '=', tenantId)
    .where('n.kind', '=', 'enable')
    .where('n.readAt', 'is', null)
    .where('n.closedAt', 'is', null)
    .where('n.createdAt', '>', since)
    .where('e.status', '=', 'active')
    .orderBy('n.recipientId')
    .orderBy('n.id', 'desc')
    .execute();
  const byPerson = new Map<number, typeof rows>();
  for (const row of rows) byPerson.set(row.recipientId, [...(byPerson.get(row.recipientId) ?? []), row]);

  let sent = 0;
  for (const [recipientId, items] of byPerson) {
    const preferences = await preferencesOf(db, tenantId, recipientId);
    const wanted = items.filter((i) => channelOn(preferences, 'email', i.type));
    if (wanted.length === 0) continue;
    const language = await recipientLanguage(db, tenantId, recipientId);
    const t = namespaceTranslator(language, 'notifications');
    const lines = wanted.slice(0, LINES).map((i) => {
      const body = parseNotificationBody(i.body);
      return `• ${body ? notificationText(language, i.type, body.params, i.actorName) : ''}`;
    });
    if (wanted.length > LINES) lines.push(`+ ${wanted.length - LINES}`);
    await options.mailer.send({
      tenantId,
      to: wanted[0]!.email,
      subject: t('email.digest.subject', { count: wanted.length }),
      text: t('email.digest.body', { lines: lines.join('\n'), url: `${options.publicUrl ?? ''}/home` }),
    });
    sent += 1;
  }
  return sent;
}
