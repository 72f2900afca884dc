/** A notification written at most once for its subject (the timed ones: a job may see the same state twice). */
import type { Db } from '../../db/engine.js';
import { notify, type NewNotification } from './writer.js';

export async function notifyOnce(
  db: Db,
  tenantId: number,
  n: NewNotification & { subject: string },
  now: Date,
): Promise<number> {
  const seen = await db
    .selectFrom('notifications')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('subject', '=', n.subject)
    .where('type', '=', n.type)
    .executeTakeFirst();
  return seen ? 0 : notify(db, tenantId, n, now);
}
